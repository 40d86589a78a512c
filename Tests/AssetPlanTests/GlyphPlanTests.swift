import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import TestSupport
import Testing

/// Planning of bar glyphs, tab icon pairs, back indicators and controls: pixel sizes per box,
/// Contents.json shapes, cap inset checks and the tab bar warnings.
@Suite struct GlyphPlanTests {
    static let tables = Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path

    static func manifest(_ body: String, table: String = "ios18") throws -> Manifest {
        try ManifestLoader.parse("table: \(table)\n" + body, file: "test.yml", directory: Fixtures.repoRoot.path)
    }

    static func plan(_ body: String, table: String = "ios18") throws -> Plan {
        try Planner.plan(manifest(body, table: table), tableDirectories: [tables])
    }

    static func planErrors(_ body: String, table: String = "ios18") throws -> [String] {
        do {
            _ = try plan(body, table: table)
            Issue.record("planning succeeded; an error was expected")
            return []
        } catch let error as PlanError {
            return error.diagnostics.map(\.description)
        }
    }

    static func sizes(_ plan: Plan, prefix: String) -> [String: String] {
        var out: [String: String] = [:]
        for job in plan.jobs where job.output.hasPrefix(prefix) {
            out[String(job.output.dropFirst(prefix.count))] = "\(job.pixelSize.width)x\(job.pixelSize.height)"
        }
        return out
    }

    // MARK: sizes

    @Test(arguments: [("circle", 25, 18), ("square", 23, 17), ("wide", 31, 23), ("tall", 28, 20)])
    func tabIconPixelSizesFollowTheShapesBox(shape: String, regular: Int, compact: Int) throws {
        let plan = try Self.plan("""
            assets:
              - name: Tab
                kind: tab-icon
                source: Assets/Glyphs/home.svg
                shape: \(shape)
            """)
        var expected: [String: String] = [:]
        for set in ["Tab", "Tab.selected"] {
            for (factor, suffix) in [(1, ""), (2, "@2x"), (3, "@3x")] {
                expected["\(set).imageset/\(set)\(suffix).png"] = "\(regular * factor)x\(regular * factor)"
                expected["\(set).imageset/\(set)-compact\(suffix).png"] = "\(compact * factor)x\(compact * factor)"
            }
        }
        #expect(Self.sizes(plan, prefix: "") == expected)
    }

