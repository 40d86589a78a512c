import AssetCore
import AssetPlan
import AssetSpec
import BundledTemplates
import Foundation
import Verification

/// Where requirement tables (and other templates) are found, first match wins:
/// `$ASSETSMITH_TEMPLATES`, `Templates/` beside the manifest, then `Templates/` in a folder above
/// the executable (a SwiftPM build inside the repository) or `share/assetsmith/Templates` beside it
/// (`make install`, Homebrew), then the resource bundle SwiftPM builds beside the executable (a
/// binary built in another package, as the command plugin's is: `BundledTemplates`).
package enum TemplateLocator {
    package static func templateDirectories(manifest: Manifest) -> [String] {
        templateDirectories(manifestDirectory: manifest.directory)
    }

    package static func templateDirectories(manifestDirectory: String) -> [String] {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["ASSETSMITH_TEMPLATES"], !env.isEmpty {
            candidates.append(env)
        }
        // Looked for by listing the manifest's folder, not by a look at the path itself: an Xcode
        // script phase's sandbox lets the phase list the folders above its declared files, and
        // denies a look at an undeclared path under the project (issue 47).
        if ((try? FileManager.default.contentsOfDirectory(atPath: manifestDirectory)) ?? []).contains("Templates") {
            candidates.append((manifestDirectory as NSString).appendingPathComponent("Templates"))
        }
        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().path
        if let executable {
            var folder = PathText.parent(executable)
            candidates.append((folder as NSString).appendingPathComponent("../share/assetsmith/Templates"))
            while folder != "/" && !folder.isEmpty {
                candidates.append((folder as NSString).appendingPathComponent("Templates"))
                folder = PathText.parent(folder)
            }
        }
        if let bundled = BundledTemplates.directory(besideExecutable: executable) { candidates.append(bundled) }
        var seen: Set<String> = []
        return candidates.map { ($0 as NSString).standardizingPath }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                && seen.insert(path).inserted
        }
    }

    /// The manifest's JSON Schema (`Templates/Schema/assetsmith.schema.json`), if it is installed.
    package static func schemaPath(manifestDirectory: String) -> String? {
        templateDirectories(manifestDirectory: manifestDirectory).lazy
            .map { ($0 as NSString).appendingPathComponent("Schema/assetsmith.schema.json") }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The tvOS and visionOS facts verify checks stacks against: from `table` (the plan's), or the
    /// newest table when it is nil or has no tvOS and visionOS sections.
    package static func stackRules(table: String?, manifestDirectory: String) -> StackRules? {
        let directories = templateDirectories(manifestDirectory: manifestDirectory)
            .map { ($0 as NSString).appendingPathComponent("Tables") }
        let reference = SourceLocation(file: "", line: 0, column: 0)
        for name in [table, TableLoader.newest(in: directories)].compactMap({ $0 }) {
            if case .success(let loaded) = TableLoader.load(name, from: directories, reference: reference),
               let rules = StackRules(table: loaded) {
                return rules
            }
        }
        return nil
    }

    package static func tableDirectories(manifest: Manifest) -> [String] {
        templateDirectories(manifest: manifest).map { ($0 as NSString).appendingPathComponent("Tables") }
    }
}
