import AssetCore
import Foundation

/// What verify finds wrong with a symbol template (ours or hand-made): each problem is a message
/// and its fix, in the user's words, with the rule it breaks and how sure we are.
package struct SymbolProblem: Hashable, Sendable {
    /// Error: actool refuses the template (its validator's message is cited beside each rule).
    /// Warning: an older Xcode refuses it, or Apple advises against it. Note: worth knowing, never
    /// a failure (actool compiles it and falls back).
    package enum Level: String, Hashable, Sendable { case error, warning, note }

    /// The stable rule id of the finding (`symbol-margins`).
    package var rule: String
    package var level: Level
    package var message: String
    package var fix: String

    package init(_ level: Level, _ rule: String, message: String, fix: String) {
        self.rule = rule
        self.level = level
        self.message = message
        self.fix = fix
    }
}

/// Checks a custom symbol template as Xcode's asset compiler reads it. The rules and their words
/// come from actool's template validator (`TDVectorGlyphReader` in CoreThemeDefinition, Xcode 26:
/// `_readSVGNodesError:`, `_validateVectorGlyphsWithError:`, `__ValidateGlyphNode`) and Apple's
/// "Creating custom symbol images for your app":
///
/// - the template version is the number after `Template v.` in the text of the node with id
///   `template-version` (its `<tspan>` text included); no such node is version 0, which is legal.
///   A version newer than 7.0 is refused ("Template format … is newer than the version that this
///   software supports (7.0)", error 1015); Xcode 16 supports 6.0 (a warning);
/// - the guides `Baseline-S/M/L` and `Capline-S/M/L` are required at every version (1016, 1017),
///   and a guide must be a shape, not a group (1018);
/// - margins are read from version 3.0 on, and one set is enough: on Ultralight-S, Regular-S and
///   Black-S; on Regular-S alone; on Regular-M; or the plain `left-margin`/`right-margin` (1019),
///   each with the glyph it measures;
/// - every variant is found by id anywhere in the document; a variant must be a group (1020) with
///   content (1022) and no text inside it, at any depth (groups inside are fine);
/// - Regular-M is the only variant always required; from 3.0 the three sources Ultralight-S,
///   Regular-S and Black-S stand in for it (1023);
/// - interpolation uses the three S sources; when they are not compatible actool draws what is
///   there, so that is a note, never an error.
package enum SymbolSetCheck {
    /// The nine weights in actool's order (weight 1…9) and the three sizes.
    package static let weights = SymbolTemplateFormat.Weight.allCases.map(\.rawValue)
    package static let sizes = SymbolTemplateFormat.Scale.allCases.map(\.rawValue)
    /// The three sources from template 3.0: `Ultralight-S`, `Regular-S`, `Black-S`.
    static let sourceIDs = SymbolVariant.allCases.map(\.rawValue)
    static let regularMedium = SymbolTemplateFormat.regularMedium
    static let regularSmall = SymbolVariant.regular.rawValue
    /// The newest template version actool reads (Xcode 26), and Xcode 16's.
    package static let newestVersion = 7.0
    package static let xcode16Version = 6.0

    static let regenerate = "export the template again from the SF Symbols app"

    package static func problems(template data: Data, name: String) -> [SymbolProblem] {
        let root: XMLElement
        do {
            root = try XMLElement.parse(data, name: name)
        } catch {
            return [SymbolProblem(.error, "symbol-template", message: error.description, fix: regenerate)]
        }
        let index = IDIndex(root)
        var problems: [SymbolProblem] = []
        let version = templateVersion(index)
        if version > newestVersion {
            problems.append(SymbolProblem(.error, "symbol-version",
                message: "the template's format \(format(version)) is newer than Xcode supports (\(format(newestVersion))); actool: \"Template format \(format(version)) is newer than the version that this software supports\"",
                fix: "export the template for an older template version in the SF Symbols app (File > Export Template)"))
            return problems
        }
        if version > xcode16Version {
            problems.append(SymbolProblem(.note, "symbol-version",
                message: "the template's format \(format(version)) needs Xcode 26; Xcode 16 reads formats up to \(format(xcode16Version))",
                fix: "build with Xcode 26, or export the template as version 6.0 or older"))
        }
        problems += guideProblems(index)
        let glyphs = Dictionary(uniqueKeysWithValues: variantIDs.compactMap { id in index.first[id].map { (id, $0) } })
        problems += glyphProblems(glyphs)
        let sources = sourceIDs.compactMap { glyphs[$0] }
        if glyphs[regularMedium] == nil, version < 3 || sources.count < 3 {
            problems.append(SymbolProblem(.error, "symbol-variants",
                message: "the template has no `Regular-M` variant" + (version >= 3 ? " and not all three of `Ultralight-S`, `Regular-S`, `Black-S`" : "")
                    + "; actool: \"must have a glyph for Regular weight Medium size\"",
                fix: "draw the Regular-M variant (or, from template 3.0, Ultralight-S, Regular-S and Black-S)"))
        }
        guard version >= 3 else { return problems }
        // From 3.0 actool interpolates the other weights from the three S sources when it can.
        let note = sources.count == 3 ? interpolationNote(glyphs) : nil
        if let note { problems.append(note) }
        if let margins = marginProblem(index, glyphs: glyphs, interpolatable: sources.count == 3 && note == nil) {
            problems.append(margins)
        }
        return problems
    }

    /// Every variant id: `Ultralight-S` … `Black-L`.
    package static let variantIDs = SymbolTemplateFormat.variantIDs

    /// The number after `Template v.` in the `template-version` node's text (its children's text
    /// too), as Foundation's `floatValue` reads it; 0 when there is no such node or number.
    static func templateVersion(_ index: IDIndex) -> Double {
        guard let node = index.first["template-version"] else { return 0 }
        var text = node.allText
        if let range = text.range(of: "Template v.") { text = String(text[range.upperBound...]) }
        let scanner = Scanner(string: text)
        scanner.charactersToBeSkipped = .whitespacesAndNewlines
        return scanner.scanDouble().flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0
    }

    static func format(_ version: Double) -> String { String(format: "%.1f", version) }

    /// Baseline and cap-line guides of the three sizes, and guides that are groups.
    static func guideProblems(_ index: IDIndex) -> [SymbolProblem] {
        var problems: [SymbolProblem] = []
        let rowGuides: [String] = SymbolTemplateFormat.Scale.allCases.flatMap { scale -> [String] in
            [SymbolTemplateFormat.baseline(scale), SymbolTemplateFormat.capline(scale)]
        }
        let missing = rowGuides.filter { index.first[$0] == nil }
        if !missing.isEmpty {
            problems.append(SymbolProblem(.error, "symbol-guides",
                message: "the template lacks the guide\(missing.count == 1 ? "" : "s") \(quoted(missing)); actool: \"is missing a baseline guide\" / \"is missing a capline guide\"",
                fix: regenerate))
        }
        let sides = SymbolTemplateFormat.MarginSide.allCases
        let variantMargins: [String] = variantIDs.flatMap { id -> [String] in sides.map { SymbolTemplateFormat.margin($0, of: id) } }
        let guideIDs: [String] = rowGuides + sides.map { SymbolTemplateFormat.margin($0) } + variantMargins
        let grouped = guideIDs.filter { index.first[$0].map { !$0.isShape } ?? false }
        if !grouped.isEmpty {
            problems.append(SymbolProblem(.error, "symbol-guides",
                message: "the guide\(grouped.count == 1 ? "" : "s") \(quoted(grouped)) \(grouped.count == 1 ? "is" : "are") not a shape; actool: \"has guide object … of the wrong type, it must be a shape\"",
                fix: "make each guide a single line or path, not a group"))
        }
        return problems
    }

    /// Variants that are not groups, are empty, or hold text.
    static func glyphProblems(_ glyphs: [String: XMLElement]) -> [SymbolProblem] {
        var problems: [SymbolProblem] = []
        for id in variantIDs {
            guard let glyph = glyphs[id] else { continue }
            if glyph.name != "g" {
                problems.append(SymbolProblem(.error, "symbol-glyph",
                    message: "the variant `\(id)` is a <\(glyph.name)>, not a group; actool: \"has glyph node \(id) that is not a group\"",
                    fix: "put the variant's paths in a <g id=\"\(id)\">"))
            } else if glyph.children.isEmpty {
                problems.append(SymbolProblem(.error, "symbol-glyph",
                    message: "the variant `\(id)` is empty; actool: \"has glyph node \(id) that contains no content\"",
                    fix: "draw the variant, or delete its empty group"))
            } else if glyph.containsText {
                problems.append(SymbolProblem(.error, "symbol-glyph",
                    message: "the variant `\(id)` holds a <text> element; actool: \"contains a text node\"",
                    fix: "convert the text to outlines in your drawing tool"))
            }
        }
        return problems
    }

    /// The margin rule of template 3.0 and later, as actool applies it: one set of margins with
    /// the glyph it measures.
    static func marginProblem(_ index: IDIndex, glyphs: [String: XMLElement], interpolatable: Bool) -> SymbolProblem? {
        func pair(_ variant: String?) -> Bool {
            SymbolTemplateFormat.MarginSide.allCases.allSatisfy { index.first[SymbolTemplateFormat.margin($0, of: variant)] != nil }
        }
        let ultralight = pair(SymbolVariant.ultralight.rawValue), regular = pair(regularSmall), black = pair(SymbolVariant.black.rawValue)
        let fixedMedium = pair(regularMedium) || pair(nil)
        let threeSources = sourceIDs.allSatisfy { glyphs[$0] != nil }
        let satisfied: Bool
        var message: String
        if interpolatable, ultralight, regular, black {
            satisfied = threeSources
            message = "the template has margins on Ultralight-S, Regular-S and Black-S but not all three variants"
        } else if interpolatable, regular, !ultralight, !black {
            satisfied = glyphs[regularSmall] != nil
            message = "the template has margins for Regular-S but no Regular-S variant"
        } else if fixedMedium {
            satisfied = glyphs[regularMedium] != nil
            message = "the template has margins for Regular-M but no Regular-M variant"
        } else if !interpolatable, regular {
            satisfied = glyphs[regularSmall] != nil
            message = "the template has margins for Regular-S but no Regular-S variant"
        } else {
            satisfied = false
            message = "the template (format 3.0 or newer) has no margin guides; actool: \"interpolatable margins on Ultralight-S, Regular-S, and Black-S, or fixed margins on Regular-M or Regular-S are required\""
        }
        guard !satisfied else { return nil }
        if !message.contains("actool") { message += "; actool refuses margin guides for a glyph which is absent" }
        return SymbolProblem(.error, "symbol-margins", message: message,
                             fix: "add `left-margin-Regular-M` and `right-margin-Regular-M` guides beside the Regular-M variant, or " + regenerate)
    }

    /// A note when the three S sources cannot be interpolated (actool then draws only what the
    /// template holds), or nil when they can.
    static func interpolationNote(_ glyphs: [String: XMLElement]) -> SymbolProblem? {
        guard let regular = glyphs[regularSmall].map(outline) else { return nil }
        for weight in [SymbolVariant.ultralight.rawValue, SymbolVariant.black.rawValue] {
            guard let other = glyphs[weight].map(outline) else { continue }
            var detail: String?
            if other.count != regular.count {
                detail = "`\(weight)` has \(other.count) paths and `Regular-S` \(regular.count)"
            } else if let index = other.indices.first(where: { other[$0] != regular[$0] }) {
                detail = "path \(index + 1) of `\(weight)` has the segments \(other[index].prefix(24)) and of `Regular-S` \(regular[index].prefix(24))"
            }
            if let detail {
                return SymbolProblem(.note, "symbol-interpolation",
                    message: detail + ", so Xcode cannot interpolate the other weights and uses only the variants drawn",
                    fix: "give every weight the same paths with the same segments in the same order")
            }
        }
        return nil
    }

    /// Each path of a variant (any depth) as its segments, relative and absolute alike, with the
    /// command of an implicit repeat spelt out (`M` repeats as `L`).
    static func outline(_ glyph: XMLElement) -> [String] {
        glyph.allElements.filter { $0.name == "path" }.map { PathSegments.letters($0.attributes["d"] ?? "") }
    }

    static func quoted(_ names: [String]) -> String { names.map { "`\($0)`" }.joined(separator: ", ") }
}

