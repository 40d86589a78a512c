import AssetCore
import AssetSpec

/// Plain images (`kind: image`): one point size, written at each scale into an imageset.
enum ImagePlanner {
    static func plan(_ asset: AssetEntry, _ spec: ImageSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        let folder = asset.name + ".imageset"
        var images: [JSONValue] = []
        if let format = spec.vector {
            images += GlyphPlanner.vectorEntries(asset, setName: asset.name, source: spec.source, sizes: [(.regular, spec.size)],
                                                 format: format, fit: spec.fit == .fill ? .fill : .contain, effect: .none,
                                                 part: &part)
        }
        for scale in GlyphPlanner.scales(spec.scales, vector: spec.vector, table: table) {
            guard let pixels = spec.size.pixels(at: scale) else {
                part.diagnostics.append(.error(
                    WholePixels.problem("image \"\(asset.name)\" is \(spec.size) pt", at: scale),
                    at: .source(asset.location), fix: WholePixels.fix))
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
        var contents: JSONValue = ["images": .array(images), "info": CatalogEntry.info]
        if spec.vector != nil {
            contents = ["images": .array(images), "info": CatalogEntry.info,
                        "properties": ["preserves-vector-representation": true]]
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: folder, contents: contents))
        return part
    }
}
