import AssetCore
import Foundation
import Yams

extension ManifestLoader {
    /// Keys of one layer mapping in `layers:`.
    package static let iconLayerKeys = ["source", "name", "glass", "opacity", "blend-mode", "scale", "offset", "fill"]
    /// Keys of a group (`- layers: [...]` inside `layers:`); a single layer may carry them too.
    package static let iconGroupKeys = ["layers", "shadow", "shadow-opacity", "translucency", "specular", "lighting",
                                        "blur-material"]
    /// Keys of `dark:` and `tinted:` when the icon has layers.
    package static let iconAppearanceKeys = ["fill", "layers"]

    /// `kind: app-icon` with `layers:`. Every problem is reported at its own line; nil when any.
    static func readIconComposer(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        let before = sink.diagnostics.count
        let layersNode = reader.place("layers")
        let fill = iconFill(reader.value("fill"), key: "fill", context: reader.context, sink: sink) ?? .automatic
        let groups = readIconGroups(layersNode, context: reader.context, directory: directory, sink: sink)
        checkLayerNames(groups.flatMap(\.layers), context: reader.context, sink: sink)

        var layerNames: [String] = []
        for name in groups.flatMap(\.layers).map(\.name) where !layerNames.contains(name) { layerNames.append(name) }
        let dark = iconAppearance(Self.dark, reader, layerNames: layerNames, directory: directory, sink: sink)
        let tinted = iconAppearance(Self.tinted, reader, layerNames: layerNames, directory: directory, sink: sink)
        checkLayerFileNames(groups.flatMap(\.layers).map(\.source) + [dark, tinted].compactMap({ $0?.sources }).flatMap(\.values),
                            sink: sink)

        var flat = readIconComposerFlat(reader, directory: directory, sink: sink)
        // Platforms: with `source:` they were read with the flat icon.
        let platforms = (reader.value("source") != nil ? flat?.platforms : readPlatforms(reader, sink: sink)) ?? [.ios]
        var macStyle = AppIconSpec.MacIconStyle.appleGrid
        if reader.value("source") == nil, let style = reader.choice("macos-style", from: AppIconSpec.MacIconStyle.allCases.map(\.rawValue)) {
            macStyle = AppIconSpec.MacIconStyle(rawValue: style.value) ?? .appleGrid
        }
        if var given = flat {
            given.platforms = platforms.filter { !$0.isStack }
            flat = given
            if given.platforms.isEmpty, let node = reader.value("source") {
                sink.error("\"source\" in \(reader.context) is for the flat ios, macos and watchos icons, but \"platforms\" lists none of them",
                           at: node, fix: "remove \"source\" (tvOS and visionOS stacks are made from \"layers\"), or add ios to \"platforms\"")
            }
        }
        checkSolidFill(fill, platforms: platforms, reader, sink: sink)
        let stackFiles = readTopShelf(reader, platforms: platforms, directory: directory, sink: sink)
        guard sink.diagnostics.count == before, !groups.isEmpty else { return nil }
        var spec = IconComposerSpec(fill: fill, groups: groups, dark: dark, tinted: tinted, flat: flat,
                                    location: sink.location(layersNode))
        spec.platforms = platforms
        spec.platformsLocation = reader.value("platforms").map(sink.location)
        spec.fillLocation = reader.value("fill").map(sink.location)
        spec.topShelf = stackFiles["top-shelf"]
        spec.topShelfWide = stackFiles["top-shelf-wide"]
        spec.macStyle = macStyle
        return .iconComposer(spec)
    }

    /// `layers:`: a non-empty list of layers and groups, bottom to top.
    private static func readIconGroups(_ layersNode: Node, context: String, directory: String, sink: DiagnosticSink) -> [IconGroupSpec] {
        guard case .sequence(let items) = layersNode, !items.isEmpty else {
            sink.error("\"layers\" in \(context) must be a list of layer files, bottom to top", at: layersNode,
                       fix: "write it as [Assets/Icon/back.svg, Assets/Icon/front.svg]")
            return []
        }
        return items.compactMap { iconGroup($0, context: context, directory: directory, sink: sink) }
    }