/// The first element of each id, in document order (actool's `CGSVGNodeFindChildWithStringIdentifier`),
/// made in one walk.
struct IDIndex {
    var first: [String: XMLElement] = [:]

    init(_ root: XMLElement) {
        var stack = [root]
        while let element = stack.popLast() {
            if let id = element.attributes["id"], first[id] == nil { first[id] = element }
            stack.append(contentsOf: element.children.reversed())
        }
    }
}

extension XMLElement {
    /// Every element of the subtree, depth first, without recursion.
    var allElements: [XMLElement] {
        var out: [XMLElement] = []
        var stack = [self]
        while let element = stack.popLast() {
            out.append(element)
            stack.append(contentsOf: element.children.reversed())
        }
        return out
    }

    /// The text of the element and of its descendants (a `<tspan>`'s), in document order.
    var allText: String { allElements.map(\.text).joined() }

    var containsText: Bool { allElements.contains { $0.name == "text" } }

    /// What CoreSVG calls a shape: a drawing primitive, not a group.
    var isShape: Bool { ["path", "line", "rect", "circle", "ellipse", "polygon", "polyline", "text"].contains(name) }
}

/// Path data reduced to its segment letters: `m10 10 20 20c…` is `MLC…`.
enum PathSegments {
    /// How many numbers each command takes.
    static let arity: [Character: Int] = ["M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0]

    static func letters(_ data: String) -> String {
        var out = ""
        var command: Character?
        var pending = 0
        for token in tokens(data) {
            switch token {
            case .command(let letter):
                command = letter == "M" ? "M" : letter
                pending = 0
                out.append(letter)
                if letter == "Z" { command = nil }
            case .number:
                guard let current = command, let count = arity[current], count > 0 else { continue }
                if pending == count {
                    // An implicit repeat: a moveto's repeats are linetos.
                    let repeated: Character = current == "M" ? "L" : current
                    command = repeated
                    out.append(repeated)
                    pending = 0
                }
                pending += 1
            }
        }
        return out
    }

    enum Token {
        case command(Character)
        case number
    }

    static func tokens(_ data: String) -> [Token] {
        var out: [Token] = []
        var inNumber = false, seenDot = false, afterExponent = false
        for scalar in data.unicodeScalars {
            switch scalar {
            case "0"..."9":
                if !inNumber { out.append(.number); inNumber = true; seenDot = false }
                afterExponent = false
            case ".":
                if !inNumber || seenDot { out.append(.number); inNumber = true }
                seenDot = true
                afterExponent = false
            case "e", "E" where inNumber:
                afterExponent = true
            case "-", "+":
                if !afterExponent { out.append(.number); inNumber = true; seenDot = false }
                afterExponent = false
            case "a"..."z", "A"..."Z":
                let letter = Character(String(scalar).uppercased())
                if arity[letter] != nil { out.append(.command(letter)) }
                inNumber = false; afterExponent = false
            default:
                inNumber = false; afterExponent = false
            }
        }
        return out
    }
}
