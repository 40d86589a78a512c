import AssetCore
import AssetSpec

/// Plain images (`kind: image`): one point size, written at each scale into an imageset.
enum ImagePlanner {
    static func plan(_ asset: AssetEntry, _ spec: ImageSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        let folder = FolderKind.imageSet.folder(asset.name)
        var images: [ContentsImage] = []
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
            images.append(ContentsImage(filename: file, scale: scale))
        }
        let properties: [String: JSONValue] = spec.vector != nil ? ["preserves-vector-representation": true] : [:]
        part.entries.append(CatalogEntry(asset: asset.name, folder: folder,
                                         contents: ContentsDocument(images: images, properties: properties).json))
        return part
    }
}
