import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport
import Verification

/// Catalog-only checks on catalogs made in a temporary folder: bad input never crashes, and each
/// problem gives the exact message a user sees.
@Suite struct CatalogCheckTests {
    /// A catalog with one set holding `contents` and `files`; returns the catalog path.
    func catalog(set: String, contents: String, files: [String: Data] = [:]) throws -> String {
        try VerifyFixtures.catalog(set: set, contents: contents, files: files)
    }

    func lines(_ path: String) -> [String] { VerifyFixtures.findingLines(path) }

    static let imageEntry = #"{ "filename" : "A.png", "idiom" : "universal", "scale" : "1x" }"#

    @Test func malformedJSONIsAFindingWithItsPosition() throws {
        let path = try catalog(set: "A.imageset", contents: "{\n  \"images\" : [\n    { \"idiom\" : x }\n  ]\n}\n",
                               files: ["A.png": try VerifyFixtures.png(side: 4)])
        let findings = Verifier.verify(catalogAt: path).findings
        #expect(findings.count == 1)
        let parse = try #require(findings.first { $0.rule == .contents })
        #expect(parse.file == "Assets.xcassets/A.imageset/Contents.json")
        #expect(parse.line == 3)
        #expect(parse.message.hasPrefix("Contents.json is not valid JSON"))
        #expect(parse.column == 17)
    }

