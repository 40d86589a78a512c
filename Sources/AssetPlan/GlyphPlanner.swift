import AssetCore
import AssetSpec

/// What the glyph planners share: the table's glyph section, and the jobs and Contents.json
/// entries of one imageset holding a regular and, optionally, a compact (`height-class`) size.
enum GlyphPlanner {
    /// A size class of a glyph imageset.
    enum SizeClass: String {
        case regular
        case compact
    }

    /// The table's glyph section, or an error naming the table.
    static func requirements(_ asset: AssetEntry, table: RequirementTable,
                             part: inout AssetPlanPart) -> GlyphRequirements? {
        if let glyphs = table.glyphs { return glyphs }
        part.diagnostics.append(.error(
            "requirement table \"\(table.name)\" has no glyph sizes, so \(asset.kind.keyword) \"\(asset.name)\" cannot be planned",
            at: .source(asset.location), fix: "use table ios7 or later (e.g. `table: ios18`)"))
        return nil
    }

    /// Jobs and `images` entries for one imageset: every size at every scale.
    /// Files are `<set><-compact><@scale>.png`; compact entries carry `"height-class" : "compact"`.
    static func imageset(_ asset: AssetEntry, setName: String, source: SourceFile,
                         sizes: [(SizeClass, PointSize)], scales: [Scale], effect: Effect,
                         part: inout AssetPlanPart) -> [ContentsImage] {
        let folder = FolderKind.imageSet.folder(setName)
        var images: [ContentsImage] = []
        for (sizeClass, size) in sizes {
            for scale in scales {
                guard let pixels = size.pixels(at: scale) else {
                    part.diagnostics.append(.error(
                        WholePixels.problem("\(asset.kind.keyword) \"\(asset.name)\" is \(size) pt (\(sizeClass.rawValue))", at: scale),
                        at: .source(asset.location), fix: WholePixels.fix))
                    continue
                }
                let suffix = sizeClass == .compact ? "-compact" : ""
                let file = setName + suffix + scale.fileSuffix + ".png"
                part.jobs.append(RenderJob(
                    output: folder + "/" + file, asset: asset.name,
                    slot: "\(setName) \(sizeClass.rawValue) \(size)pt \(scale)", scale: scale,
                    source: Planner.sourceRef(source), pixelSize: pixels, fit: .contain, background: nil,
                    effect: effect, channels: .rgba, origin: source.location))
                var image = ContentsImage(filename: file, scale: scale)
                if sizeClass == .compact { image.heightClass = "compact" }
                images.append(image)
            }
        }
        return images
    }

    /// Contents.json of a glyph imageset with its template rendering intent (and
    /// `preserves-vector-representation` when it holds a vector file).
    static func contents(_ images: [ContentsImage], template: Bool, vector: Bool = false) -> JSONValue {
        var properties: [String: JSONValue] = ["template-rendering-intent": .string(template ? "template" : "original")]
        if vector { properties["preserves-vector-representation"] = true }
        return ContentsDocument(images: images, properties: properties).json
    }

    /// The scales PNGs are written at: for a vector asset only the `scales` it lists (fallbacks
    /// beside the vector file), otherwise those or the table's.
    static func scales(_ given: [Scale]?, vector: VectorFormat?, table: RequirementTable) -> [Scale] {
        vector != nil ? (given ?? []) : (given ?? table.imageScales)
    }

    /// Jobs and `images` entries for the vector files of one imageset: one single-scale file per
    /// size (no `scale` key), `<set><-compact>.pdf` (or `.svg`), its page the size in points.
    static func vectorEntries(_ asset: AssetEntry, setName: String, source: SourceFile,
                              sizes: [(SizeClass, PointSize)], format: VectorFormat, fit: Fit = .contain,
                              effect: Effect, part: inout AssetPlanPart) -> [ContentsImage] {
        var images: [ContentsImage] = []
        for (sizeClass, size) in sizes {
            let suffix = sizeClass == .compact ? "-compact" : ""
            let file = setName + suffix + "." + format.rawValue
            part.jobs.append(RenderJob(
                output: FolderKind.imageSet.folder(setName) + "/" + file, asset: asset.name,
                slot: "\(setName) \(sizeClass.rawValue) \(size)pt \(format.rawValue)", scale: .x1,
                source: Planner.sourceRef(source),
                pixelSize: PixelSize(width: max(1, Int(size.width.rounded(.up))), height: max(1, Int(size.height.rounded(.up)))),
                fit: fit, background: nil, effect: effect, channels: .rgba, origin: source.location,
                vector: VectorOutput(format: format, size: size)))
            var image = ContentsImage(filename: file)
            if sizeClass == .compact { image.heightClass = "compact" }
            images.append(image)
        }
        return images
    }

    /// A warning when `size` exceeds the table's `maximum` (both in points).
    static func checkMaximum(_ asset: AssetEntry, size: Located<PointSize>?, maximum: String,
                             box: String, table: RequirementTable, part: inout AssetPlanPart) {
        guard let size, let max = PointSize(parsing: maximum),
              size.value.width > max.width || size.value.height > max.height else { return }
        part.diagnostics.append(.warning(
            "\(asset.kind.keyword) \"\(asset.name)\" is \(size.value) pt, larger than the \(max) pt maximum of table \"\(table.name)\"",
            at: .source(size.location),
            fix: "use a size of at most \(max) pt, or leave \"size\" out for the \(box) pt box"))
    }
}
