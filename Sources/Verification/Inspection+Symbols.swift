import AssetCatalog
import AssetCore
import Foundation
import Symbols

extension Inspection {
    /// Custom symbol sets (`.symbolset`), ours and hand-made: Contents.json names one template
    /// SVG (`symbols`, idiom `universal`) that is in the folder, no other SVG sits beside it
    /// (Xcode calls that an unassigned child), and the template has what Xcode needs
    /// (`SymbolSetCheck`: template version, the three variants, guides, classes, interpolation).
    func checkSymbolSets() {
        for set in sets where FolderKind(rawValue: set.folderExtension) == .symbolSet {
            guard case .success(let contents) = set.contents else { continue }
            let contentsFile = shown(set.path + "/Contents.json")
            let symbols = contents["symbols"]?.arrayValue ?? []
            let named = symbols.compactMap { $0[.filename]?.stringValue }
            guard !named.isEmpty else {
                add(.error, .symbol, file: contentsFile, asset: set.path,
                    message: "names no template in \"symbols\" (the symbol set \"\(set.name)\" has nothing to compile)",
                    fix: "add `\"symbols\" : [ { \"filename\" : \"\(set.name).svg\", \"idiom\" : \"universal\" } ]` and the template")
                continue
            }
            if named.count > 1 {
                add(.error, .symbol, file: contentsFile, asset: set.path,
                    message: "names \(named.count) templates in \"symbols\"; a symbol set holds one",
                    fix: "keep one template SVG in the set")
            }
            for entry in symbols where entry[.idiom]?.stringValue != Idiom.universal.rawValue {
                add(.warning, .symbol, file: contentsFile, asset: set.path,
                    message: "a \"symbols\" entry of \"\(set.name)\" has the idiom \"\(entry[.idiom]?.stringValue ?? "")\"; Xcode writes \"universal\"",
                    fix: "set \"idiom\" to \"universal\"")
            }
            for file in set.files where file.lowercased().hasSuffix(".svg") && !named.contains(file) {
                add(.warning, .unassigned, file: shown(set.path + "/" + file), asset: set.path,
                    message: "is not the template of the symbol set \"\(set.name)\" (unassigned child)",
                    fix: "delete it, or name it in Contents.json instead of the other template")
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
                for problem in SymbolSetCheck.problems(template: data, name: file) {
                    let severity: Diagnostic.Severity = problem.level == .error ? .error : problem.level == .warning ? .warning : .note
                    add(severity, Finding.Rule(rawValue: problem.rule) ?? .symbol, file: shown(relative), asset: set.path,
                        message: problem.message, fix: problem.fix)
                }
            }
        }
    }
}