    @Test func missingContentsJSONAndMissingCatalogDoNotCrash() throws {
        let root = try VerifyFixtures.temporaryDirectory().appendingPathComponent("Assets.xcassets")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("A.imageset"), withIntermediateDirectories: true)
        // No evidence that actool fails on it, nor of what it does: a warning for a catalog made
        // elsewhere, its claim a "may" (issue 48).
        #expect(lines(root.path) == ["Assets.xcassets/A.imageset/Contents.json: warning: the set has no Contents.json; Xcode may skip the set"])
        #expect(lines(root.path + "/nowhere.xcassets") == ["nowhere.xcassets: error: the catalog folder does not exist"])
    }

    @Test func fileNameCaseMustMatchTheDirectoryListing() throws {
        let path = try catalog(set: "A.imageset", contents: "{ \"images\" : [\n  \(Self.imageEntry)\n] }",
                               files: ["a.png": try VerifyFixtures.png(side: 4)])
        #expect(lines(path) == [
            "Assets.xcassets/A.imageset/Contents.json: warning: \"info\" has no \"version\" : 1",
            // actool finds it on a case-insensitive volume (where most apps are built): a warning here.
            "Assets.xcassets/A.imageset/Contents.json:2:5: warning: names \"A.png\" but the file is \"a.png\"; the names "
                + "differ in case, so a case-sensitive volume does not find it",
        ])
    }

    @Test func anAbsurdIconSizeIsAFindingNotACrash() throws {
        let path = try catalog(set: "X.appiconset",
                               contents: #"{ "images" : [ { "filename" : "A.png", "idiom" : "iphone", "size" : "1e300x1e300", "scale" : "2x" } ], "info" : { "version" : 1 } }"#,
                               files: ["A.png": try VerifyFixtures.png(side: 4)])
        #expect(lines(path).contains { $0.contains("error: slot iphone 1e+300pt @2x is 1e300x1e300 pt, which is not a whole number of pixels at @2x") },
                "\(lines(path))")
    }

    @Test func corruptPNGIsAFinding() throws {
        var png = try VerifyFixtures.png(side: 8)
        png.replaceSubrange(20..<24, with: [0, 0, 0, 0]) // break the IHDR CRC
        let path = try catalog(set: "A.imageset", contents: "{ \"images\" : [ \(Self.imageEntry) ], \"info\" : { \"version\" : 1 } }",
                               files: ["A.png": png])
        let findings = Verifier.verify(catalogAt: path).findings
        #expect(findings.map(\.rule) == [.notPNG])
        #expect(findings.first?.message.hasPrefix("is corrupt or truncated") == true)
    }

    /// A value this verify does not know may be one a newer Xcode writes (`reality` was visionOS's
    /// idiom in Xcode 15's betas): a warning, never an error; a size that is not WIDTHxHEIGHT stays one.
    @Test func unknownValuesAreWarnings() throws {
        let contents = """
            {
              "images" : [
                { "filename" : "A.png", "idiom" : "iphone", "scale" : "4x", "size" : "60" },
                { "appearances" : [ { "appearance" : "luminosity", "value" : "dusk" } ], "idiom" : "watchos", "size" : "60x60" },
                { "idiom" : "reality", "size" : "60x60" }
              ],
              "info" : { "author" : "xcode", "version" : 1 },
              "colour" : 1
            }
            """
        let path = try catalog(set: "AppIcon.appiconset", contents: contents,
                               files: ["A.png": try VerifyFixtures.png(side: 120, channels: .rgb)])
        #expect(lines(path) == [
            "Assets.xcassets/AppIcon.appiconset/Contents.json:3:49: warning: \"scale\" is \"4x\"; Xcode accepts \"1x\", \"2x\" or \"3x\"",
            "Assets.xcassets/AppIcon.appiconset/Contents.json:3:65: error: \"size\" is \"60\"; Xcode expects points as \"WIDTHxHEIGHT\" (\"60x60\", \"83.5x83.5\")",
            "Assets.xcassets/AppIcon.appiconset/Contents.json:4:56: warning: \"luminosity\" appearance value \"dusk\" is not one verify knows (a newer Xcode may write it)",
            "Assets.xcassets/AppIcon.appiconset/Contents.json:4:78: warning: \"idiom\" is \"watchos\", which verify does not know (a newer Xcode may write it)",
            "Assets.xcassets/AppIcon.appiconset/Contents.json:8:3: warning: unknown key \"colour\"; Xcode may ignore it",
        ])
    }

    /// Behaviour change (issue 18): App Store Connect rejects transparency only in the App Store
    /// icon; a transparent home-screen size in a catalog made elsewhere is HIG advice, a warning.
    @Test func transparentHomeScreenIconIsAWarningButTheDarkIconMayBeTransparent() throws {
        let clear = try VerifyFixtures.png(side: 40, colour: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        let contents = """
            { "images" : [
              { "filename" : "Light.png", "idiom" : "iphone", "scale" : "2x", "size" : "20x20" },
              { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
                "filename" : "Dark.png", "idiom" : "iphone", "scale" : "2x", "size" : "20x20" }
            ], "info" : { "author" : "xcode", "version" : 1 } }
            """
        let path = try catalog(set: "AppIcon.appiconset", contents: contents, files: ["Light.png": clear, "Dark.png": clear])
        #expect(lines(path) == [
            "Assets.xcassets/AppIcon.appiconset/Light.png: warning: has 1600 transparent pixels; app icons must be fully "
                + "opaque (only the dark appearance may be transparent)",
        ])
    }

    /// Behaviour change (issue 18): template and pair rules are HIG advice and assetsmith's naming
    /// conventions, not actool's; in a catalog made elsewhere they are warnings.
    @Test func templateGlyphShouldHaveATransparentBackground() throws {
        let contents = "{ \"images\" : [ \(Self.imageEntry) ], \"info\" : { \"version\" : 1 }, "
            + "\"properties\" : { \"template-rendering-intent\" : \"template\" } }"
        let path = try catalog(set: "Star.imageset", contents: contents,
                               files: ["A.png": try VerifyFixtures.png(side: 24)])
        #expect(lines(path) == [
            "Assets.xcassets/Star.imageset/A.png: warning: has no transparent background (a corner pixel has alpha 255); "
                + "a template image draws only its alpha, so the background would show as a solid square",
        ])
    }

    @Test func maskWithoutIndicatorAndPairWithoutTemplateIntent() throws {
        let root = try VerifyFixtures.temporaryDirectory().appendingPathComponent("Assets.xcassets")
        let glyph = try VerifyFixtures.png(side: 44, colour: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        for set in ["Back.mask", "Tab", "Tab.selected"] {
            let folder = root.appendingPathComponent(set + ".imageset")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let properties = set == "Tab" ? "" : ", \"properties\" : { \"template-rendering-intent\" : \"template\" }"
            try Data(("{ \"images\" : [ { \"filename\" : \"g.png\", \"idiom\" : \"universal\", \"scale\" : \"2x\" } ], "
                + "\"info\" : { \"version\" : 1 }\(properties) }").utf8).write(to: folder.appendingPathComponent("Contents.json"))
            try glyph.write(to: folder.appendingPathComponent("g.png"))
        }
        #expect(lines(root.path) == [
            "Assets.xcassets/Back.mask.imageset: warning: transition mask \"Back.mask\" has no back indicator \"Back\"",
            "Assets.xcassets/Tab.imageset/Contents.json: warning: \"Tab\" is the unselected image of \"Tab.selected\" but its "
                + "template-rendering-intent is not set; bar glyphs are template images",
        ])
    }

    /// Behaviour change (issue 18): actool accepts an @3x that is not 3 times the @1x; the HIG
    /// advises against it, so a catalog made elsewhere gets a warning (`--strict` fails on it).
    @Test func imageScalesShouldBeExactMultiples() throws {
        let contents = """
            { "images" : [
              { "filename" : "A.png", "idiom" : "universal", "scale" : "1x" },
              { "filename" : "A@2x.png", "idiom" : "universal", "scale" : "2x" },
              { "filename" : "A@3x.png", "idiom" : "universal", "scale" : "3x" }
            ], "info" : { "author" : "xcode", "version" : 1 } }
            """
        let path = try catalog(set: "A.imageset", contents: contents, files: [
            "A.png": try VerifyFixtures.png(side: 30), "A@2x.png": try VerifyFixtures.png(side: 60),
            "A@3x.png": try VerifyFixtures.png(side: 80),
        ])
        #expect(lines(path) == [
            "Assets.xcassets/A.imageset/A@3x.png: warning: is 80x80 px but @3x must be 3 times @1x \"A.png\" (30x30 px): 90x90 px",
        ])
    }

    @Test func githubAndJUnitEscapeWhatTheyMust() {
        let finding = Finding(.error, .contents, file: "A,b:c.png", line: 2, column: 3, asset: "X&Y.imageset",
                              message: "100% \"bad\" <x>", fix: "fix it")
        let report = VerifyReport(catalog: "Assets.xcassets", sets: ["X&Y.imageset"], files: 1, findings: [finding])
        #expect(ReportFormat.github.render(report) == """
            ::error file=A%2Cb%3Ac.png,line=2,col=3,title=assetsmith verify (contents)::100%25 "bad" <x>%0Afix: fix it
            verified Assets.xcassets: 1 set checked (1 image); 1 file; 1 error, 0 warnings

            """)
        let junit = ReportFormat.junit.render(report)
        #expect(junit.contains(#"<testcase classname="Assets.xcassets" name="X&amp;Y.imageset">"#))
        #expect(junit.contains(#"<failure type="contents" message="100% &quot;bad&quot; &lt;x&gt;">"#))
    }
}
