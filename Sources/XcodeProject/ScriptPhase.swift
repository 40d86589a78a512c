import AssetCore
import Foundation

/// A Run Script phase (`PBXShellScriptBuildPhase`) of a target that writes into one of the
/// catalogs the target compiles: it declares the catalog, a folder inside it or the folder holding
/// it as an output (its Output Files, or a line of its Output File Lists), or its script names the
/// catalog's folder. What the build puts there cannot be known from the checkout.
package struct ScriptPhase: Equatable, Sendable {
    /// The phase's name as Xcode shows it (`Run Script` when it has none).
    package var name: String
    /// Absolute paths of the target's catalogs the phase fills, sorted.
    package var catalogs: [String]
    /// True when the phase declares them as outputs; false when only its script names them.
    package var declared: Bool

    package init(name: String, catalogs: [String], declared: Bool) {
        self.name = name
        self.catalogs = catalogs
        self.declared = declared
    }

    /// True when `output` (an absolute path) is `catalog`, inside it, or a folder holding it.
    static func covers(_ output: String, _ catalog: String) -> Bool {
        output == catalog || output.hasPrefix(catalog + "/") || catalog.hasPrefix(output + "/")
    }

    /// True when `script` names the catalog's folder (`DerivedAssets.xcassets`) as a whole word:
    /// not `Assets.xcassets` inside `DerivedAssets.xcassets`.
    static func names(_ script: String, catalogFolder: String) -> Bool {
        var searchStart = script.startIndex
        while let range = script.range(of: catalogFolder, range: searchStart..<script.endIndex) {
            let before = range.lowerBound == script.startIndex ? nil : script[script.index(before: range.lowerBound)]
            if let before, before.isLetter || before.isNumber || before == "_" || before == "-" || before == "." {
                searchStart = range.upperBound
                continue
            }
            return true
        }
        return false
    }
}

extension ObjectGraph {
    /// The Run Script phases of a target object that fill one of `catalogs`.
    func scriptPhases(of target: [String: Any], catalogs: [String], settings: [String: [String]]) -> [ScriptPhase] {
        guard !catalogs.isEmpty else { return [] }
        var phases: [ScriptPhase] = []
        for phaseID in target["buildPhases"] as? [String] ?? [] {
            guard let phase = object(phaseID), (phase["isa"] as? String) == "PBXShellScriptBuildPhase" else { continue }
            let name = (phase["name"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "Run Script"
            var outputs = (phase["outputPaths"] as? [String] ?? []).map { resolve($0, settings) }
            for list in phase["outputFileListPaths"] as? [String] ?? [] {
                outputs += fileList(resolve(list, settings)).map { resolve($0, settings) }
            }
            let declared = catalogs.filter { catalog in outputs.contains { ScriptPhase.covers($0, catalog) } }
            let script = phase["shellScript"] as? String ?? ""
            let named = catalogs.filter { ScriptPhase.names(script, catalogFolder: URL(fileURLWithPath: $0).lastPathComponent) }
            if !declared.isEmpty {
                phases.append(ScriptPhase(name: name, catalogs: Set(declared + named).sorted(), declared: true))
            } else if !named.isEmpty {
                phases.append(ScriptPhase(name: name, catalogs: named.sorted(), declared: false))
            }
        }
        return phases
    }

    /// The lines of an `.xcfilelist` (blank lines and `#` comments left out); none when it cannot
    /// be read (a list the build writes). At most 1 MB is read.
    private func fileList(_ path: String) -> [String] {
        guard case .success(let data) = BoundedFile.read(path, limit: 1 << 20),
              let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A path as Xcode writes it in a phase (`$(SRCROOT)/Generated/Assets.xcassets`,
    /// `${PROJECT_DIR}/…`, or relative to the project's folder) made absolute; a variable other
    /// than the source root's is replaced by the target's setting when it has one.
    private func resolve(_ path: String, _ settings: [String: [String]]) -> String {
        var text = path
        for root in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
            for form in ["$(\(root))", "${\(root)}", "$\(root)"] {
                text = text.replacingOccurrences(of: form, with: sourceRoot)
            }
        }
        for (key, value) in settings where text.contains("$") && value.count == 1 {
            text = text.replacingOccurrences(of: "$(\(key))", with: value[0]).replacingOccurrences(of: "${\(key)}", with: value[0])
        }
        return text.hasPrefix("/") ? URL(fileURLWithPath: text).standardizedFileURL.path : join(sourceRoot, text)
    }
}
