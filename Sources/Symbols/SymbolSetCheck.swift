import Foundation

/// What verify finds wrong with a symbol template (ours or hand-made): each problem is a message
/// and its fix, in the user's words.
package struct SymbolProblem: Hashable, Sendable {
    package var message: String
    package var fix: String
    /// False for what Xcode still compiles (a layer class the style block does not define).
    package var isError = true
}

/// Checks a custom symbol template the way Xcode will read it: the notes layer's template
/// version, the `Ultralight-S`, `Regular-S` and `Black-S` variants with their paths directly in
/// them, the baseline and cap-line guides of the three rows and each variant's margins, the
/// layer classes named by the `<style>` block, and that the three variants can be interpolated.
///
/// Interpolation is compared as Apple states it: the same paths with the same commands and the
/// same count of numbers, in the same order. The path data is only tokenised (command letters and
/// numbers counted), never interpreted, so two variants that draw the same shape in different
/// spellings (an implicit `L` after `M` in one, an explicit one in the other) count as different,
/// as they may for Xcode.
package enum SymbolSetCheck {
    /// The variants Xcode needs to interpolate every weight and scale.
    package static let requiredVariants = SymbolVariant.allCases.map(\.rawValue)

    package static func problems(template data: Data, name: String) -> [SymbolProblem] {
        let root: XMLElement
        do {
            root = try XMLElement.parse(data, name: name)
        } catch {
            return [SymbolProblem(message: error.description, fix: "export the template again from the SF Symbols app")]
        }
        var problems: [SymbolProblem] = []
        let version = root.element(id: "template-version")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if version?.isEmpty ?? true {
            problems.append(SymbolProblem(message: "the template has no template version (a `template-version` text in its notes)",
                                          fix: "export the template again from the SF Symbols app"))
        }
        guard let symbols = root.element(id: "Symbols") else {
            problems.append(SymbolProblem(message: "the template has no `Symbols` group",
                                          fix: "export the template again from the SF Symbols app"))
            return problems
        }
        let variants = symbols.children.filter { $0.name == "g" && $0.attributes["id"] != nil }
        var present: [String: XMLElement] = [:]
        for variant in variants { present[variant.attributes["id"] ?? ""] = variant }
        let missing = requiredVariants.filter { present[$0] == nil }
        if !missing.isEmpty {
            problems.append(SymbolProblem(message: "the template lacks the \(missing.map { "`\($0)`" }.joined(separator: ", ")) variant\(missing.count == 1 ? "" : "s"); Xcode needs Ultralight-S, Regular-S and Black-S",
                                          fix: "draw the missing weights in the SF Symbols app, or build the symbol with assetsmith"))
        }
        let guides = Set(root.descendants.compactMap { $0.attributes["id"] })
        var missingGuides = SymbolTemplate.rows.flatMap { ["Baseline-\($0)", "Capline-\($0)"] }.filter { !guides.contains($0) }
        for variant in variants {
            guard let id = variant.attributes["id"] else { continue }
            missingGuides += ["left-margin-\(id)", "right-margin-\(id)"].filter { !guides.contains($0) }
        }
        if !missingGuides.isEmpty {
            problems.append(SymbolProblem(message: "the template lacks the guide\(missingGuides.count == 1 ? "" : "s") \(missingGuides.map { "`\($0)`" }.joined(separator: ", "))",
                                          fix: "export the template again from the SF Symbols app"))
        }
        for variant in variants where variant.children.contains(where: { $0.name == "g" }) {
            problems.append(SymbolProblem(message: "the variant `\(variant.attributes["id"] ?? "")` holds a group; its paths must sit directly in it",
                                          fix: "ungroup the variant's paths"))
        }
        problems += classProblems(root, variants: variants)
        problems += interpolationProblems(present)
        return problems
    }

    /// Layer classes used on paths that the `<style>` block does not define.
    static func classProblems(_ root: XMLElement, variants: [XMLElement]) -> [SymbolProblem] {
        let style = root.descendants.filter { $0.name == "style" }.map(\.text).joined(separator: "\n")
        var undefined: Set<String> = []
        for variant in variants {
            for path in variant.children where path.name == "path" {
                for name in (path.attributes["class"] ?? "").split(separator: " ") where name != "SFSymbolsPreviewWireframe" {
                    if !style.contains("." + name) { undefined.insert(String(name)) }
                }
            }
        }
        guard !undefined.isEmpty else { return [] }
        return [SymbolProblem(message: "the layer class\(undefined.count == 1 ? "" : "es") \(undefined.sorted().map { "`\($0)`" }.joined(separator: ", ")) \(undefined.count == 1 ? "is" : "are") not defined in the template's <style> block",
                              fix: "export the template again from the SF Symbols app", isError: false)]
    }

    /// Variants of one scale whose paths differ from the Regular one's in count or commands.
    static func interpolationProblems(_ present: [String: XMLElement]) -> [SymbolProblem] {
        var problems: [SymbolProblem] = []
        for scale in SymbolTemplate.rows {
            guard let regular = present["Regular-\(scale)"] else { continue }
            let reference = signatures(regular)
            for weight in ["Ultralight", "Black"] {
                guard let other = present["\(weight)-\(scale)"] else { continue }
                let compared = signatures(other)
                if compared.count != reference.count {
                    problems.append(SymbolProblem(message: "`\(weight)-\(scale)` has \(compared.count) paths and `Regular-\(scale)` \(reference.count), so Xcode cannot interpolate the weights",
                                                  fix: "give every weight the same paths in the same order"))
                    continue
                }
                if let index = compared.indices.first(where: { compared[$0] != reference[$0] }) {
                    problems.append(SymbolProblem(message: "path \(index + 1) of `\(weight)-\(scale)` has \(compared[index].numbers) numbers in commands \(compared[index].commands.prefix(24)) and of `Regular-\(scale)` \(reference[index].numbers) in \(reference[index].commands.prefix(24)), so Xcode cannot interpolate the weights",
                                                  fix: "draw every weight with the same commands and points in the same order"))
                }
            }
        }
        return problems
    }

    struct Signature: Equatable {
        var commands: String
        var numbers: Int
    }

    /// Each path's command letters and count of numbers.
    static func signatures(_ variant: XMLElement) -> [Signature] {
        variant.children.filter { $0.name == "path" }.map { path in
            var commands = ""
            var numbers = 0
            var inNumber = false
            var seenDot = false
            var lastWasExponent = false
            for scalar in (path.attributes["d"] ?? "").unicodeScalars {
                switch scalar {
                case ".":
                    // A second '.' starts a new number ("1.5.5" is 1.5 and .5).
                    if !inNumber || seenDot { numbers += 1 }
                    inNumber = true
                    seenDot = true
                    lastWasExponent = false
                case "0"..."9":
                    if !inNumber {
                        numbers += 1
                        seenDot = false
                    }
                    inNumber = true
                    lastWasExponent = false
                case "e", "E":
                    lastWasExponent = inNumber
                case "-", "+":
                    if !lastWasExponent {
                        numbers += 1
                        inNumber = true
                        seenDot = false
                    }
                    lastWasExponent = false
                case "a"..."z", "A"..."Z":
                    commands.unicodeScalars.append(scalar)
                    inNumber = false
                    lastWasExponent = false
                default:
                    inNumber = false
                    lastWasExponent = false
                }
            }
            return Signature(commands: commands, numbers: numbers)
        }
    }
}
