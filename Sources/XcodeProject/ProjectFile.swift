/// XcodeProject: reads an Xcode project's `project.pbxproj` (an old-style "OpenStep" property list,
/// through Foundation's `PropertyListSerialization`, which reads that format on Linux as on macOS)
/// and learns, per target, what it builds and which app icons and catalogs it compiles. It never
/// writes and never prints.
import AssetCore
import Foundation

/// Entry point: `ProjectFile.load(_:)` → the project's targets.
package struct ProjectFile: Equatable, Sendable {
    /// The `.xcodeproj` folder.
    package var path: String
    /// The folder `<group>`- and project-relative paths start from (`SRCROOT`).
    package var sourceRoot: String
    package var targets: [Target]
    /// Absolute paths of the project's file-system-synchronized folders (Xcode 16's
    /// `PBXFileSystemSynchronizedRootGroup`), sorted: Xcode copies what is in them into the product.
    package var synchronizedFolders: [String] = []

    package init(path: String, sourceRoot: String, targets: [Target]) {
        self.path = path
        self.sourceRoot = sourceRoot
        self.targets = targets
    }

    /// The largest `project.pbxproj` read: 64 MB (a project of thousands of files is about 5 MB).
    package static let maximumBytes = 64 << 20

    /// Reads `App.xcodeproj` (or its `project.pbxproj`). Info.plist files of app extensions are read
    /// too, for their extension point; one that is missing leaves the point unknown.
    package static func load(_ url: URL) throws(ProjectError) -> ProjectFile {
        let projectURL = url.lastPathComponent == "project.pbxproj" ? url.deletingLastPathComponent() : url
        let shown = projectURL.path
        guard projectURL.pathExtension == "xcodeproj" else {
            throw ProjectError(path: shown, message: "is not an Xcode project (an .xcodeproj folder)")
        }
        let fileURL = projectURL.appendingPathComponent("project.pbxproj")
        let data: Data
        switch BoundedFile.read(fileURL.path, limit: maximumBytes) {
        case .success(let bytes): data = bytes
        case .failure(let failure) where failure.isTooLarge:
            throw ProjectError(path: fileURL.path, message: failure.words(for: "a project file")
                + " (the largest real ones are a few MB); it was not read")
        case .failure:
            throw ProjectError(path: shown, message: "has no readable project.pbxproj")
        }
        let plist: Any
        do {
            var format = PropertyListSerialization.PropertyListFormat.openStep
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            // The old-style parser's own words say where ("Missing ';' on line 5").
            let detail = oldStyleDetail(error) ?? (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? error.localizedDescription
            throw ProjectError(path: fileURL.path, message: "is not a property list Xcode reads: "
                + detail.prefix(1).lowercased() + detail.dropFirst())
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any],
              let rootID = root["rootObject"] as? String, let project = objects[rootID] as? [String: Any] else {
            throw ProjectError(path: fileURL.path, message: "has no root project object (objects, rootObject)")
        }
        var sourceRoot = projectURL.deletingLastPathComponent().standardizedFileURL.path
        if let dir = project["projectDirPath"] as? String, !dir.isEmpty {
            sourceRoot = dir.hasPrefix("/") ? dir : URL(fileURLWithPath: sourceRoot).appendingPathComponent(dir).standardizedFileURL.path
        }
        let graph = ObjectGraph(objects: objects, sourceRoot: sourceRoot)
        let projectSettings = graph.configurations(of: project)
        // A target listed twice is one target.
        var seen: Set<String> = []
        let targets = (project["targets"] as? [String] ?? []).filter { seen.insert($0).inserted }.compactMap { id in
            graph.target(id, projectSettings: projectSettings)
        }
        var file = ProjectFile(path: shown, sourceRoot: sourceRoot, targets: targets)
        file.synchronizedFolders = Array(Set(graph.synchronizedGroups.compactMap { graph.path(of: $0) })).sorted()
        return file
    }

    /// What Assetsmith may have left inside a synchronized folder, where Xcode copies every file
    /// into the product, dot files included (tuist/tuist#11534: a `.gitkeep` in a buildable folder
    /// is bundled; two fail the build with "Multiple commands produce"): a `.assetsmith` state
    /// folder (builds before issue 47 kept it beside the catalog), and a catalog inside a hidden
    /// folder (the adoption backups kept there). At most 12 levels and `budget` folders listed.
    package func assetsmithLeftovers(budget: Int = 20_000) -> [(path: String, folder: String)] {
        var found: [(path: String, folder: String)] = []
        var budget = budget
        for root in synchronizedFolders {
            var queue: [(String, Int, Bool)] = [(root, 0, false)]
            while let (folder, depth, hidden) = queue.popLast(), budget > 0 {
                budget -= 1
                guard depth < 12, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
                for name in names.sorted() {
                    let path = folder + "/" + name
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                          (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil else { continue }
                    if name == ".assetsmith" || (hidden && FolderKind.catalog.names(name)) {
                        found.append((path, root))
                    } else if !FolderKind.catalog.names(name) {
                        queue.append((path, depth + 1, hidden || name.hasPrefix(".")))
                    }
                }
            }
        }
        return found
    }
}

/// The old-style parser's message in a `PropertyListSerialization` error (its
/// `kCFPropertyListOldStyleParsingError`): an NSError on macOS, an unbridged CFError on Linux, whose
/// description holds the message in quotes (`Error Domain=… Code=3840 "Missing ';' on line 5" …`).
private func oldStyleDetail(_ error: Error) -> String? {
    guard let nested = (error as NSError).userInfo["kCFPropertyListOldStyleParsingError"] else { return nil }
    if let nested = nested as? NSError, let text = nested.userInfo[NSDebugDescriptionErrorKey] as? String { return text }
    let text = String(describing: nested)
    guard let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"") else { return nil }
    return String(text[text.index(after: open)..<close])
}

/// Seen by tests and `XCConfig`: how a list setting splits into words, and how levels layer.
enum ObjectGraphLayer {
    static func words(_ text: String) -> [String] { ObjectGraph.words(text) }
    static func layer(_ lower: [String: [String]], _ upper: [String: [String]]) -> [String: [String]] {
        ObjectGraph.layer(lower, upper)
    }
}

/// The `objects` table of a project file, and how to walk it.
struct ObjectGraph {
    let objects: [String: Any]
    let sourceRoot: String
    /// Child → parent group.
    let parents: [String: String]
    /// The ids of every file-system-synchronized folder, sorted.
    let synchronizedGroups: [String]
    /// Folders found under each synchronized folder (`resourceFolders`), read once per project.
    let folders = FolderCache()

    init(objects: [String: Any], sourceRoot: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in (object as? [String: Any])?["children"] as? [String] ?? [] { parents[child] = id }
        }
        self.parents = parents
        synchronizedGroups = objects.compactMap { id, object in
            ((object as? [String: Any])?["isa"] as? String) == "PBXFileSystemSynchronizedRootGroup" ? id : nil
        }.sorted()
    }

    func object(_ id: String) -> [String: Any]? {
        objects[id] as? [String: Any]
    }

    /// The absolute path of a file reference or group; nil for a path relative to something outside
    /// the project (the SDK, built products).
    func path(of id: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = object(id) else { return nil }
        let own = object["path"] as? String
        switch object["sourceTree"] as? String ?? "<group>" {
        case "<absolute>": return own
        case "SOURCE_ROOT": return join(sourceRoot, own)
        case "<group>":
            guard let parent = parents[id] else { return join(sourceRoot, own) }  // the main group
            return path(of: parent, depth: depth + 1).map { join($0, own) }
        default: return nil
        }
    }

    func join(_ base: String, _ path: String?) -> String {
        guard let path, !path.isEmpty else { return base }
        return URL(fileURLWithPath: base).appendingPathComponent(path).standardizedFileURL.path
    }

    /// Each configuration's settings by name, from an object's build configuration list: its base
    /// configuration file (`.xcconfig`, with its `#include`s) under its own build settings, each
    /// `$(inherited)` standing for the level below (`base`: the project's, for a target).
    func configurations(of owner: [String: Any], base: [(name: String, settings: [String: [String]])] = [])
        -> [(name: String, settings: [String: [String]])] {
        guard let listID = owner["buildConfigurationList"] as? String, let list = object(listID) else { return [] }
        return (list["buildConfigurations"] as? [String] ?? []).compactMap { id in
            guard let configuration = object(id), let name = configuration["name"] as? String else { return nil }
            var settings: [String: [String]] = [:]
            // A setting is kept as written: one string (a string setting is one value, spaces
            // and all), or the elements of a list written as an array. Lists are split where they
            // are read (`BuildConfiguration.listValues`).
            for (key, value) in configuration["buildSettings"] as? [String: Any] ?? [:] {
                if let list = value as? [String] {
                    settings[key] = list
                } else if let text = value as? String {
                    settings[key] = [text]
                }
            }
            let below = base.first { $0.name == name }?.settings ?? [:]
            let file = xcconfigPath(of: configuration).map { XCConfig.settings(atPath: $0) } ?? [:]
            return (name, Self.layer(Self.layer(below, file), settings))
        }
    }

    /// `upper` over `lower`, `$(inherited)` in an upper value replaced by the lower one (an element
    /// that is only `$(inherited)` by the lower elements, inside a string by their text).
    static func layer(_ lower: [String: [String]], _ upper: [String: [String]]) -> [String: [String]] {
        var result = lower
        for (key, values) in upper {
            let below = lower[key] ?? []
            result[key] = values.flatMap { value -> [String] in
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                if trimmed == "$(inherited)" || trimmed == "${inherited}" { return below }
                guard value.contains("inherited") else { return [value] }
                let text = below.joined(separator: " ")
                let replaced = value.replacingOccurrences(of: "$(inherited)", with: text)
                    .replacingOccurrences(of: "${inherited}", with: text)
                return [replaced.trimmingCharacters(in: .whitespaces)]
            }.filter { !$0.isEmpty }
        }
        return result
    }

    /// The base configuration file of a build configuration: a file reference
    /// (`baseConfigurationReference`), or a path inside a synchronized folder (Xcode 16's
    /// `baseConfigurationReferenceAnchor` and `…RelativePath`).
    private func xcconfigPath(of configuration: [String: Any]) -> String? {
        if let reference = configuration["baseConfigurationReference"] as? String {
            return path(of: reference)
        }
        if let anchor = configuration["baseConfigurationReferenceAnchor"] as? String,
           let relative = configuration["baseConfigurationReferenceRelativePath"] as? String, let folder = path(of: anchor) {
            return join(folder, relative)
        }
        return nil
    }

    /// A list setting's words: Xcode splits list settings at spaces outside quotes, and a
    /// backslash keeps the next character (`Light\\ Mode` is one word).
    static func words(_ text: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " || character == "\t" {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    func target(_ id: String, projectSettings: [(name: String, settings: [String: [String]])]) -> Target? {
        guard let object = object(id), (object["isa"] as? String) == "PBXNativeTarget",
              let name = object["name"] as? String else { return nil }
        let configurations = configurations(of: object, base: projectSettings).map { configuration in
            BuildConfiguration(name: configuration.name,
                               settings: configuration.settings.mapValues { $0.filter { $0 != "$(inherited)" && $0 != "${inherited}" } })
        }
        var built: [String] = []
        for phaseID in object["buildPhases"] as? [String] ?? [] {
            guard let phase = self.object(phaseID), (phase["isa"] as? String) == "PBXResourcesBuildPhase" else { continue }
            for fileID in phase["files"] as? [String] ?? [] {
                guard let reference = self.object(fileID)?["fileRef"] as? String, let path = path(of: reference) else { continue }
                built.append(path)
            }
        }
        for groupID in object["fileSystemSynchronizedGroups"] as? [String] ?? [] {
            built += synchronizedResources(group: groupID, target: id, member: true)
        }
        // Files of other targets' synchronized folders that an exception set adds to this one.
        let own = Set(object["fileSystemSynchronizedGroups"] as? [String] ?? [])
        for groupID in synchronizedGroups where !own.contains(groupID) {
            built += synchronizedResources(group: groupID, target: id, member: false)
        }
        let catalogs = Set(built.filter { FolderKind.catalog.names($0) }).sorted()
        let bundles = Set(built.filter { FolderKind.iconComposer.names($0) }).sorted()
        let sdk = configurations.lazy.compactMap { $0.settings["SDKROOT"]?.first }.first
        let identifier = object["productType"] as? String ?? ""
        var point: String?
        if identifier.contains("extension") {
            point = extensionPoint(configurations)
        }
        let phases = scriptPhases(of: object, catalogs: catalogs, settings: configurations.first?.settings ?? [:])
        return Target(name: name, productType: ProductType(identifier: identifier, extensionPoint: point), sdk: sdk,
                      configurations: configurations, catalogs: catalogs, iconBundles: bundles, scriptPhases: phases)
    }

    /// Catalogs and `.icon` bundles in a file-system-synchronized folder that belong to the target:
    /// for a member target, all but its exceptions; for another target, only the exceptions that
    /// name it (Xcode's exception sets flip membership).
    private func synchronizedResources(group groupID: String, target: String, member: Bool) -> [String] {
        guard let group = object(groupID), let root = path(of: groupID) else { return [] }
        var exceptions: Set<String> = []
        for setID in group["exceptions"] as? [String] ?? [] {
            guard let set = object(setID), (set["isa"] as? String) == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                  (set["target"] as? String) == target else { continue }
            exceptions.formUnion(set["membershipExceptions"] as? [String] ?? [])
        }
        if !member {
            return exceptions.filter { FolderKind.catalog.names($0) || FolderKind.iconComposer.names($0) }
                .map { URL(fileURLWithPath: root).appendingPathComponent($0).standardizedFileURL.path }
        }
        return folders.resourceFolders(under: root).filter { path in
            !exceptions.contains(String(path.dropFirst(root.count + 1)))
        }
    }

    /// `.xcassets` and `.icon` folders under `root` (not inside one another, nor inside hidden
    /// folders or other bundles), at most 12 levels down and at most `budget` folders listed (a
    /// synchronized folder at `/` or `/usr` is not walked whole).
    static func resourceFolders(under root: String, budget: inout Int) -> [String] {
        var found: [String] = []
        var queue: [(String, Int)] = [(root, 0)]
        while let (folder, depth) = queue.popLast() {
            guard budget > 0 else { break }
            budget -= 1
            guard depth < 12, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                      (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil else { continue }
                let ext = (name as NSString).pathExtension
                if FolderKind.catalog.names(name) || FolderKind.iconComposer.names(name) {
                    found.append(path)
                } else if ext.isEmpty || ext == "lproj" {
                    queue.append((path, depth + 1))
                }
            }
        }
        return found
    }

    /// `NSExtension.NSExtensionPointIdentifier` (or ExtensionKit's `EXAppExtensionAttributes.
    /// EXExtensionPointIdentifier`) of the target's Info.plist, from the first configuration that
    /// names a readable one.
    private func extensionPoint(_ configurations: [BuildConfiguration]) -> String? {
        for configuration in configurations {
            guard let file = configuration.settings["INFOPLIST_FILE"]?.joined(separator: " "), !file.isEmpty else { continue }
            var path = file
            for variable in ["$(SRCROOT)", "${SRCROOT}", "$(PROJECT_DIR)", "${PROJECT_DIR}", "$(SOURCE_ROOT)"] {
                path = path.replacingOccurrences(of: variable, with: sourceRoot)
            }
            if !path.hasPrefix("/") { path = sourceRoot + "/" + path }
            guard case .success(let data) = BoundedFile.read(path, limit: 4 << 20),
                  let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
            else { continue }
            if let point = (plist["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String {
                return point
            }
            if let point = (plist["EXAppExtensionAttributes"] as? [String: Any])?["EXExtensionPointIdentifier"] as? String {
                return point
            }
        }
        return nil
    }
}

/// The folders listed under each synchronized folder, kept for one project read: a hundred
/// references to one folder cost one walk, and all walks together list at most 20,000 folders.
final class FolderCache: @unchecked Sendable {
    private var found: [String: [String]] = [:]
    private var budget: Int
    /// Folders listed so far (for tests).
    private(set) var listed = 0

    init(budget: Int = 20_000) {
        self.budget = budget
    }

    func resourceFolders(under root: String) -> [String] {
        if let known = found[root] { return known }
        let before = budget
        let result = ObjectGraph.resourceFolders(under: root, budget: &budget)
        listed += before - budget
        found[root] = result
        return result
    }
}
