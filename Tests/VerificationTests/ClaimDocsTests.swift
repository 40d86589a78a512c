import Foundation
import Testing
import TestSupport
import Verification

/// Every message (and fix) of verify that says what Xcode, actool or App Store Connect does carries
/// a claim of Docs/verify.md's table "What the messages say about Xcode", where its evidence is,
/// and every claim of that table is still in a message (issue 48: a sentence about Xcode is one
/// Xcode would sign). What is not known is said as "Xcode may …" and needs no row.
@Suite struct ClaimDocsTests {
    /// The sources whose string literals become verify's messages and fixes.
    static let sources = ["Sources/Verification", "Sources/Symbols"]
    /// The rules' declarations: their evidence is the documentation itself (the rules table), so
    /// their literals are not scanned; each rule's fix is, as a value (`literals()`).
    static let declarations = "Sources/Verification/RuleDeclaration.swift"

    /// What makes a literal a claim about Apple's tools.
    static let claim = try? NSRegularExpression(pattern:
        #"actool|App Store Connect|ITMS-|Xcode(?: \d+(?:\.\d+)?)?(?:'s [A-Za-z ]+?)? (?:accepts|ignores|does not|draws|writes|supports|cannot|reads|knows|expects|uses|takes|fails|refuses|converts|compiles)"#)

    /// The claims of the table: the first cell of each row, between backticks.
    static func documentedClaims() throws -> [String] {
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Docs/verify.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "## What the messages say about Xcode") else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.endIndex
        return lines[start..<end].filter { $0.hasPrefix("| `") }.map { line in
            String(line.dropFirst(3).prefix { $0 != "`" })
        }
    }

    /// Every string literal of the sources outside comments, with its place; `\"` kept as `"`.
    static func literals() throws -> [(place: String, text: String)] {
        let root = Fixtures.repoRoot
        var files: [String] = []
        for source in sources {
            let url = root.appendingPathComponent(source)
            if source.hasSuffix(".swift") { files.append(source); continue }
            files += try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted()
                .map { source + "/" + $0 }
        }
        let literal = try NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
        var found: [(String, String)] = []
        for file in files where file != declarations {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line)
                let range = NSRange(code.startIndex..., in: code)
                for match in literal.matches(in: code, range: range) {
                    guard let swiftRange = Range(match.range, in: code) else { continue }
                    let body = code[swiftRange].dropFirst().dropLast().replacingOccurrences(of: "\\\"", with: "\"")
                    found.append(("\(file):\(number + 1)", body))
                }
            }
        }
        return found + RuleDeclaration.all.map { ("the fix of rule \($0.rule.rawValue)", $0.fix) }
    }

    static func isClaim(_ text: String) -> Bool {
        text.count >= 10 && claim?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func everyClaimInAMessageHasItsEvidence() throws {
        let claims = try Self.documentedClaims()
        #expect(claims.count >= 20, "Docs/verify.md has no table \"What the messages say about Xcode\"")
        let literals = try Self.literals()
        #expect(literals.count > 500)
        for (place, text) in literals where Self.isClaim(text) {
            #expect(claims.contains { text.contains($0) },
                    "\(place): \"\(text)\" says what Xcode, actool or App Store Connect does, and Docs/verify.md gives no evidence for it")
        }
    }

    @Test func everyDocumentedClaimIsInAMessage() throws {
        let literals = try Self.literals()
        for claim in try Self.documentedClaims() {
            #expect(literals.contains { $0.text.contains(claim) }, "Docs/verify.md documents the claim \"\(claim)\", which no message makes")
        }
    }

    /// The test's own judge: a claim is caught, a "may" and an instruction are not.
    @Test func whatCountsAsAClaim() {
        #expect(Self.claim != nil)
        #expect(Self.isClaim("; actool fails"))
        #expect(Self.isClaim("is not used: Xcode 26 draws every size from"))
        #expect(Self.isClaim("keep one (Xcode's Appearances menu writes one entry)"))
        #expect(!Self.isClaim("; Xcode may skip the set"))
        #expect(!Self.isClaim("repair or re-create it in Xcode"))
    }
}
