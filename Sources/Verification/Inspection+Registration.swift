import AssetCatalog
import AssetCore
import AssetPlan
import Foundation

/// The build settings fragments that register app icons (`<Catalog>-Icons.xcconfig`, issue 26):
/// each must be the one the manifest gives, and every name it registers must have its set
/// (an `.appiconset` in the catalog or an `.icon` beside it). A registered name without a set
/// is refused by App Store Connect (ITMS-90895).
extension Inspection {
    func checkRegistration(_ plan: Plan, record: BuildRecord?) {
        let build = "run `assetsmith build`"
        for file in plan.outputFiles ?? [] where file.path.hasSuffix(".xcconfig") {
            let shown = Verifier.sibling(file.path, of: display)
            let path = (plan.outputDirectory as NSString).appendingPathComponent(file.path)
            guard let data = try? BoundedFile.read(path, limit: Budgets.standard.contentsBytes).get() else {
                add(.error, .missingFile, file: shown, asset: nil,
                    message: "the build settings fragment that registers the app icons does not exist", fix: build)
                continue
            }
            if data != Data(file.text.utf8) {
                let modified = record?.outputFiles?[file.path].map { $0.sha256 != Digest.sha256Digest(data) } ?? false
                add(.error, modified ? .modified : .stale, file: shown, asset: nil,
                    message: modified ? "was changed after assetsmith wrote it" : "does not register the icons the manifest gives",
                    fix: build + " (the manifest's `alternates:` and `flavors:` decide what it registers)")
            }
            for (key, names) in settings(String(decoding: data, as: UTF8.self)) {
                for name in names where !hasIconSet(name, outputDirectory: plan.outputDirectory) {
                    let what = key == IconRegistration.alternatesKey ? "alternate icon" : "app icon"
                    add(.error, .missingFile, file: shown, asset: nil,
                        message: "\(what) \"\(name)\" is registered (\(key)) but has no set: no \"\(FolderKind.appIconSet.folder(name))\" in the catalog and no \"\(FolderKind.iconComposer.folder(name))\" beside it; App Store Connect refuses the upload (ITMS-90895)",
                        fix: build + ", or remove \"\(name)\" from the manifest")
                }
            }
        }
    }

    /// The icon names of a fragment's two settings (`KEY = A B "C D"`): the alternates, and the
    /// primary under whatever setting the manifest names (`icon-setting: CE_APPICON_NAME`);
    /// comments skipped.
    func settings(_ text: String) -> [(key: String, names: [String])] {
        var result: [(key: String, names: [String])] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("//") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty,
                  parts[0].allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }) else { continue }
            var names: [String] = []
            var current = "", quoted = false
            for character in parts[1] {
                if character == "\"" {
                    quoted.toggle()
                } else if character == " " && !quoted {
                    if !current.isEmpty { names.append(current) }
                    current = ""
                } else {
                    current.append(character)
                }
            }
            if !current.isEmpty { names.append(current) }
            result.append((parts[0], names))
        }
        return result
    }

    /// An `.appiconset` of that name anywhere in the catalog, or an `.icon` bundle beside it.
    func hasIconSet(_ name: String, outputDirectory: String) -> Bool {
        if sets.contains(where: { FolderKind.appIconSet.names($0.path)
            && FolderKind.appIconSet.name(of: PathText.lastComponent($0.path)) == name }) {
            return true
        }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: (outputDirectory as NSString).appendingPathComponent(FolderKind.iconComposer.folder(name)),
                                              isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
