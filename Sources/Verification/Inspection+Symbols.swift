import AssetCatalog
import AssetCore
import Foundation
import Symbols

extension Inspection {
    /// Custom symbol sets (`.symbolset`), ours and hand-made: Contents.json names one template
    /// SVG per appearance (`symbols`, idiom `universal`; Xcode writes a second entry with
    /// `"appearances"` luminosity dark for a Dark template) that is in the folder, no other SVG sits beside it
    /// (Xcode calls that an unassigned child), and the template has what Xcode needs
    /// (`SymbolSetCheck`: template version, the three variants, guides, classes, interpolation).
    func checkSymbolSets() {
        for set in sets where FolderKind(rawValue: set.folderExtension) == .symbolSet {
            guard case .success(let contents) = set.contents else { continue }
            let contentsFile = shown(set.path + "/Contents.json")
            let symbols = contents["symbols"]?.arrayValue ?? []
            let named = symbols.compactMap { $0[.filename]?.stringValue }
            guard !named.isEmpty else {
                add(.warning, .symbol, file: contentsFile, asset: set.path,
                    message: "names no template in \"symbols\": the symbol set \"\(set.name)\" draws nothing",
                    fix: "add `\"symbols\" : [ { \"filename\" : \"\(set.name).svg\", \"idiom\" : \"universal\" } ]` and the template")
                continue
            }
            // One template per appearance: Xcode itself writes a second entry for Dark
            // (`"appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ]`).
            var byAppearance: [String: [String]] = [:]
            for entry in symbols {
                guard let file = entry[.filename]?.stringValue else { continue }
                byAppearance[Self.appearanceKey(entry), default: []].append(file)
            }
            for (appearance, files) in byAppearance.sorted(by: { $0.key < $1.key }) where files.count > 1 {
                add(.warning, .symbol, file: contentsFile, asset: set.path,
                    message: "names \(files.count) templates for \(appearance) in \"symbols\" (\(files.joined(separator: ", "))); "
                        + "which one Xcode uses is not known",
                    fix: "keep one template per appearance (Xcode's Appearances menu writes one entry for Any and one for Dark)")
            }
            for entry in symbols where entry[.idiom]?.stringValue != Idiom.universal.rawValue {
                add(.warning, .symbol, file: contentsFile, asset: set.path,
                    message: "a \"symbols\" entry of \"\(set.name)\" has the idiom \"\(entry[.idiom]?.stringValue ?? "")\"; Xcode writes \"universal\"",
                    fix: "set \"idiom\" to \"universal\"")
            }
            for file in set.files where file.lowercased().hasSuffix(".svg") && !named.contains(file) {
                add(.warning, .unassigned, file: shown(set.path + "/" + file), asset: set.path,
                    message: "is not the template of the symbol set \"\(set.name)\" (unassigned child)",
                    fix: "delete it, or name it in Contents.json (one template per appearance)")
            }
            for file in named {
                let relative = set.path + "/" + file
                guard let data = data(relative) else {
                    if reportedMissing.insert(relative).inserted {
                        add(.error, .missingFile, file: shown(relative), asset: set.path,
                            message: "is the template of the symbol set \"\(set.name)\" but is missing",
                            fix: "export the template again into the set, or build it with assetsmith")
                    }
                    continue
                }
                checkedFiles.insert(relative)
                if Self.isLFSPointer(data) {
                    lfsPointers.append(relative)
                    continue
                }
                for problem in SymbolSetCheck.problems(template: data, name: file) {
                    let severity: Diagnostic.Severity = problem.level == .error ? .error : problem.level == .warning ? .warning : .note
                    add(severity, Finding.Rule(rawValue: problem.rule) ?? .symbol, file: shown(relative), asset: set.path,
                        message: problem.message, fix: problem.fix)
                }
            }
        }
    }

    /// `the Any appearance` or `luminosity dark`: the appearances a `symbols` entry is for.
    static func appearanceKey(_ entry: JSONValue) -> String {
        let pairs = (entry[.appearances]?.arrayValue ?? []).map { item in
            "\(item["appearance"]?.stringValue ?? "") \(item["value"]?.stringValue ?? "")"
        }.sorted()
        return pairs.isEmpty ? "the Any appearance" : pairs.joined(separator: ", ")
    }
}