    @Test func tabPairDerivesTheMissingForm() throws {
        let outlineOnly = try Self.plan("""
            assets:
              - name: Home
                kind: tab-icon
                source: Assets/Glyphs/home.svg
            """)
        let selected = outlineOnly.jobs.first { $0.output == "Home.selected.imageset/Home.selected@2x.png" }
        #expect(selected?.effect == .glyph(GlyphTreatment(form: .filled)))
        #expect(selected?.source.displayPath == "Assets/Glyphs/home.svg")
        let filledOnly = try Self.plan("""
            assets:
              - name: Inbox
                kind: tab-icon
                selected-source: Assets/Glyphs/tray-fill.svg
                outline-width: 2
            """)
        let unselected = filledOnly.jobs.first { $0.output == "Inbox.imageset/Inbox@3x.png" }
        #expect(unselected?.effect == .glyph(GlyphTreatment(form: .outline, outlineWidth: 6, outlineWidthFrom: .manifest)),
                "2 pt at @3x = 6 px, as the manifest gives it")
        let defaultWidth = try Self.plan("""
            assets:
              - name: Inbox
                kind: tab-icon
                selected-source: Assets/Glyphs/tray-fill.svg
            """)
        let compact = defaultWidth.jobs.first { $0.output == "Inbox.imageset/Inbox-compact@2x.png" }
        #expect(compact?.effect == .glyph(GlyphTreatment(form: .outline, outlineWidth: 2.5, outlineWidthFrom: .drawing)),
                "measured from the drawing; 1.25 pt compact line weight @2x when it has no detail")
        let both = try Self.plan("""
            assets:
              - name: Star
                kind: tab-icon
                source: Assets/Glyphs/star.svg
                selected-source: Assets/Glyphs/star-fill.svg
            """)
        #expect(both.jobs.allSatisfy { $0.effect == .glyph(GlyphTreatment(form: .drawn)) })
        #expect(Set(both.jobs.filter { $0.output.hasPrefix("Star.selected") }.map(\.source.displayPath))
                == ["Assets/Glyphs/star-fill.svg"])
    }

    @Test func barGlyphSizesAndTheIOS7Table() throws {
        let body = """
            assets:
              - name: Search
                kind: bar-glyph
                source: Assets/Glyphs/search.svg
            """
        #expect(Self.sizes(try Self.plan(body), prefix: "Search.imageset/") == [
            "Search.png": "24x24", "Search@2x.png": "48x48", "Search@3x.png": "72x72",
            "Search-compact.png": "18x18", "Search-compact@2x.png": "36x36", "Search-compact@3x.png": "54x54",
        ])
        #expect(Self.sizes(try Self.plan(body, table: "ios7"), prefix: "Search.imageset/") == [
            "Search.png": "22x22", "Search@2x.png": "44x44", "Search@3x.png": "66x66",
            "Search-compact.png": "16x16", "Search-compact@2x.png": "32x32", "Search-compact@3x.png": "48x48",
        ])
    }

    @Test func tableWithoutGlyphsDecodesAndRefusesGlyphKinds() throws {
        let table = try TableLoader.load("ios6", from: [Self.tables], reference: SourceLocation(file: "t", line: 1, column: 1)).get()
        #expect(table.glyphs == nil)
        #expect(try Self.planErrors("""
            assets:
              - name: Search
                kind: bar-glyph
                source: Assets/Glyphs/search.svg
            """, table: "ios6") == [
            "test.yml:3:5: error: requirement table \"ios6\" has no glyph sizes, so bar-glyph \"Search\" cannot be planned\n"
                + "  fix: use table ios7 or later (e.g. `table: ios18`)",
        ])
    }

    // MARK: Contents.json goldens

    @Test(arguments: ["BarSearch.imageset", "TabInbox.imageset", "TabInbox.selected.imageset",
                      "BackChevron.mask.imageset", "PrimaryButton.disabled.imageset", "Slider.imageset"])
    func contentsJSONMatchesGolden(folder: String) throws {
        let plan = try Self.plan("""
            assets:
              - name: BarSearch
                kind: bar-glyph
                source: Assets/Glyphs/search.svg
              - name: TabInbox
                kind: tab-icon
                selected-source: Assets/Glyphs/tray-fill.svg
                shape: wide
              - name: BackChevron
                kind: back-indicator
                source: Assets/Glyphs/back.svg
                scales: [2x, 3x]
              - name: PrimaryButton
                kind: control
                source: Assets/Button.svg
                size: 44
                cap-insets: { top: 14, left: 16, bottom: 14, right: 16 }
              - name: Slider
                kind: control
                source: Assets/Button.svg
                size: 30x8
                center: tile
                scales: [2x, 3x]
                cap-insets: { left: 4, right: 4 }
            """)
        let entry = try #require(plan.entries.first { $0.folder == folder })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let actual = String(decoding: try encoder.encode(entry.contents), as: UTF8.self) + "\n"
        let golden = Fixtures.url("Expected/Contents/\(folder).json")
        if GoldenImage.recordingRequested {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("RECORDED \(golden.path); check it and run again without RECORD_GOLDENS")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(actual == expected)
    }

    // MARK: errors and warnings

    @Test func capInsetsMustLeaveACentreAtEveryScale() throws {
        #expect(try Self.planErrors("""
            assets:
              - name: Pill
                kind: control
                source: Assets/Button.svg
                size: 40x20
                cap-insets: { left: 20, right: 20 }
            """) == [
            "test.yml:7:17: error: cap insets of control \"Pill\" leave no stretchable centre at @1x: left 20 px + right 20 px = 40 px of the 40 px width\n"
                + "  fix: make left + right smaller than 40 pt, or make the control wider",
        ])
        #expect(try Self.planErrors("""
            assets:
              - name: Pill
                kind: control
                source: Assets/Button.svg
                size: 40x20
                cap-insets:
                  top: 12
                  bottom: 8.5
            """) == [
            "test.yml:8:7: error: cap insets of control \"Pill\" are not whole pixels at @1x\n"
                + "  fix: use insets in whole points (or halves without @3x)",
        ])
    }

    @Test func oversizedGlyphWarns() throws {
        let plan = try Self.plan("""
            assets:
              - name: Big
                kind: bar-glyph
                source: Assets/Glyphs/plus.svg
                size: 30
            """)
        #expect(plan.warnings.map(\.description) == [
            "test.yml:6:11: warning: bar-glyph \"Big\" is 30x30 pt, larger than the 28x28 pt maximum of table \"ios18\"\n"
                + "  fix: use a size of at most 28x28 pt, or leave \"size\" out for the 24x24 pt box",
        ])
        #expect(plan.warnings.map(\.concernedAsset) == ["Big"], "the preview finds the asset as data")
    }

    @Test func tooManyTabsInAGroupWarns() throws {
        var body = "assets:\n"
        for i in 1...6 {
            body += "  - name: T\(i)\n    kind: tab-icon\n    source: Assets/Glyphs/star.svg\n    group: main\n"
        }
        #expect(try Self.plan(body).warnings.map(\.description) == [
            "test.yml:26:12: warning: tab bar group \"main\" has 6 tabs; iPhone shows at most 5, so \"T6\" and the tabs after it go under \"More\"\n"
                + "  fix: keep at most 5 tabs in a tab bar (rule 12), or move some into another group",
        ])
        #expect(try Self.plan(body).warnings.map(\.concernedAsset) == ["T6"])
        #expect(try Self.plan(body + "tab-bar:\n  idiom: ipad\n").warnings.isEmpty, "iPad allows 7")
    }

    @Test func tabBarColoursAreChecked() throws {
        let tab = "assets:\n  - name: T\n    kind: tab-icon\n    source: Assets/Glyphs/star.svg\n"
        let lowContrast = try Self.plan(tab + """
            tab-bar:
              tint: "#8A8A8E"
              unselected-tint: "#9A9A9E"
              background: "#7A7A7E"
            """)
        #expect(lowContrast.warnings.map(\.description) == [
            "test.yml:7:9: warning: tab bar tint #8A8A8E and background #7A7A7E differ by 20 % in luminance, less than 50 %\n"
                + "  fix: make the tint much lighter or darker than the background (check the bar in greyscale, rule 23)",
            "test.yml:8:20: warning: selected tint #8A8A8E and unselected tint #9A9A9E differ by 18 % in luminance, less than 50 %\n"
                + "  fix: make the unselected tint much lighter or darker than the selected one (rule 23)",
        ])
        let hueOnly = try Self.plan(tab + """
            tab-bar:
              tint: "#D03030"
              unselected-tint: "#309030"
            """)
        #expect(hueOnly.warnings.map(\.description) == [
            "test.yml:8:20: warning: selected tint #D03030 and unselected tint #309030 differ only in hue\n"
                + "  fix: make one of them much lighter or darker: colour alone does not carry a state (rule 24)",
        ])
        let fine = try Self.plan(tab + """
            tab-bar:
              tint: "#1B3FA8"
              unselected-tint: "#8A8A8E"
              background: "#F8F8FA"
            """)
        #expect(fine.warnings.isEmpty)
    }

    /// The warning and the preview's greyscale check judge by the same rule: around 2:1 one
    /// side warns and the preview says "too low", the other side neither.
    @Test func warningAndPreviewAgreeOnTheThreshold() throws {
        let tab = "assets:\n  - name: T\n    kind: tab-icon\n    source: Assets/Glyphs/star.svg\n"
        // #767676 on white is 4.5:1, #A0A0A0 2.6:1, #B5B5B5 2.0:1 (just over), #C0C0C0 1.8:1.
        for (grey, distinct) in [("#767676", true), ("#A0A0A0", true), ("#B4B4B4", true), ("#C0C0C0", false), ("#E0E0E0", false)] {
            let colour = try #require(RGBAColor(hex: grey))
            #expect(Contrast.isDistinct(colour, .white) == distinct, "\(grey)")
            let plan = try Self.plan(tab + "tab-bar:\n  tint: \"\(grey)\"\n  background: \"#FFFFFF\"\n")
            #expect(plan.warnings.isEmpty == distinct, "\(grey): \(plan.warnings)")
        }
    }
}

/// The plan's JSON form keeps every effect, plain and with parameters.
@Suite struct EffectCodingTests {
    @Test(arguments: [Effect.none, .greyscale, .glyph(GlyphTreatment(form: .outline, outlineWidth: 4.5)),
                      .glyph(GlyphTreatment(form: .outline, outlineWidth: 4.5, outlineWidthFrom: .drawing)),
                      .glyph(GlyphTreatment(form: .transitionMask, template: false, snap: false)),
                      .tone(ToneAdjustment(brightness: 0.7, opacity: 1))])
    func roundTrips(effect: Effect) throws {
        let data = try JSONEncoder().encode([effect])
        #expect(try JSONDecoder().decode([Effect].self, from: data) == [effect])
    }

    /// A tab icon's symbol gets its `.fill` twin from an SVG `selected-source:` only: a derived
    /// filled form is pixels, so the build says why there is none and how to get it.
    @Test func symbolWithoutAnSVGFilledFormWarnsOfTheMissingTwin() throws {
        let plan = try GlyphPlanTests.plan("""
            assets:
              - {name: Home, kind: tab-icon, source: Assets/Glyphs/home.svg, symbol: true}
              - {name: Star, kind: tab-icon, source: Assets/Glyphs/star.svg, selected-source: Assets/Glyphs/star-fill.svg, symbol: true}
              - {name: Star2, kind: tab-icon, source: Assets/Glyphs/star.svg, selected-source: Assets/AppIcon.png, symbol: true}
            """)
        #expect(plan.entries.map(\.folder).filter { $0.hasSuffix(".symbolset") }.sorted()
                == ["Home.symbol.symbolset", "Star.symbol.fill.symbolset", "Star.symbol.symbolset", "Star2.symbol.symbolset"])
        #expect(plan.warnings.filter { $0.message.contains("filled twin") }.map(\.description) == [
            "test.yml:3:5: warning: the symbol of tab icon \"Home\" gets no filled twin \"Home.symbol.fill\": its selected (filled) form is derived from the outline as pixels, and a symbol is made of paths; the selected tab will show the outline symbol\n  fix: add `selected-source:` with the filled form as SVG (as Apple pairs `house` and `house.fill`), or use the image set \"Home.selected\" for the selected state",
            "test.yml:5:5: warning: the symbol of tab icon \"Star2\" gets no filled twin \"Star2.symbol.fill\": its selected-source \"Assets/AppIcon.png\" is not an SVG; the selected tab will show the outline symbol\n  fix: add `selected-source:` with the filled form as SVG (as Apple pairs `house` and `house.fill`), or use the image set \"Star2.selected\" for the selected state",
        ])
        #expect(plan.warnings.filter { $0.message.contains("filled twin") }.map(\.concernedAsset) == ["Home", "Star2"])
    }

    @Test func plainEffectsStayStrings() throws {
        let text = String(decoding: try JSONEncoder().encode([Effect.none, .greyscale]), as: UTF8.self)
        #expect(text == #"["none","greyscale"]"#)
    }
}
