import AssetCore
import AssetSpec

/// tvOS and visionOS app icons: layered image stacks from an icon's `layers:` (listed bottom to
/// top in the manifest, as for the `.icon`; the stacks' Contents.json list them front to back).
///
/// - tvOS: `<Name> & Top Shelf Image.brandassets` with the App Store and Home Screen
///   `.imagestack`s (one `.imagestacklayer` with a `Content.imageset` per layer) and the Top
///   Shelf images, all sizes from the table's `tv-icon`.
/// - visionOS: `<Name>.solidimagestack` with Front, Middle and Back `.solidimagestacklayer`s
///   (table `vision-icon`); with two layers the middle one is left without a file, as Xcode does.
///
/// Every layer is drawn at each output's own pixel size, placed to fit (aspect kept, centred:
/// never stretched); the back layer is flattened onto the icon's one-colour `fill`, so it is
/// opaque. Top Shelf images come from `top-shelf:` / `top-shelf-wide:`, or are the layers
/// composed on the fill.
enum StackPlanner {
    static func plan(_ asset: AssetEntry, _ spec: IconComposerSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        if spec.platforms.contains(.tvos) { planTV(asset, spec, table: table, into: &part) }
        if spec.platforms.contains(.visionos) { planVision(asset, spec, table: table, into: &part) }
        return part
    }

    /// The flat icon set made from the layers on the fill when the manifest gives macos or watchos
    /// but no `source:` (nil otherwise); its jobs draw the other layers over the bottom one.
    static func composedFlat(_ asset: AssetEntry, _ spec: IconComposerSpec, table: RequirementTable) -> AssetPlanPart? {
        let platforms = spec.platforms.filter { $0 == .macos || $0 == .watchos }
        guard spec.flat == nil, !platforms.isEmpty, let bottom = spec.layers.first, let fill = spec.fill.solidColor else { return nil }
        let flat = AppIconSpec(composedFrom: bottom.source, background: fill, platforms: platforms, macStyle: spec.macStyle)
        let setName = spec.writesIconBundle ? asset.name + IconComposerSpec.flatSuffix : asset.name
        var part = AppIconPlanner.plan(asset, flat, table: table, setName: setName)
        // Composed square from 5:3 (or any) layers: each layer drawn to fit, never stretched.
        let overlays = spec.layers.dropFirst().map { Planner.sourceRef($0.source) }
        part.jobs = part.jobs.map { job in
            var job = job
            job.overlays = Array(overlays)
            job.fit = .contain
            return job
        }
        return part
    }

    // MARK: tvOS

