import AssetCore
import Foundation
import Yams

/// Reads launch image templates (`Templates/Launch/<name>.yml`) the way the manifest is read:
/// through Yams nodes, strictly, every problem with the template file's line and column.
package enum LaunchTemplateLoader {
    package static let topLevelKeys = ["background", "status-bar", "navigation-bar", "toolbar", "tab-bar", "logo"]
    static let navigationBarKeys = ["color", "large-title", "hairline"]
    static let bottomBarKeys = ["color", "items", "tint", "hairline"]
    static let logoKeys = ["source", "size"]
    /// Tint of unselected tab items when the template gives none (UIKit's system grey).
    package static let defaultTint = RGBAColor(red: 0x8E, green: 0x8E, blue: 0x93)
    /// The most items a bar may have (HIG rule 12: 5 on iPhone, 7 on iPad).
    package static let maximumItems = 7

    /// True when a manifest's `template:` is a file path rather than a name.
    package static func isPath(_ text: String) -> Bool {
        text.contains("/") || text.hasSuffix(".yml") || text.hasSuffix(".yaml")
    }

    /// Template names (`.yml` files) found in `directories`, sorted.
    package static func available(in directories: [String]) -> [String] {
        var names: Set<String> = []
        for directory in directories {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            where file.hasSuffix(".yml") {
                names.insert(String(file.dropLast(4)))
            }
        }
        return names.sorted()
    }

    /// Finds the template a launch image names and reads it. A name is looked up as
    /// `<directory>/<name>.yml` in `directories`, first match wins; a path was resolved by the
    /// manifest loader. Errors about finding it point at `reference` (the manifest); errors in
    /// the file point into the file.
    package static func load(_ reference: Located<String>, path: String?,
                             directories: [String]) -> Result<LaunchTemplate, ManifestError> {
        if let path { return load(path: path) }
        for directory in directories {
            let candidate = (directory as NSString).appendingPathComponent(reference.value + ".yml")
            if FileManager.default.fileExists(atPath: candidate) { return load(path: candidate) }
        }
        let known = available(in: directories)
        let guess = Suggestion.closest(to: reference.value, in: known).map { "did you mean \"\($0)\"? " } ?? ""
        return .failure(ManifestError([.error(
            "unknown launch template \"\(reference.value)\"", at: .source(reference.location),
            fix: guess + (known.isEmpty ? "add Templates/Launch/\(reference.value).yml"
                                        : "templates: " + known.joined(separator: ", ")))]))
    }

    /// Reads the template file at `path` (absolute). Relative paths inside it (a logo) resolve
    /// against its folder.
    package static func load(path: String) -> Result<LaunchTemplate, ManifestError> {
        let file = displayPath(path)
        let data: Data
        switch BoundedFile.read(path, limit: Budgets.standard.templateBytes) {
        case .success(let bytes): data = bytes
        case .failure(let failure) where failure.isTooLarge:
            return .failure(ManifestError([.error("launch template \(failure.words(for: "a launch template"))", at: .file(file),
                                                  fix: "check that this is the template you meant")]))
        case .failure:
            return .failure(ManifestError([.error("cannot read launch template", at: .file(file),
                                                  fix: "check that the file exists and is readable")]))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ManifestError([YAMLProblem.notUTF8(data, file: file)]))
        }
        do {
            return .success(try parse(text, file: file, path: path))
        } catch {
            return .failure(error)
        }
    }

    /// Parses template text; `file` names it in messages, `path` (absolute) gives its folder and name.
    package static func parse(_ text: String, file: String, path: String) throws(ManifestError) -> LaunchTemplate {
        let sink = DiagnosticSink(file: file)
        let start = SourceLocation(file: file, line: 1, column: 1)
        let root = try compose(text, file: file, start: start)
        let name = (PathText.lastComponent(path) as NSString).deletingPathExtension
        guard let top = MappingReader(root, context: "launch template \"\(name)\"", sink: sink) else {
            throw ManifestError(sink.diagnostics)
        }
        top.rejectUnknownKeys(allowed: topLevelKeys)
        let background = top.color("background", required: true)
        if let background, background.value.alpha != 255 {
            sink.error("\"background\" of \(top.context) must be opaque (launch images have no transparency)",
                       at: top.place("background"), fix: "drop the alpha digits")
        }
        let style = top.choice("status-bar", from: LaunchTemplate.StatusBarStyle.allCases.map(\.rawValue))
        let navigationBar = readNavigationBar(top)
        let bottomBar = readBottomBar(top, sink: sink)
        let logo = readLogo(top, folder: PathText.parent(path), sink: sink)
        guard sink.diagnostics.isEmpty, let background else { throw ManifestError(sink.diagnostics) }
        return LaunchTemplate(
            name: name, file: file, path: path, location: start, background: background,
            statusBar: style.flatMap { s in LaunchTemplate.StatusBarStyle(rawValue: s.value).map { Located($0, at: s.location) } }
                ?? Located(.default, at: start),
            navigationBar: navigationBar, bottomBar: bottomBar, logo: logo)
    }

    /// The YAML tree of the text, within the alias budget; an empty text or bad YAML is an error.
    static func compose(_ text: String, file: String, start: SourceLocation) throws(ManifestError) -> Node {
        if let problem = YAMLAliasBudget.check(text) { throw ManifestError([problem.diagnostic(file: file)]) }
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ManifestError([.error("launch template is empty", at: .source(start),
                                            fix: "give at least `background:` (see Docs/launch-images.md)")])
            }
            return node
        } catch let error as ManifestError {
            throw error
        } catch let error as YamlError {
            throw ManifestError([ManifestLoader.yamlDiagnostic(error, file: file)])
        } catch {
            throw ManifestError([.error("cannot parse YAML: \(error)", at: .file(file))])
        }
    }

    /// `navigation-bar:`, optional: its colour, large title and hairline.
    static func readNavigationBar(_ top: MappingReader) -> LaunchTemplate.NavigationBar? {
        guard let bar = top.mapping("navigation-bar") else { return nil }
        bar.rejectUnknownKeys(allowed: navigationBarKeys)
        let color = bar.color("color", required: true)
        let large = bar.bool("large-title")
        let hairline = bar.color("hairline")
        guard let color else { return nil }
        return .init(color: color, largeTitle: large?.value ?? false, hairline: hairline?.value,
                     location: top.keyLocation("navigation-bar"))
    }

    /// `toolbar:` or `tab-bar:` (one bottom bar; both is an error): colour, items, tint, hairline.
    static func readBottomBar(_ top: MappingReader, sink: DiagnosticSink) -> LaunchTemplate.BottomBar? {
        var bottomBar: LaunchTemplate.BottomBar?
        for kind in [LaunchTemplate.BottomBar.Kind.toolbar, .tabBar] {
            guard let bar = top.mapping(kind.rawValue) else { continue }
            if bottomBar != nil {
                sink.error("\(top.context) has both \"toolbar\" and \"tab-bar\"; a screen has one bottom bar",
                           at: bar.node, fix: "keep one of them")
                continue
            }
            bar.rejectUnknownKeys(allowed: bottomBarKeys)
            let color = bar.color("color", required: true)
            let items = bar.integer("items", in: 1...maximumItems, required: true)
            let tint = bar.color("tint")
            let hairline = bar.color("hairline")
            if let color, let items {
                bottomBar = .init(kind: kind, color: color, items: items,
                                  tint: tint ?? Located(defaultTint, at: top.keyLocation(kind.rawValue)),
                                  hairline: hairline?.value, location: top.keyLocation(kind.rawValue))
            }
        }
        return bottomBar
    }

    /// `logo:`, optional: a vector file relative to the template's `folder`, and its size.
    static func readLogo(_ top: MappingReader, folder: String, sink: DiagnosticSink) -> LaunchTemplate.Logo? {
        guard let section = top.mapping("logo") else { return nil }
        section.rejectUnknownKeys(allowed: logoKeys)
        var source: SourceFile?
        if let text = section.value("source")?.string,
           !FileManager.default.fileExists(atPath: ManifestLoader.absolutePath(text, relativeTo: folder)) {
            sink.error("\"source\" in \(section.context): file \"\(text)\" does not exist", at: section.place("source"),
                       fix: "check the path; in a template it is relative to the template's folder \"\(displayPath(folder))\"")
        } else {
            source = section.vectorFile("source", relativeTo: folder)
        }
        let size = section.pointSize("size", required: true)
        guard let size, section.value("source") == nil || source != nil else { return nil }
        return .init(source: source, size: size, location: top.keyLocation("logo"))
    }

    /// `path` relative to the current directory when below it (as compilers print paths), else as is.
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
