import AssetCore
import AssetSpec

/// Plain images (`kind: image`): one point size, written at each scale into an imageset.
enum ImagePlanner {
    static func plan(_ asset: AssetEntry, _ spec: ImageSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        let folder = asset.name + ".imageset"
        var images: [JSONValue] = []
        for scale in spec.scales ?? table.imageScales {
            guard let pixels = spec.size.pixels(at: scale) else {
                part.diagnostics.append(.error(
                    "image \"\(asset.name)\" is \(spec.size) pt, which is not a whole number of pixels at \(scale)",
                    at: .source(asset.location),
                    fix: "use a point size that gives whole pixels at every scale (e.g. a multiple of 1 pt, or 0.5 pt without @3x)"))
                continue
            }
            let file = asset.name + scale.fileSuffix + ".png"
            part.jobs.append(RenderJob(
                output: folder + "/" + file, asset: asset.name, slot: "\(spec.size)pt \(scale)", scale: scale,
                source: Planner.sourceRef(spec.source), pixelSize: pixels,
                fit: spec.fit == .fill ? .fill : .contain, background: spec.background, channels: spec.background == nil ? .rgba : .rgb,
                origin: spec.source.location))
            images.append(["filename": .string(file), "idiom": "universal", "scale": .string(scale.rawValue)])
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: folder,
                                         contents: ["images": .array(images), "info": CatalogEntry.info]))
        return part
    }
}
