import AssetCore
import Foundation
import Testing
import TestSupport
import Verification

/// Custom symbol sets, hand-made (mimics of real SF Symbols exports) and broken ones: verify checks
/// them instead of skipping them.
@Suite struct SymbolSetTests {
    static func realWorld(_ name: String) -> String { Fixtures.url("Symbols/RealWorld/\(name)/Assets.xcassets").path }

    static func summary(_ report: VerifyReport) -> [String] {
        report.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.message)" }
    }

    @Test(arguments: ["talk-ios-bubble-badge", "talk-ios-line-decrease-slash"])
    func exportedSetsPass(_ fixture: String) {
        let report = Verifier.verify(catalogAt: Self.realWorld(fixture), displayPath: "Assets.xcassets")
        #expect(report.findings.isEmpty, "\(Self.summary(report))")
        #expect(report.coverage.checked["symbolset"] == 1)
        #expect(report.coverage.skipped["symbolset"] == nil)
    }

    /// A copy of the bubble badge set, its template changed by `edit`, checked.
    static func broken(_ edit: (String) -> String, extraFile: String? = nil) throws -> VerifyReport {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("Assets.xcassets")
        try FileManager.default.copyItem(atPath: realWorld("talk-ios-bubble-badge"), toPath: catalog.path)
        let set = catalog.appendingPathComponent("custom.bubble.badge.symbolset")
        let template = set.appendingPathComponent("custom.bubble.badge.svg")
        try Data(edit(try String(contentsOf: template, encoding: .utf8)).utf8).write(to: template)
        if let extraFile { try Data("<svg/>".utf8).write(to: set.appendingPathComponent(extraFile)) }
        return Verifier.verify(catalogAt: catalog.path, displayPath: "Assets.xcassets")
    }

    @Test func onlyRegularIsRefused() throws {
        let report = try Self.broken { text in
            text.replacingOccurrences(of: "id=\"Black-S\"", with: "id=\"Black-X\"")
                .replacingOccurrences(of: "id=\"Ultralight-S\"", with: "id=\"Ultralight-X\"")
        }
        #expect(!report.passed)
        #expect(Self.summary(report).first == "error symbol the template lacks the `Ultralight-S`, `Black-S` variants; Xcode needs Ultralight-S, Regular-S and Black-S")
        #expect(report.findings.first?.file == "Assets.xcassets/custom.bubble.badge.symbolset/custom.bubble.badge.svg")
    }

    @Test func weightsThatCannotBeInterpolatedAreRefused() throws {
        // The Black variant's first bar gets a fifth point.
        let report = try Self.broken { text in
            text.replacingOccurrences(of: "d=\"M10 -60L90 -60L90 -47.3L10 -47.3Z\"", with: "d=\"M10 -60L90 -60L90 -47.3L50 -47.3L10 -47.3Z\"")
        }
        #expect(Self.summary(report) == [
            "error symbol path 1 of `Black-S` has 10 numbers in commands MLLLLZ and of `Regular-S` 8 in MLLLZ, so Xcode cannot interpolate the weights",
        ])
    }

    @Test func missingGuidesAndVersionAreReported() throws {
        let report = try Self.broken { text in
            text.replacingOccurrences(of: "id=\"Capline-M\"", with: "id=\"other\"")
                .replacingOccurrences(of: "id=\"left-margin-Black-S\"", with: "id=\"other2\"")
                .replacingOccurrences(of: "id=\"template-version\"", with: "id=\"other3\"")
        }
        #expect(Self.summary(report) == [
            "error symbol the template has no template version (a `template-version` text in its notes)",
            "error symbol the template lacks the guides `Capline-M`, `left-margin-Black-S`",
        ])
    }

    @Test func undefinedLayerClassIsAWarning() throws {
        let report = try Self.broken { $0.replacingOccurrences(of: ".monochrome-2 {", with: ".unused-2 {") }
        #expect(report.passed)
        #expect(Self.summary(report) == ["warning symbol the layer class `monochrome-2` is not defined in the template's <style> block"])
    }

    @Test func aSecondSVGIsAnUnassignedChild() throws {
        let report = try Self.broken({ $0 }, extraFile: "old.svg")
        #expect(Self.summary(report) == ["warning unassigned is not the template of the symbol set \"custom.bubble.badge\" (unassigned child)"])
    }

    @Test func aTemplateThatIsNotXMLIsAnError() throws {
        let report = try Self.broken { _ in "<svg" }
        #expect(report.findings.map(\.rule) == [.symbol])
        #expect(report.findings.first?.message.hasPrefix("cannot read custom.bubble.badge.svg: ") == true)
    }
}
