import AssetCore
import Foundation
import Yams
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and validates a manifest: `ManifestLoader.load(path:)`.
package enum ManifestLoader {
    package static let topLevelKeys = ["table", "output", "catalog", "project", "assets", "tab-bar", "flavors", "flavor-names",
                                        "icon-setting", "verify", "state"]
    package static let kindNames = AssetKindWord.allCases.map(\.rawValue)
    static let appIconKeys = ["name", "kind", "adopt", "folder", "source", "small-source", "background", "layout", dark, tinted,
                              "fill", "layers", "platforms", "macos-style", "top-shelf", "top-shelf-wide",
                              "alternates", "badge"]
    static let imageKeys = ["name", "kind", "adopt", "folder", "source", "page", "size", "scales", "fit", "background", "vector"]

    /// The keys each `kind:` accepts (what the JSON Schema in `schema/` must list, a test says so).
    package static var keysByKind: [String: [String]] {
        let keys: [AssetKindWord: [String]] = [
            .appIcon: appIconKeys, .image: imageKeys, .launchImage: launchImageKeys, .barGlyph: barGlyphKeys,
            .tabIcon: tabIconKeys, .backIndicator: backIndicatorKeys, .control: controlKeys, .symbol: symbolKeys,
        ]
        return Dictionary(uniqueKeysWithValues: keys.map { ($0.key.rawValue, $0.value) })
    }

    /// The app icon's appearance keys: `dark:` and `tinted:` (Contents.json's luminosity values).
    static let dark = Appearance.Luminosity.dark.rawValue
    static let tinted = Appearance.Luminosity.tinted.rawValue

    /// Loads the manifest at `path` (as the user wrote it; relative to the current directory).
    /// `outputOverride` replaces the manifest's `output` (the `--output` flag).
    /// `environment` gives the values of `${NAME}` in badge texts (the CLI passes the process's);
    /// `flavor` limits the flavours expanded to one (`--flavor`).
    /// Throws `ManifestError` with every problem found.
    /// A manifest larger than `budgets.manifestBytes` is refused before it is read.
    package static func load(path: String, outputOverride: String? = nil, budgets: Budgets = .standard,
                             environment: [String: String] = [:], flavor: String? = nil) throws(ManifestError) -> Manifest {
        let absolute = absolutePath(path, relativeTo: FileManager.default.currentDirectoryPath)
        let data: Data
        switch BoundedFile.read(absolute, limit: budgets.manifestBytes) {
        case .success(let bytes): data = bytes
        case .failure(let failure) where failure.isTooLarge:
            throw ManifestError([.error("manifest \"\(path)\" \(failure.words(for: "a manifest"))", at: .file(path),
                                        fix: "check that this is the manifest (a manifest of 50,000 assets is about 4 MB)")
                .with(.manifestBytes)])
        case .failure:
            throw ManifestError([.error("cannot read manifest \"\(path)\"", at: .file(path),
                                        fix: "create it (see Docs/manifest.md)").with(.manifestPath)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ManifestError([YAMLProblem.notUTF8(data, file: path)])
        }
        return try parse(text, file: path, directory: PathText.parent(absolute),
                         outputOverride: outputOverride, environment: environment, flavor: flavor)
    }

    /// Parses manifest text. `file` is used in messages; relative paths resolve against `directory`.
    package static func parse(_ text: String, file: String, directory: String,
                              outputOverride: String? = nil, environment: [String: String] = [:],
                              flavor: String? = nil) throws(ManifestError) -> Manifest {
        let sink = DiagnosticSink(file: file)
        let root = try compose(text, file: file)
        guard let top = MappingReader(root, context: "the manifest", sink: sink) else {
            throw ManifestError(sink.diagnostics)
        }
        top.rejectUnknownKeys(allowed: topLevelKeys)
        let table = top.string("table")
        let output = top.string("output")
        let project = top.string("project")
        let catalog = top.string("catalog")
        let state = top.string("state")
        if let catalog, !AssetName.isValid(catalog.value) {
            sink.error("catalog name \"\(catalog.value)\" is not a valid file name", at: top.place("catalog"),
                       fix: AssetName.rule)
        }
        let listed = readAssetList(top, root: root, directory: directory, sink: sink)
        let flavorNames = readFlavorNames(top, sink: sink)
        let iconSetting = readIconSetting(top, sink: sink)
        let variants = expandVariants(listed.entries, top: top, directory: directory, sink: sink, environment: environment,
                                      flavor: flavor, flavorNames: flavorNames)
        let tabBar = readTabBar(top, sink: sink)
        // `output: MyApp/Assets.xcassets` names the catalog itself.
        let place = CatalogPlace(output: outputOverride ?? output?.value, catalog: catalog?.value)
        let outputDirectory = try readOutputFolder(place, top: top, root: root, catalog: catalog, directory: directory,
                                                   outputOverride: outputOverride, sink: sink)
        if !sink.diagnostics.isEmpty { throw ManifestError(sink.diagnostics) }
        var manifest = Manifest(file: file, directory: directory, table: table,
                                outputDirectory: outputDirectory,
                                catalogName: place.catalogName, assets: variants.assets)
        manifest.tabBar = tabBar
        manifest.patternFolders = listed.patternFolders
        manifest.flavors = variants.flavors
        manifest.iconSetting = iconSetting
        manifest.selectedFlavor = flavor
        manifest.retainedAssets = variants.retained
        manifest.project = project.map { absolutePath($0.value, relativeTo: directory) }
        manifest.namedSources = sink.namedSources
        // `--output` elsewhere takes the state with it (a build of someone's manifest into a
        // folder of one's own writes nothing beside that manifest).
        manifest.stateDirectory = state.map { absolutePath($0.value, relativeTo: directory) }
            ?? (outputOverride != nil ? outputDirectory + "/" + Manifest.defaultStateFolder : Manifest.defaultState(directory: directory, file: file))
        manifest.variables = usedVariables(text, environment: environment)
        manifest.listLines = assetListLines(top, text: text, sink: sink)
        return manifest
    }

    /// The YAML tree of the text, within the alias budget; an empty text or bad YAML is an error.
    static func compose(_ text: String, file: String) throws(ManifestError) -> Node {
        if let problem = YAMLAliasBudget.check(text) {
            throw ManifestError([problem.diagnostic(file: file)])
        }
        do {
            guard let node = try YAMLCompose.compose(text) else {
                throw ManifestError([.error("manifest is empty", at: .source(SourceLocation(file: file, line: 1, column: 1)),
                                            fix: "start from the example in Docs/manifest.md (table, output, assets)")])
            }
            return node
        } catch let error as ManifestError {
            throw error
        } catch let error as YamlError {
            throw ManifestError([yamlDiagnostic(error, file: file)])
        } catch {
            throw ManifestError([.error("cannot parse YAML: \(error)", at: .file(file))])
        }
    }

    /// `assets:`, each item read (source patterns expanded into one asset per file), with the YAML
    /// node each came from and the folders the patterns searched; a name given twice is an error.
    static func readAssetList(_ top: MappingReader, root: Node, directory: String,
                              sink: DiagnosticSink) -> (entries: [(node: Node, entry: AssetEntry)], patternFolders: [String]) {
        var seenNames: [String: SourceLocation] = [:]
        var patternFolders: [String] = []
        var listed: [(node: Node, entry: AssetEntry)] = []
        guard let list = top.value("assets") else {
            sink.error("the manifest is missing the required key \"assets\"", at: root,
                       fix: "add `assets:` with at least one item")
            return (listed, patternFolders)
        }
        guard case .sequence(let sequence) = list else {
            sink.error("\"assets\" must be a list (each item starts with \"- name: …\")", at: list)
            return (listed, patternFolders)
        }
        // Each item read on the cores in runs (issue 50: 50,000 items took 0.6 s on one), then
        // taken in in order: its diagnostics, then whether its name was used before.
        for run in readItems(Array(sequence), directory: directory, file: sink.file) {
            var taken = 0
            func takeDiagnostics(upTo end: Int) {
                for diagnostic in run.sink.diagnostics[taken..<end] { sink.append(diagnostic) }
                taken = end
            }
            for pattern in run.patterns {
                takeDiagnostics(upTo: pattern.diagnostics)
                if let folder = pattern.folder { patternFolders.append(folder) }
                for item in pattern.items {
                    takeDiagnostics(upTo: item.diagnostics)
                    guard let asset = item.asset else { continue }
                    if let first = seenNames[asset.name.lowercased()] {
                        sink.error("asset name \"\(asset.name)\" is used twice (first at line \(first.line))",
                                   at: item.node, fix: "give each asset its own name (names are case-insensitive on disk)")
                    } else {
                        seenNames[asset.name.lowercased()] = asset.location
                    }
                    listed.append((item.node, asset))
                }
            }
            sink.namedSources += run.sink.namedSources
        }
        return (listed, patternFolders)
    }

    /// A run of `assets:` items as read on one thread, with a sink of its own: each pattern's
    /// folder and items, each with how many of the run's diagnostics were made by then.
    private struct ReadRun: @unchecked Sendable {
        struct Item {
            let node: Node
            let asset: AssetEntry?
            let diagnostics: Int
        }

        struct Pattern {
            let folder: String?
            let diagnostics: Int
            var items: [Item] = []
        }

        let sink: DiagnosticSink
        var patterns: [Pattern] = []
    }

    /// The items of `assets:` (`list`), their patterns expanded and each read, in runs over the
    /// cores; the runs in order. A small list is read on the calling thread.
    private static func readItems(_ list: [Node], directory: String, file: String) -> [ReadRun] {
        struct Shared: @unchecked Sendable { let list: [Node] }
        let shared = Shared(list: list)
        let size = 512
        let runs = stride(from: 0, to: list.count, by: size).map { $0..<min($0 + size, list.count) }
        return concurrentMap(runs, lanes: list.count > size ? nil : 1) { range in
            var run = ReadRun(sink: DiagnosticSink(file: file))
            for index in range {
                let (items, folder) = expandPattern(shared.list[index], directory: directory, sink: run.sink)
                var pattern = ReadRun.Pattern(folder: folder, diagnostics: run.sink.diagnostics.count)
                for item in items {
                    let asset = readAsset(item, directory: directory, sink: run.sink)
                    pattern.items.append(ReadRun.Item(node: item, asset: asset, diagnostics: run.sink.diagnostics.count))
                }
                run.patterns.append(pattern)
            }
            return run
        }.compactMap { $0 }
    }

    /// The absolute output folder: `output:` (or `--output`) agreeing with `catalog:`, and never a
    /// system or home folder (with `--output`, that refusal is thrown at once: no node to point at).
    static func readOutputFolder(_ place: CatalogPlace, top: MappingReader, root: Node, catalog: Located<String>?,
                                 directory: String, outputOverride: String?, sink: DiagnosticSink) throws(ManifestError) -> String {
        if let named = place.namedCatalog {
            if !AssetName.isValid(named) {
                sink.error("catalog name \"\(named)\" in \"output\" is not a valid file name", at: top.value("output") ?? root,
                           fix: AssetName.rule)
            } else if outputOverride == nil, let catalog, catalog.value != named {
                sink.error("\"catalog: \(catalog.value)\" disagrees with \"output\", which names the catalog \"\(FolderKind.catalog.folder(named))\" itself",
                           at: top.place("catalog"), fix: "drop `catalog:`, or end `output:` with the folder that holds the catalog")
            }
        }
        let outputBase = outputOverride != nil ? FileManager.default.currentDirectoryPath : directory
        let outputDirectory = absolutePath(place.folder, relativeTo: outputBase)
        if SystemFolders.isProtected(outputDirectory) {
            let real = SystemFolders.realPath(outputDirectory)
            let message = real == outputDirectory
                ? "the output folder \"\(outputDirectory)\" is a system or home folder; refusing to write a catalog into it"
                : "the output folder \"\(outputDirectory)\" leads through a symbolic link to \"\(real)\", a system or home folder; "
                    + "refusing to write a catalog into it"
            if outputOverride == nil, let node = top.value("output") {
                sink.error(message, at: node, fix: "give a folder of your project, such as `output: Output` or the app's `MyApp/Assets.xcassets`")
            } else {
                throw ManifestError(sink.diagnostics + [Diagnostic.error(message, fix: "give a folder of your project (such as `Output`)")
                    .with(.outputFolder)])
            }
        }
        return outputDirectory
    }

    /// The `${NAME}` variables the text names that `environment` sets, with their values: what a
    /// build drew its badges with, kept in the build record so that verify can check against it
    /// when the variable is not set (issue 35).
    static func usedVariables(_ text: String, environment: [String: String]) -> [String: String] {
        var found: [String: String] = [:]
        for name in variableNames(text) { found[name] = environment[name] }
        return found
    }

    /// Every `${NAME}` the text names, once each.
    package static func variableNames(_ text: String) -> Set<String> {
        var names: Set<String> = []
        // Most manifests name none: a look at the bytes for a `$` before a `{` settles that
        // without the search below (read three times a build, issue 38).
        guard mayNameVariables(text) else { return names }
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "}") else { break }
            names.insert(String(rest[..<end]))
            rest = rest[rest.index(after: end)...]
        }
        return names
    }

    /// Whether `text` holds the bytes of `${` anywhere (where `variableNames` can find a name).
    static func mayNameVariables(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$"), byte == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }

    static func readAsset(_ node: Node, directory: String, sink: DiagnosticSink) -> AssetEntry? {
        guard var reader = MappingReader(node, context: "an asset", sink: sink) else { return nil }
        let nameValue = reader.string("name", required: true)
        if let nameValue { reader.context = "asset \"\(nameValue.value)\"" }
        let validName = nameValue.map { AssetName.isValid($0.value) } ?? false
        if let nameValue, !validName {
            sink.error("asset name \"\(nameValue.value)\" cannot be used as a file name", at: reader.place("name"),
                       fix: AssetName.rule)
        }
        let kind = reader.choice("kind", from: kindNames, required: true)
        let entryKind: AssetKind?
        switch kind.flatMap({ AssetKindWord(rawValue: $0.value) }) {
        case .appIcon?:
            reader.rejectUnknownKeys(allowed: appIconKeys)
            entryKind = readAppIcon(reader, directory: directory, sink: sink)
        case .image?:
            reader.rejectUnknownKeys(allowed: imageKeys)
            entryKind = readImage(reader, directory: directory, sink: sink)
        case .launchImage?:
            reader.rejectUnknownKeys(allowed: launchImageKeys)
            entryKind = readLaunchImage(reader, directory: directory, sink: sink)
        case let glyph? where glyph.isGlyph:
            entryKind = readGlyph(glyph, reader, directory: directory, sink: sink)
        case .symbol?:
            entryKind = readSymbol(reader, directory: directory, sink: sink)
        default:
            entryKind = nil
        }
        let adopt = reader.bool("adopt")
        let folder = readFolder(reader, sink: sink)
        guard let nameValue, let entryKind, validName else { return nil }
        var entry = AssetEntry(name: nameValue.value, location: sink.location(node), kind: entryKind)
        entry.adopt = adopt?.value ?? false
        entry.folder = folder
        return entry
    }

    static func readAppIcon(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        if reader.value("layers") != nil {
            return readIconComposer(reader, directory: directory, sink: sink)
        }
        if let fill = reader.value("fill") {
            sink.error("\"fill\" in \(reader.context) is the background of a layered icon, which needs \"layers\"", at: fill,
                       fix: "add `layers: [...]` (bottom to top) to write an Icon Composer .icon, or use \"background\" for a flat icon")
        }
        let flat = readFlatIcon(reader, directory: directory, sink: sink)
        if let flat, let stack = flat.platforms.first(where: \.isStack), let node = reader.value("platforms") {
            sink.error("\"\(stack.rawValue)\" app icons are layered image stacks, made from \"layers\" (\(reader.context) has only \"source\")",
                       at: node, fix: "add `layers: [Assets/Icon/back.svg, Assets/Icon/front.svg]` (back to front) and `fill: \"#RRGGBB\"`, or remove \"\(stack.rawValue)\"")
        }
        for key in ["top-shelf", "top-shelf-wide"] where reader.value(key) != nil {
            sink.error("\"\(key)\" in \(reader.context) is tvOS Top Shelf artwork, for an icon with \"layers\" and tvos in \"platforms\"",
                       at: reader.place(key), fix: "remove it, or add `layers:` and tvos to `platforms:`")
        }
        let dark = reader.sourceFile(Self.dark, relativeTo: directory)
        var tinted: AppIconSpec.TintedSource?
        if let text = reader.string(Self.tinted) {
            if text.value == "auto" {
                tinted = .derived(text.location)
            } else if let file = reader.sourceFile(Self.tinted, relativeTo: directory) {
                tinted = .file(file)
            }
        }
        guard var spec = flat else { return nil }
        spec.dark = dark
        spec.tinted = tinted
        return .appIcon(spec)
    }

    /// The flat icon keys: `source`, `small-source`, `background`, `layout`.
    static func readFlatIcon(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AppIconSpec? {
        let source = reader.sourceFile("source", relativeTo: directory, required: true)
        let small = reader.sourceFile("small-source", relativeTo: directory)
        let background = reader.color("background")
        if let background, background.value.alpha != 255 {
            sink.error("\"background\" of \(reader.context) must be opaque (app icons have no transparency)",
                       at: reader.place("background"), fix: "drop the alpha digits: \"\(RGBAColor(red: background.value.red, green: background.value.green, blue: background.value.blue))\"")
        }
        let layout = reader.string("layout")
        let platforms = readPlatforms(reader, sink: sink)
        let style = reader.choice("macos-style", from: AppIconSpec.MacIconStyle.allCases.map(\.rawValue))
        guard let source else { return nil }
        var spec = AppIconSpec(source: source, smallSource: small, background: background?.value ?? .white,
                               backgroundGiven: background != nil, layout: layout, dark: nil, tinted: nil)
        spec.platforms = platforms ?? [.ios]
        spec.macStyle = style.flatMap { AppIconSpec.MacIconStyle(rawValue: $0.value) } ?? .appleGrid
        return spec
    }

    /// `platforms: [ios, macos, watchos, tvos, visionos]`.
    static func readPlatforms(_ reader: MappingReader, sink: DiagnosticSink) -> [Platform]? {
        guard let node = reader.value("platforms") else { return nil }
        guard case .sequence(let items) = node, !items.isEmpty else {
            sink.error("\"platforms\" in \(reader.context) must be a list such as [ios, macos]", at: node)
            return nil
        }
        var platforms: [Platform] = []
        for item in items {
            let word = item.string ?? ""
            if let platform = Platform(rawValue: word) {
                if platforms.contains(platform) {
                    sink.error("\"\(word)\" appears twice in \"platforms\" of \(reader.context)", at: item, fix: "list each platform once")
                }
                platforms.append(platform)
            } else {
                let names = Platform.allCases.map(\.rawValue)
                let guess = Suggestion.closest(to: word, in: names)
                sink.error("\"\(word)\" in \"platforms\" of \(reader.context) is not a platform", at: item,
                           fix: (guess.map { "did you mean \"\($0)\"? " } ?? "") + "use " + names.joined(separator: ", "))
            }
        }
        return platforms.isEmpty ? nil : platforms
    }

    private static func readImage(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        let source = reader.sourceFile("source", relativeTo: directory, required: true)
        let size = reader.pointSize("size", required: true, limit: .image)
        let scales = reader.scales("scales")
        let fit = reader.choice("fit", from: ImageSpec.Fit.allCases.map(\.rawValue))
        let background = reader.color("background")
        if let background, background.value.alpha != 255 {
            sink.error("\"background\" of \(reader.context) must be opaque (it makes the image opaque RGB)",
                              at: reader.place("background"), fix: "drop the alpha digits, or leave \"background\" out to keep transparency")
        }
        let vector = readVectorOptions(reader, sink: sink)
        let sources = applyVectorOptions(vector, to: [source], reader, sink: sink)
        if vector.format != nil, background != nil {
            refuseDerived("\"background\" (a flattened, opaque image)", reader, sink: sink,
                          fix: "remove \"background\" (draw the background in the artwork), or remove \"vector\"")
        }
        guard let source = sources[0], let size else { return nil }
        var spec = ImageSpec(source: source, size: size.value, scales: scales?.value,
                             fit: fit.flatMap { ImageSpec.Fit(rawValue: $0.value) } ?? .contain,
                             background: background?.value)
        spec.vector = vector.format?.value
        return .image(spec)
    }

    /// A YAML syntax error as a located diagnostic (manifests and launch templates alike).
    static func yamlDiagnostic(_ error: YamlError, file: String) -> Diagnostic {
        YAMLProblem.diagnostic(error, file: file)
    }

    static func absolutePath(_ path: String, relativeTo base: String) -> String {
        PathText.absolute(path, relativeTo: base)
    }
}

/// Where the catalog goes: `output` is the folder that holds `<catalog>.xcassets`, unless it ends in
/// `.xcassets` itself (`output: MyApp/Assets.xcassets`), when it names the catalog.
package struct CatalogPlace: Hashable, Sendable {
    /// The folder that holds the catalog (relative or absolute, as written; `Output` by default).
    package var folder: String
    /// Catalog name without extension.
    package var catalogName: String
    /// The name given by an `output` ending in `.xcassets`, if it does.
    package var namedCatalog: String?

    package init(output: String?, catalog: String?) {
        var written = output ?? "Output"
        while written.count > 1, written.hasSuffix("/") { written.removeLast() }
        if written.hasSuffix(FolderKind.catalog.dottedExtension) {
            let last = PathText.lastComponent(written)
            let named = String(last.dropLast(FolderKind.catalog.dottedExtension.count))
            namedCatalog = named
            let parent = PathText.parent(written)
            folder = parent.isEmpty ? "." : parent
            catalogName = named
        } else {
            folder = written
            catalogName = catalog ?? "Assets"
        }
    }
}
