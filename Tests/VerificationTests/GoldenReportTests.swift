import AssetCore
import Testing
import TestSupport
import Verification

/// Each committed fixture catalog against its exact report in every format.
@Suite struct GoldenReportTests {
    /// Fixture, whether it passes, and the rules it must raise.
    static let cases: [(String, Bool, [Finding.Rule])] = [
        ("clean", true, []),
        ("wrong-size", false, [.pixelSize]),
        ("missing-file", false, [.missingFile]),
        ("unassigned-file", true, [.unassigned]),
        ("rgba-marketing", false, [.alphaChannel]),
        ("trns-marketing", false, [.alphaChannel]),
        ("jpeg-named-png", false, [.notPNG]),
        ("incomplete-pair", false, [.pair, .pair]),
    ]

    @Test(arguments: cases.map(\.0))
    func reportMatchesGoldens(_ fixture: String) throws {
        let (_, passes, rules) = try #require(Self.cases.first { $0.0 == fixture })
        let report = Verifier.verify(catalogAt: VerifyFixtures.catalog(fixture), displayPath: "Assets.xcassets")
        #expect(report.passed == passes)
        #expect(report.findings.map(\.rule) == rules)
        VerifyFixtures.expectGoldens(report, fixture: fixture)
    }

    @Test func strictTurnsTheUnassignedWarningIntoAFailure() {
        let report = Verifier.verify(catalogAt: VerifyFixtures.catalog("unassigned-file"), displayPath: "Assets.xcassets")
        #expect(report.passed)
        let strict = report.applying(.strict)
        #expect(!strict.passed)
        #expect(ReportFormat.text.render(strict) == """
            Assets.xcassets/Banner.imageset/Banner-old@2x.png: error: is not assigned to any slot of the image set "Banner" (unassigned child)
              fix: assign it to a slot in Contents.json, or delete it
            verified Assets.xcassets: 1 set checked (1 image); 3 files; 1 error, 0 warnings

            """)
    }

    @Test func displayPathDefaultsToTheCatalogFolderName() {
        let report = Verifier.verify(catalogAt: VerifyFixtures.catalog("wrong-size"))
        #expect(report.catalog == "Assets.xcassets")
        #expect(report.findings.first?.file == "Assets.xcassets/AppIcon.appiconset/AppIcon-60@3x.png")
    }
}
