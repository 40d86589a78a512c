import AssetCore
import Foundation
import Symbols
import Testing
import TestSupport
import Verification

/// Custom symbol sets, hand-made (mimics of real SF Symbols exports), real templates of every
/// template version, and broken ones: verify checks them as actool's template validator does.
@Suite struct SymbolSetTests {
    static func realWorld(_ name: String) -> String { Fixtures.url("Symbols/RealWorld/\(name)/Assets.xcassets").path }

    static func summary(_ report: VerifyReport) -> [String] {
        report.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.message)" }
    }

    static func problems(_ text: String) -> [String] {
        SymbolSetCheck.problems(template: Data(text.utf8), name: "t.svg").map { "\($0.level.rawValue) \($0.rule)" }
    }

    @Test(arguments: ["talk-ios-bubble-badge", "talk-ios-line-decrease-slash"])
    func exportedSetsPass(_ fixture: String) {
        let report = Verifier.verify(catalogAt: Self.realWorld(fixture), displayPath: "Assets.xcassets")
        #expect(report.findings.isEmpty, "\(Self.summary(report))")
        #expect(report.coverage.checked["symbolset"] == 1)
        #expect(report.coverage.skipped["symbolset"] == nil)
    }

    /// Real templates of versions 0 to 6, from apps that ship: no error, and no warning.
    @Test(arguments: ["fruta-cup-v0", "bark-arrow-v1", "foodtruck-bitter-v2", "foodtruck-donut-v3",
                      "zavala-documentlink-v4-tspan", "zavala-opml-v2-medium", "zavala-capsule-v6", "criticalmaps-shield-v6"])
    func realTemplatesOfEveryVersionPass(_ name: String) throws {
        let data = try Data(contentsOf: Fixtures.url("Symbols/Templates/\(name).svg"))
        let problems = SymbolSetCheck.problems(template: data, name: name + ".svg").filter { $0.level != .note }
        #expect(problems.isEmpty, "\(problems.map(\.message))")
    }

    /// A template of `variants` (each a group with one bar), with guides, at `version`.
    static func template(version: String? = "Template v.3.0", variants: [String], margins: [String] = ["Regular-M"],
                         guides: [String] = ["S", "M", "L"], tspan: Bool = false, regular: String = "M10 -60L90 -60L90 -47L10 -47Z",
                         extra: String = "") -> String {
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\"><g id=\"Notes\">"
        if let version {
            text += tspan ? "<text id=\"template-version\"><tspan>\(version)</tspan></text>" : "<text id=\"template-version\">\(version)</text>"
        }
        text += "</g><g id=\"Guides\">"
        for row in guides { text += "<line id=\"Baseline-\(row)\" x1=\"0\" x2=\"100\" y1=\"696\" y2=\"696\"/><line id=\"Capline-\(row)\" x1=\"0\" x2=\"100\" y1=\"625\" y2=\"625\"/>" }
        for margin in margins {
            let suffix = margin.isEmpty ? "" : "-" + margin
            text += "<line id=\"left-margin\(suffix)\" x1=\"0\" x2=\"0\" y1=\"0\" y2=\"1\"/><line id=\"right-margin\(suffix)\" x1=\"9\" x2=\"9\" y1=\"0\" y2=\"1\"/>"
        }
        text += "</g><g id=\"Symbols\">"
        for variant in variants {
            text += "<g id=\"\(variant)\"><g><path d=\"\(variant == "Regular-S" ? regular : "M10 -60L90 -60L90 -47L10 -47Z")\"/></g></g>"
        }
        return text + "</g>\(extra)</svg>"
    }

    @Test func versionIsReadFromATspanAndAMissingVersionIsVersionZero() {
        // Version 0 reads neither margins nor the S sources: Regular-M alone is enough.
        #expect(Self.problems(Self.template(version: nil, variants: ["Regular-M"], margins: [])) == [])
        // Read from the tspan as 3.0: margins are required, so taking them away is an error.
        #expect(Self.problems(Self.template(variants: ["Regular-M"], margins: [], tspan: true)) == ["error symbol-margins"])
        #expect(Self.problems(Self.template(version: "Template v.2.0", variants: ["Regular-M"], margins: [], tspan: true)) == [])
    }

    @Test func theNewestVersionIsTheBoundary() {
        #expect(Self.problems(Self.template(version: "Template v.7.0", variants: ["Regular-M"])) == ["note symbol-version"])
        #expect(Self.problems(Self.template(version: "Template v.7.1", variants: ["Regular-M"])) == ["error symbol-version"])
        #expect(Self.problems(Self.template(version: "Template v.6.0", variants: ["Regular-M"])) == [])
    }

    @Test func everyRowNeedsItsBaselineAndCapline() {
        #expect(Self.problems(Self.template(variants: ["Regular-M"], guides: ["S", "M"])) == ["error symbol-guides"])
        #expect(Self.problems(Self.template(version: nil, variants: ["Regular-M"], margins: [], guides: ["M", "L"])) == ["error symbol-guides"])
    }

    @Test func regularMediumOrFromThreeZeroTheThreeSourcesAreRequired() {
        let sources = ["Ultralight-S", "Regular-S", "Black-S"]
        #expect(Self.problems(Self.template(variants: sources, margins: sources)) == [])
        #expect(Self.problems(Self.template(variants: ["Ultralight-S", "Regular-S"], margins: ["Regular-S"])) == ["error symbol-variants"])
        // Before 3.0 the three sources do not stand in for Regular-M.
        #expect(Self.problems(Self.template(version: "Template v.2.0", variants: sources, margins: [])) == ["error symbol-variants"])
        #expect(Self.problems(Self.template(variants: ["Semibold-M", "Medium-M", "Regular-M"])) == [])
    }

    @Test func oneSetOfMarginsIsEnough() {
        let sources = ["Ultralight-S", "Regular-S", "Black-S"]
        #expect(Self.problems(Self.template(variants: ["Regular-M"], margins: [""])) == [])
        #expect(Self.problems(Self.template(variants: sources + ["Regular-M"], margins: ["Regular-S"])) == [])
        // Margins on Regular-M with no Regular-M glyph, and none at all.
        #expect(Self.problems(Self.template(variants: ["Bold-M"], margins: ["Regular-M"])) == ["error symbol-variants", "error symbol-margins"])
        #expect(Self.problems(Self.template(variants: sources, margins: [])) == ["error symbol-margins"])
    }

    @Test func interpolationCountsSegmentsNotSpelling() {
        let sources = ["Ultralight-S", "Regular-S", "Black-S"]
        // Relative commands and an implicit lineto are the same structure.
        #expect(Self.problems(Self.template(variants: sources, margins: sources, regular: "m10 -60 80 0 0 13 -80 0z")) == [])
        // An extra implicit point is not: a note, never an error (actool then takes the
        // Regular-S margins as fixed ones).
        #expect(Self.problems(Self.template(variants: sources, margins: sources, regular: "M10 -60L90 -60 90 -47 50 -47 10 -47Z"))
            == ["note symbol-interpolation"])
    }

    @Test func textInAGlyphIsRefusedAnywhereInIt() {
        let text = Self.template(variants: ["Regular-M"]).replacingOccurrences(
            of: "<g id=\"Regular-M\"><g>", with: "<g id=\"Regular-M\"><g><g><text>A</text></g>")
        #expect(Self.problems(text) == ["error symbol-glyph"])
        let empty = Self.template(variants: ["Regular-M"]).replacingOccurrences(
            of: "<g id=\"Regular-M\"><g><path d=\"M10 -60L90 -60L90 -47L10 -47Z\"/></g></g>", with: "<g id=\"Regular-M\"/>")
        #expect(Self.problems(empty) == ["error symbol-glyph"])
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

    @Test func aTemplateWithoutRegularMediumAndSourcesFailsInTheReport() throws {
        let report = try Self.broken { text in
            text.replacingOccurrences(of: "id=\"Black-S\"", with: "id=\"Black-X\"")
                .replacingOccurrences(of: "id=\"Regular-M\"", with: "id=\"Regular-X\"")
        }
        #expect(!report.passed)
        #expect(Self.summary(report).contains { $0.hasPrefix("error symbol-variants the template has no `Regular-M` variant") })
        #expect(report.findings.first?.file == "Assets.xcassets/custom.bubble.badge.symbolset/custom.bubble.badge.svg")
    }

    @Test func aSecondSVGIsAnUnassignedChild() throws {
        let report = try Self.broken({ $0 }, extraFile: "old.svg")
        #expect(Self.summary(report) == ["warning unassigned is not the template of the symbol set \"custom.bubble.badge\" (unassigned child)"])
    }

    @Test func aTemplateThatIsNotXMLIsAnError() throws {
        let report = try Self.broken { _ in "<svg" }
        #expect(report.findings.map(\.rule) == [.symbolTemplate])
        #expect(report.findings.first?.message.hasPrefix("cannot read custom.bubble.badge.svg: ") == true)
    }

    /// Issue 48: a symbol set may hold one template per appearance, as Xcode writes it for Dark.
    @Test func oneTemplatePerAppearancePasses() {
        let report = Verifier.verify(catalogAt: Fixtures.url("Symbols/Appearances/Assets.xcassets").path, displayPath: "Assets.xcassets")
        #expect(report.findings.isEmpty, "\(Self.summary(report))")
        #expect(report.coverage.checked["symbolset"] == 1)
        #expect(report.passed)
    }

    /// The boundary: a second template for the same appearance (here: both without appearances,
    /// or both dark) is a warning naming both; no template at all is a warning too, never an error.
    @Test func twoTemplatesForOneAppearanceAndNoneAreWarnings() throws {
        let root = try VerifyFixtures.temporaryDirectory()
        let catalog = root.appendingPathComponent("Assets.xcassets")
        try FileManager.default.copyItem(at: Fixtures.url("Symbols/Appearances/Assets.xcassets"), to: catalog)
        let contents = catalog.appendingPathComponent("emoji.symbolset/Contents.json")
        let original = try String(contentsOf: contents, encoding: .utf8)
        let dark = #"[ { "appearance" : "luminosity", "value" : "dark" } ]"#
        func check(_ symbols: String) throws -> [String] {
            let text = #"{ "info" : { "author" : "xcode", "version" : 1 }, "symbols" : "# + symbols + " }"
            try Data(text.utf8).write(to: contents)
            return Self.summary(Verifier.verify(catalogAt: catalog.path, displayPath: "Assets.xcassets"))
        }
        #expect(try check(#"[ { "filename" : "emoji.svg", "idiom" : "universal" }, { "filename" : "emoji.dark.svg", "idiom" : "universal" } ]"#) == [
            #"warning symbol names 2 templates for the Any appearance in "symbols" (emoji.svg, emoji.dark.svg); which one Xcode uses is not known"#,
        ])
        #expect(try check(#"[ { "appearances" : \#(dark), "filename" : "emoji.svg", "idiom" : "universal" }, { "appearances" : \#(dark), "filename" : "emoji.dark.svg", "idiom" : "universal" } ]"#) == [
            #"warning symbol names 2 templates for luminosity dark in "symbols" (emoji.svg, emoji.dark.svg); which one Xcode uses is not known"#,
        ])
        let none = try check("[ ]")
        #expect(none.contains(#"warning symbol names no template in "symbols": the symbol set "emoji" draws nothing"#))
        #expect(!none.contains { $0.hasPrefix("error") })
        try Data(original.utf8).write(to: contents)
        #expect(Self.summary(Verifier.verify(catalogAt: catalog.path, displayPath: "Assets.xcassets")).isEmpty)
    }
}
