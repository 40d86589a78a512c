import Foundation
import Testing
import TestSupport

/// CONTRIBUTING.md's map of the code is true to Package.swift and to Sources (issue 55: it had
/// left out FrontEnd and both MCP modules and still drew an import that was gone): every target
/// Package.swift declares is named in its Layout, every arrow of its dependency diagram is a
/// dependency Package.swift declares, and every type or file it names in backticks exists.
@Suite struct ContributingMapTests {
    /// Package.swift's targets (test targets aside), each with the targets and products it depends
    /// on. Read from the manifest's text as it is laid out: a declaration starts a line indented
    /// by 8 spaces (a dependency `.target(name:)` inside a list is indented further).
    static func targets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try NSRegularExpression(pattern: #"^ {8}\.(target|executableTarget|systemLibrary|plugin|testTarget)\(name: "([^"]+)""#,
                                                  options: .anchorsMatchLines)
        let whole = text as NSString
        let matches = declaration.matches(in: text, range: NSRange(location: 0, length: whole.length))
        var found: [String: Set<String>] = [:]
        for (index, match) in matches.enumerated() where whole.substring(with: match.range(at: 1)) != "testTarget" {
            let end = index + 1 < matches.count ? matches[index + 1].range.location : whole.length
            let body = whole.substring(with: NSRange(location: match.range.location, length: end - match.range.location))
            found[whole.substring(with: match.range(at: 2))] = try dependencies(in: body)
        }
        return found
    }

    /// Package.swift's test targets.
    static func testTargets() throws -> Set<String> {
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try NSRegularExpression(pattern: #"^ {8}\.testTarget\(name: "([^"]+)""#, options: .anchorsMatchLines)
        return Set(declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    /// The names in a declaration's `dependencies: [ … ]`: target names and products' names (the
    /// package a product comes from is not a dependency's name).
    static func dependencies(in declaration: String) throws -> Set<String> {
        guard let start = declaration.range(of: "dependencies: [") else { return [] }
        var depth = 0
        var list = ""
        for character in declaration[start.upperBound...] {
            if character == "[" { depth += 1 }
            if character == "]" {
                if depth == 0 { break }
                depth -= 1
            }
            list.append(character)
        }
        let names = try NSRegularExpression(pattern: #"(package: )?"([^"]+)""#)
        let text = list as NSString
        return Set(names.matches(in: list, range: NSRange(location: 0, length: text.length))
            .filter { $0.range(at: 1).location == NSNotFound }.map { text.substring(with: $0.range(at: 2)) })
    }

    /// CONTRIBUTING.md's "## Layout" section, up to the next section of that level.
    static func layout() throws -> String {
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "## Layout") else { return "" }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    /// The arrows of the diagram under "### Module dependency direction": `A → B, C` (a line may
    /// hold several such columns, three spaces or more apart, where a name follows the gap; `A → B → C` chains; a parenthesis
    /// is a remark; `everything → AssetCore` is said of every module and left out).
    static func arrows() throws -> [(from: String, to: String)] {
        let section = try layout()
        guard let heading = section.range(of: "### Module dependency direction"),
              let open = section.range(of: "```\n", range: heading.upperBound..<section.endIndex),
              let close = section.range(of: "\n```", range: open.upperBound..<section.endIndex) else { return [] }
        let columns = try NSRegularExpression(pattern: " {3,}(?=[^ →(])")
        var arrows: [(String, String)] = []
        for line in section[open.upperBound..<close.lowerBound].split(separator: "\n") {
            let text = String(line)
            let marked = columns.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\t")
            for column in marked.split(separator: "\t") {
                let plain = column.replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
                let sides = plain.components(separatedBy: "→").map { side in
                    side.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "…" }
                }
                for (left, right) in zip(sides, sides.dropFirst()) {
                    for from in left where from != "everything" {
                        arrows += right.map { (from, $0) }
                    }
                }
            }
        }
        return arrows
    }

    @Test func everyTargetIsInTheMap() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 35, "Package.swift's targets were not found (its layout changed?): \(targets.keys.sorted())")
        let layout = try Self.layout()
        #expect(!layout.isEmpty, "CONTRIBUTING.md has no \"## Layout\" section")
        for name in targets.keys.sorted() {
            let named = layout.range(of: #"(?<![A-Za-z-])\#(name)(?![A-Za-z-])"#, options: .regularExpression) != nil
            #expect(named, "CONTRIBUTING.md's Layout does not name the target \(name) of Package.swift")
        }
    }

    @Test func everyArrowOfTheDiagramIsADependency() throws {
        let targets = try Self.targets()
        let arrows = try Self.arrows()
        #expect(arrows.count >= 40, "CONTRIBUTING.md's dependency diagram was not found: \(arrows.count) arrows")
        for (from, to) in arrows {
            #expect(targets[from]?.contains(to) == true,
                    "CONTRIBUTING.md draws \(from) → \(to); Package.swift's \(from) depends on \(targets[from]?.sorted() ?? [])")
        }
    }

    /// The parser the two tests above rely on: a chain, columns, remarks and "everything".
    @Test func theDiagramIsReadAsDrawn() throws {
        #expect(try Self.dependencies(in: #".target(name: "A", dependencies: ["B", .target(name: "C", condition: .when(platforms: [.linux])), .product(name: "MCP", package: "swift-sdk")]),"#)
            == ["B", "C", "MCP"])
        let arrows = try Self.arrows().map { "\($0.from)→\($0.to)" }
        #expect(arrows.contains("AssetPlan→AssetSpec") && arrows.contains("AssetSpec→Yams"), "\(arrows)")
        #expect(arrows.contains("assetsmith-mcp→AssetsmithMCP") && arrows.contains("PNGCodec→CPNGShim"), "\(arrows)")
        #expect(arrows.contains("FrontEnd→BuildEngine") && arrows.contains("Rendering→CPango"), "a name padded to its arrow: \(arrows)")
        #expect(!arrows.contains { $0.hasPrefix("everything") || $0.contains("(") || $0.contains("…") }, "\(arrows)")
    }

    /// A type, file or module the map names in backticks (`BuildSession`, `ManifestLoader+Variants`,
    /// `Diagnostic.asset`) is declared in Sources, Tests or Plugins, or is a target.
    @Test func everyNameTheMapGivesExists() throws {
        let root = Fixtures.repoRoot
        var declared = Set(try Self.targets().keys).union(try Self.testTargets())
        declared.insert("Package")  // Package.swift, Package.resolved
        let kinds = try NSRegularExpression(pattern: #"\b(?:struct|enum|class|protocol|actor|typealias|extension)\s+([A-Z][A-Za-z0-9]*)"#)
        for folder in ["Sources", "Tests", "Plugins"] {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?.allObjects as? [String] ?? []
            for file in files where file.hasSuffix(".swift") {
                declared.insert(((file as NSString).lastPathComponent as NSString).deletingPathExtension)
                let text = try String(contentsOf: root.appendingPathComponent(folder + "/" + file), encoding: .utf8)
                for match in kinds.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    if let range = Range(match.range(at: 1), in: text) { declared.insert(String(text[range])) }
                }
            }
        }
        #expect(declared.contains("BuildSession") && declared.contains("ManifestLoader+Variants"))
        let foundation: Set<String> = ["PropertyListSerialization"]
        let layout = try Self.layout()
        let named = try NSRegularExpression(pattern: #"`([A-Z][A-Za-z0-9+]*)(?:[.(][^`]*)?`"#)
        for match in named.matches(in: layout, range: NSRange(layout.startIndex..., in: layout)) {
            guard let range = Range(match.range(at: 1), in: layout) else { continue }
            let name = String(layout[range])
            #expect(declared.contains(name) || foundation.contains(name), "CONTRIBUTING.md's Layout names `\(name)`, which is not in the code")
        }
    }
}