    private static func planTV(_ asset: AssetEntry, _ spec: IconComposerSpec, table: RequirementTable,
                               into part: inout AssetPlanPart) {
        guard let tv = table.tvIcon else {
            part.diagnostics.append(.error("table \"\(table.name)\" has no tvOS app icon sizes",
                                           at: .source(spec.platformsLocation ?? asset.location),
                                           fix: "use table ios16 or later, or remove tvos from \"platforms\""))
            return
        }
        let layers = spec.layers
        guard let names = tv.layerNames[String(layers.count)], names.count == layers.count else {
            part.diagnostics.append(.error(
                "\"layers\" of asset \"\(asset.name)\" has \(layers.count) layer\(layers.count == 1 ? "" : "s"); a tvOS image stack needs \(tv.layerCounts.lowerBound) to \(tv.layerCounts.upperBound)",
                at: .source(spec.location),
                fix: layers.count < tv.layerCounts.lowerBound
                    ? "add a layer: the back (listed first, drawn on \"fill\") and at least one in front of it, so that the icon moves in parallax"
                    : "merge layers until there are at most \(tv.layerCounts.upperBound)"))
            return
        }
        let brand = FolderKind.brandAssets.folder(asset.name + tv.folderSuffix)
        var assets: [JSONValue] = []
        for stack in tv.stacks {
            guard let points = stack.points else {
                part.diagnostics.append(.error("table \"\(table.name)\" has a malformed tvOS stack size \"\(stack.size)\"", fix: "fix the table file"))
                continue
            }
            planTVStack(asset, spec, stack: stack, points: points, names: names, brand: brand, into: &part)
            assets.append(brandEntry(filename: stack.filename, role: stack.role, size: stack.size))
        }
        for shelf in tv.images {
            guard let points = shelf.points else {
                part.diagnostics.append(.error("table \"\(table.name)\" has a malformed Top Shelf size \"\(shelf.size)\"", fix: "fix the table file"))
                continue
            }
            planTopShelf(asset, spec, shelf: shelf, points: points, brand: brand, into: &part)
            assets.append(brandEntry(filename: shelf.filename, role: shelf.role, size: shelf.size))
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: brand,
                                         contents: ["assets": .array(assets), ContentsFormat.info: CatalogEntry.info]))
    }

    /// One entry of the brand assets' `assets` list (always the `tv` idiom).
    private static func brandEntry(filename: String, role: String, size: String) -> JSONValue {
        .object([ContentsKey.filename.rawValue: .string(filename), ContentsKey.idiom.rawValue: .string(Idiom.tv.rawValue),
                 ContentsKey.role.rawValue: .string(role), ContentsKey.size.rawValue: .string(size)])
    }

    /// One image stack of the brand assets (the App Store or the Home Screen icon): a layer set for
    /// each layer, back drawn on the fill, and the stack's Contents.json listing them.
    private static func planTVStack(_ asset: AssetEntry, _ spec: IconComposerSpec, stack: TVIconRequirements.Stack,
                                    points: PointSize, names: [String], brand: String, into part: inout AssetPlanPart) {
        let layers = spec.layers
        let stackFolder = brand + "/" + stack.filename
        let tag = "tv-" + stack.size
        var layerList: [JSONValue] = []
        for (index, name) in names.enumerated() {
            let layer = layers[layers.count - 1 - index]
            let isBack = index == names.count - 1
            let layerFolder = stackFolder + "/" + FolderKind.imageStackLayer.folder(name)
            let content = layerFolder + "/" + FolderKind.layerContent
            var images: [ContentsImage] = []
            for scale in stack.scales.map({ $0.map(Optional.some) }) ?? [nil] {
                guard let pixels = points.pixels(at: scale ?? .x1) else { continue }
                let file = "\(asset.name)-\(tag)-\(name.replacingOccurrences(of: " ", with: ""))\(scale?.fileSuffix ?? "").png"
                part.jobs.append(RenderJob(
                    output: content + "/" + file, asset: asset.name,
                    slot: "tvOS \(stack.use) \(stack.size)pt\(scale.map { " \($0)" } ?? "") layer \(name)",
                    scale: scale ?? .x1, source: Planner.sourceRef(layer.source), pixelSize: pixels, fit: .contain,
                    background: isBack ? spec.fill.solidColor : nil, channels: isBack ? .rgb : .rgba, origin: layer.source.location))
                images.append(ContentsImage(filename: file, idiom: .tv, scale: scale))
            }
            part.entries.append(CatalogEntry(asset: asset.name, folder: content,
                                             contents: ContentsDocument(images: images).json))
            part.entries.append(CatalogEntry(asset: asset.name, folder: layerFolder, contents: [ContentsFormat.info: CatalogEntry.info]))
            layerList.append([ContentsKey.filename.rawValue: .string(FolderKind.imageStackLayer.folder(name))])
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: stackFolder,
                                         contents: [ContentsFormat.info: CatalogEntry.info, "layers": .array(layerList)]))
    }

    /// One Top Shelf image set: the given artwork, or the layers composited, on the fill.
    private static func planTopShelf(_ asset: AssetEntry, _ spec: IconComposerSpec, shelf: TVIconRequirements.Image,
                                     points: PointSize, brand: String, into part: inout AssetPlanPart) {
        let layers = spec.layers
        let given = shelf.sourceKey == "top-shelf-wide" ? spec.topShelfWide : spec.topShelf
        let folder = brand + "/" + shelf.filename
        let word = shelf.sourceKey == "top-shelf-wide" ? "TopShelfWide" : "TopShelf"
        var images: [ContentsImage] = []
        for idiom in shelf.idioms {
            for scale in shelf.scales {
                guard let pixels = points.pixels(at: scale) else { continue }
                let file = "\(asset.name)-\(word)\(idiom == Idiom.tv.rawValue ? "" : "-" + idiom)-\(shelf.size)\(scale.fileSuffix).png"
                let source = given ?? layers[0].source
                var job = RenderJob(
                    output: folder + "/" + file, asset: asset.name, slot: "tvOS \(shelf.role) \(shelf.size)pt \(scale) (\(idiom))",
                    scale: scale, source: Planner.sourceRef(source), pixelSize: pixels, fit: .contain,
                    background: spec.fill.solidColor, channels: .rgb, origin: source.location)
                if given == nil, layers.count > 1 { job.overlays = layers.dropFirst().map { Planner.sourceRef($0.source) } }
                part.jobs.append(job)
                images.append(ContentsImage(filename: file, idiom: idiom, scale: scale))
            }
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: folder,
                                         contents: ContentsDocument(images: images).json))
    }

    // MARK: visionOS

    private static func planVision(_ asset: AssetEntry, _ spec: IconComposerSpec, table: RequirementTable,
                                   into part: inout AssetPlanPart) {
        guard let vision = table.visionIcon, let points = PointSize(parsing: vision.size),
              let pixels = points.pixels(at: vision.scale) else {
            part.diagnostics.append(.error("table \"\(table.name)\" has no visionOS app icon size",
                                           at: .source(spec.platformsLocation ?? asset.location),
                                           fix: "use table ios16 or later, or remove visionos from \"platforms\""))
            return
        }
        let layers = spec.layers
        let empty = vision.emptyLayers[String(layers.count)] ?? []
        guard let names = vision.layerNames[String(layers.count)], names.count - empty.count == layers.count else {
            part.diagnostics.append(.error(
                "\"layers\" of asset \"\(asset.name)\" has \(layers.count) layer\(layers.count == 1 ? "" : "s"); a visionOS icon needs \(vision.layerCounts.lowerBound) to \(vision.layerCounts.upperBound): a back layer and one or two in front of it",
                at: .source(spec.location),
                fix: layers.count < vision.layerCounts.lowerBound
                    ? "add a layer in front of the back one (visionOS shows the layers in depth)"
                    : "merge layers until there are at most \(vision.layerCounts.upperBound), or remove visionos from \"platforms\""))
            return
        }
        let stack = FolderKind.solidImageStack.folder(asset.name)
        var remaining = Array(layers.reversed()) // front first
        var layerList: [JSONValue] = []
        for (index, name) in names.enumerated() {
            let layerFolder = stack + "/" + FolderKind.solidImageStackLayer.folder(name)
            let content = layerFolder + "/" + FolderKind.layerContent
            var image = ContentsImage(filename: nil, idiom: .vision, scale: vision.scale)
            if !empty.contains(name) {
                let layer = remaining.removeFirst()
                let isBack = index == names.count - 1
                let file = "\(asset.name)-vision-\(name.replacingOccurrences(of: " ", with: "")).png"
                part.jobs.append(RenderJob(
                    output: content + "/" + file, asset: asset.name, slot: "visionOS \(vision.size)pt \(vision.scale) layer \(name)",
                    scale: vision.scale, source: Planner.sourceRef(layer.source), pixelSize: pixels, fit: .contain,
                    background: isBack ? spec.fill.solidColor : nil, channels: isBack ? .rgb : .rgba, origin: layer.source.location))
                image.fields[.filename] = .string(file)
            }
            part.entries.append(CatalogEntry(asset: asset.name, folder: content,
                                             contents: ContentsDocument(images: [image]).json))
            part.entries.append(CatalogEntry(asset: asset.name, folder: layerFolder, contents: [ContentsFormat.info: CatalogEntry.info]))
            layerList.append([ContentsKey.filename.rawValue: .string(FolderKind.solidImageStackLayer.folder(name))])
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: stack,
                                         contents: [ContentsFormat.info: CatalogEntry.info, "layers": .array(layerList)]))
    }
}