    /// Two different layer files of one file name would be one `Assets/<name>` in the .icon.
    private static func checkLayerFileNames(_ files: [SourceFile], sink: DiagnosticSink) {
        var imageOwners: [String: SourceFile] = [:]
        for file in files.sorted(by: { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }) {
            let imageName = PathText.lastComponent(file.path)
            if let first = imageOwners[imageName.lowercased()], first.path != file.path {
                sink.errorAt(
                    "layer file \"\(file.written)\" has the same file name as \"\(first.written)\" (line \(first.location.line)); both would be \"Assets/\(imageName)\" in the .icon",
                    file.location, fix: "rename one of the two files")
            } else if imageOwners[imageName.lowercased()] == nil {
                imageOwners[imageName.lowercased()] = file
            }
        }
    }

    /// The flat icons written beside the .icon (`source:`); without `source:`, the flat icon's own
    /// keys are errors.
    private static func readIconComposerFlat(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AppIconSpec? {
        if reader.value("source") != nil { return readFlatIcon(reader, directory: directory, sink: sink) }
        for key in ["small-source", "background", "layout"] where reader.value(key) != nil {
            sink.error("\"\(key)\" in \(reader.context) is for flat icons, which need \"source\"", at: reader.place(key),
                       fix: "remove it (the .icon's background is \"fill\"), or add `source:` to also write your own flat icons as \"\(FolderKind.appIconSet.folder("<name>" + IconComposerSpec.flatSuffix))\"")
        }
        return nil
    }

    /// Stacks (and macOS and watchOS icons drawn from the layers) need one solid fill behind them.
    private static func checkSolidFill(_ fill: IconFill, platforms: [Platform], _ reader: MappingReader,
                                       sink: DiagnosticSink) {
        let drawnOnFill = platforms.filter(\.isStack).map(\.rawValue)
            + (reader.value("source") == nil ? platforms.filter { $0 == .macos || $0 == .watchos }.map(\.rawValue) : [])
        guard !drawnOnFill.isEmpty, !fill.isSolid else { return }
        let message = "\(reader.context) needs \"fill\" as one colour for \(drawnOnFill.joined(separator: ", ")): "
            + "the layers are drawn over it so that the back of the icon is opaque"
        if let node = reader.value("fill") {
            sink.error(message + " (a gradient or automatic fill cannot be)", at: node, fix: "write `fill: \"#RRGGBB\"` (quoted)")
        } else if let node = reader.value("platforms") {
            sink.error(message, at: node, fix: "add `fill: \"#RRGGBB\"` (the colour behind the layers)")
        }
    }

    /// `top-shelf:` and `top-shelf-wide:`, tvOS artwork: an error unless `platforms:` lists tvos.
    private static func readTopShelf(_ reader: MappingReader, platforms: [Platform], directory: String,
                                     sink: DiagnosticSink) -> [String: SourceFile] {
        var stackFiles: [String: SourceFile] = [:]
        for key in ["top-shelf", "top-shelf-wide"] where reader.value(key) != nil {
            guard let file = reader.sourceFile(key, relativeTo: directory) else { continue }
            if platforms.contains(.tvos) {
                stackFiles[key] = file
            } else {
                sink.error("\"\(key)\" in \(reader.context) is tvOS Top Shelf artwork, but \"platforms\" does not list tvos",
                           at: reader.place(key), fix: "add tvos to `platforms:`, or remove \"\(key)\"")
            }
        }
        return stackFiles
    }

    /// One item of `layers:`: a path, a layer mapping, or a group (`layers:` inside).
    private static func iconGroup(_ node: Node, context: String, directory: String, sink: DiagnosticSink) -> IconGroupSpec? {
        if case .scalar = node {
            guard let layer = iconLayer(node, context: context, directory: directory, sink: sink) else { return nil }
            return IconGroupSpec(layers: [layer], location: sink.location(node))
        }
        guard var reader = MappingReader(node, context: "a layer of \(context)", sink: sink) else { return nil }
        var layers: [IconLayerSpec] = []
        if let inner = reader.value("layers") {
            reader.context = "a group of \(context)"
            reader.rejectUnknownKeys(allowed: iconGroupKeys)
            if case .sequence(let items) = inner, !items.isEmpty {
                for item in items {
                    if let layer = iconLayer(item, context: context, directory: directory, sink: sink) { layers.append(layer) }
                }
            } else {
                sink.error("\"layers\" in \(reader.context) must be a list of layer files, bottom to top", at: inner,
                           fix: "write it as [Assets/Icon/a.svg, Assets/Icon/b.svg]")
            }
        } else {
            reader.rejectUnknownKeys(allowed: iconLayerKeys + iconGroupKeys.filter { $0 != "layers" })
            if let layer = iconLayer(node, context: context, directory: directory, sink: sink, checkKeys: false) {
                layers.append(layer)
                reader.context = "layer \"\(layer.name)\" of \(context)"
            }
        }
        var group = IconGroupSpec(layers: layers, location: sink.location(node))
        group.shadow = reader.choice("shadow", from: IconComposerFormat.ShadowKind.allCases.map(\.rawValue))?.value
        group.shadowOpacity = fraction("shadow-opacity", reader, sink: sink)
        group.translucency = fraction("translucency", reader, sink: sink)
        group.specular = reader.bool("specular")?.value
        group.lighting = reader.choice("lighting", from: IconComposerFormat.Lighting.allCases.map(\.rawValue))?.value
        group.blurMaterial = fraction("blur-material", reader, sink: sink)
        return layers.isEmpty ? nil : group
    }

    /// One layer: a path (`Assets/Icon/front.svg`) or a mapping with `source:` and properties.
    private static func iconLayer(_ node: Node, context: String, directory: String, sink: DiagnosticSink,
                                  checkKeys: Bool = true) -> IconLayerSpec? {
        if case .scalar(let scalar) = node {
            guard let file = layerFile(scalar.string, at: node, key: "layers", context: context, directory: directory,
                                       sink: sink) else { return nil }
            return IconLayerSpec(name: defaultLayerName(file), source: file)
        }
        guard var reader = MappingReader(node, context: "a layer of \(context)", sink: sink) else { return nil }
        if checkKeys { reader.rejectUnknownKeys(allowed: iconLayerKeys) }
        let name = reader.string("name")
        if let name { reader.context = "layer \"\(name.value)\" of \(context)" }
        guard let written = reader.string("source", required: true) else { return nil }
        guard let file = layerFile(written.value, at: reader.place("source"), key: "source", context: reader.context,
                                   directory: directory, sink: sink) else { return nil }
        if name == nil { reader.context = "layer \"\(defaultLayerName(file))\" of \(context)" }
        var layer = IconLayerSpec(name: name?.value ?? defaultLayerName(file), source: file)
        layer.glass = reader.bool("glass")?.value
        layer.opacity = fraction("opacity", reader, sink: sink)
        layer.blendMode = reader.choice("blend-mode", from: IconComposerFormat.BlendMode.allCases.map(\.rawValue))?.value
        if reader.value("scale") != nil {
            layer.scale = number("scale", reader, sink: sink, range: 0.01...10, unit: "times the artwork's size")
        }
        if let offset = reader.value("offset") {
            var values: [Double] = []
            if case .sequence(let items) = offset, items.count == 2 {
                values = items.compactMap { $0.string.flatMap(Double.init) }.filter { $0.isFinite && abs($0) <= 2048 }
            }
            if values.count == 2 {
                layer.offset = values
            } else {
                sink.error("\"offset\" in \(reader.context) must be two numbers of points, [x, y]", at: offset,
                           fix: "write it as [0, -40] (x to the right, y down, each within ±2048)")
            }
        }
        layer.fill = iconFill(reader.value("fill"), key: "fill", context: reader.context, sink: sink)
        return layer
    }

    /// A layer file: an existing `.svg` or `.png`.
    private static func layerFile(_ written: String, at node: Node, key: String, context: String, directory: String,
                                  sink: DiagnosticSink) -> SourceFile? {
        let ext = (written as NSString).pathExtension.lowercased()
        guard ext == "svg" || ext == "png" else {
            sink.error("layer \"\(written)\" in \"\(key)\" of \(context) is not an .svg or .png file", at: node,
                       fix: IconLayerRule.fileTypeFix)
            return nil
        }
        let path = absolutePath(written, relativeTo: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            sink.error("layer file \"\(written)\" in \"\(key)\" of \(context) does not exist", at: node,
                       fix: "check the path; it is relative to the manifest's folder")
            return nil
        }
        return SourceFile(path: path, written: written, location: sink.location(node))
    }

    private static func defaultLayerName(_ file: SourceFile) -> String {
        (PathText.lastComponent(file.path) as NSString).deletingPathExtension
    }

    private static func checkLayerNames(_ layers: [IconLayerSpec], context: String, sink: DiagnosticSink) {
        var seen: [String: IconLayerSpec] = [:]
        for layer in layers {
            if let first = seen[layer.name] {
                sink.errorAt("two layers of \(context) are named \"\(layer.name)\" (first at line \(first.source.location.line))",
                             layer.source.location,
                             fix: "give one of them its own `name:` (dark: and tinted: name layers to replace them)")
            } else {
                seen[layer.name] = layer
            }
        }
    }

    /// `dark:` / `tinted:` of an icon with layers: `{ fill: …, layers: { <layer name>: file } }`.
    private static func iconAppearance(_ key: String, _ reader: MappingReader, layerNames: [String], directory: String,
                                       sink: DiagnosticSink) -> IconAppearanceSpec? {
        guard let node = reader.value(key) else { return nil }
        guard case .mapping = node, let inner = reader.mapping(key) else {
            sink.error("\"\(key)\" in \(reader.context) must be a mapping of what changes in the \(key) appearance, since the icon has layers",
                       at: node, fix: "write `\(key): { fill: \"#1B1B1F\", layers: { <layer name>: Assets/Icon/\(key).svg } }`")
            return nil
        }
        inner.rejectUnknownKeys(allowed: iconAppearanceKeys)
        let fill = iconFill(inner.value("fill"), key: "fill", context: inner.context, sink: sink)
        var sources: [String: SourceFile] = [:]
        if let layersNode = inner.value("layers") {
            if case .mapping(let mapping) = layersNode, !mapping.isEmpty {
                for (nameNode, fileNode) in mapping {
                    let name = nameNode.string ?? ""
                    guard layerNames.contains(name) else {
                        let guess = Suggestion.closest(to: name, in: layerNames).map { "did you mean \"\($0)\"? " } ?? ""
                        sink.error("\"\(key)\" of \(reader.context) replaces layer \"\(name)\", which the icon does not have",
                                   at: nameNode, fix: guess + "layers: " + layerNames.map { "\"\($0)\"" }.joined(separator: ", "))
                        continue
                    }
                    guard case .scalar(let scalar) = fileNode else {
                        sink.error("layer \"\(name)\" in \"\(key)\" of \(reader.context) must be a file path", at: fileNode)
                        continue
                    }
                    if let file = layerFile(scalar.string, at: fileNode, key: "layers", context: inner.context,
                                            directory: directory, sink: sink) {
                        sources[name] = file
                    }
                }
            } else {
                sink.error("\"layers\" in \(inner.context) must map layer names to files", at: layersNode,
                           fix: "write it as { front: Assets/Icon/front-\(key).svg }")
            }
        }
        if fill == nil, sources.isEmpty, inner.value("fill") == nil, inner.value("layers") == nil {
            sink.error("\"\(key)\" in \(reader.context) changes nothing", at: node,
                       fix: "give `fill:` or `layers:`, or remove \"\(key)\"")
        }
        return IconAppearanceSpec(fill: fill, sources: sources, location: sink.location(node))
    }

    /// `fill:`: `automatic`, `"#RRGGBB"` or `{ gradient: ["#RRGGBB", "#RRGGBB"] }` (top to bottom).
    static func iconFill(_ node: Node?, key: String, context: String, sink: DiagnosticSink) -> IconFill? {
        guard let node else { return nil }
        let fix = "write \"#RRGGBB\" (quoted), automatic, or { gradient: [\"#RRGGBB\", \"#RRGGBB\"] } (top to bottom)"
        switch node {
        case .scalar(let scalar):
            if scalar.string == "automatic" { return .automatic }
            if let color = RGBAColor(hex: scalar.string) { return .solid(color) }
        case .mapping:
            guard let inner = MappingReader(node, context: "\"\(key)\" of \(context)", sink: sink) else { return nil }
            inner.rejectUnknownKeys(allowed: ["gradient"])
            guard let list = inner.value("gradient") else { break }
            if case .sequence(let items) = list, items.count == 2,
               let top = items[0].string.flatMap(RGBAColor.init(hex:)),
               let bottom = items[1].string.flatMap(RGBAColor.init(hex:)) {
                return .gradient(top, bottom)
            }
            sink.error("\"gradient\" in \"\(key)\" of \(context) must be two colours", at: list, fix: fix)
            return nil
        default:
            break
        }
        sink.error("\"\(key)\" in \(context) is not a fill", at: node, fix: fix)
        return nil
    }

    /// A number from 0 to 1, or nil (with a diagnostic when present but wrong).
    private static func fraction(_ key: String, _ reader: MappingReader, sink: DiagnosticSink) -> Double? {
        guard let text = reader.string(key) else { return nil }
        guard let value = Double(text.value), value >= 0, value <= 1 else {
            sink.error("\"\(key)\" in \(reader.context) is \"\(text.value)\", not a number from 0 to 1", at: reader.place(key),
                       fix: "write a fraction such as 0.5")
            return nil
        }
        return value
    }
}
