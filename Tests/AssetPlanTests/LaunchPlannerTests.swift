import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Testing
import TestSupport

/// Launch images: every slot at its exact pixel size, bar heights per device and orientation,
/// and template problems reported at the template's own line and column.
@Suite struct LaunchPlannerTests {
    static let tables = [Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path]
    static let manifests = Fixtures.url("Manifests/valid").path

    /// Plans a manifest given as text, written as if it sat in `Tests/Fixtures/Manifests/valid`.
    static func plan(_ yaml: String) throws -> Plan {
        let manifest = try ManifestLoader.parse(yaml, file: "test.yaml", directory: manifests)
        return try Planner.plan(manifest, tableDirectories: tables)
    }

    static func manifest(table: String = "ios18", template: String = "fixture", extra: String = "") -> String {
        """
        table: \(table)
        assets:
          - name: Launch
            kind: launch-image
            template: ../../Launch/\(template).yml
            logo: ../../Artwork/launch/logo.svg
        \(extra)
        """
    }

    static func launchJobs(_ plan: Plan) -> [String: RenderJob] {
        Dictionary(uniqueKeysWithValues: plan.jobs.filter { $0.launch != nil }
            .map { (($0.output as NSString).lastPathComponent, $0) })
    }

    /// Pixel sizes from Docs/reference/ios-asset-requirements.md §4.1, written out here so
    /// that a wrong table or a wrong point-to-pixel step fails.
    static let expectedSizes: [String: [String: (Int, Int)]] = [
        "ios18": [
            "Launch-iPhone-Portrait@2x.png": (640, 960),
            "Launch-iPhone-retina4-Portrait@2x.png": (640, 1136),
            "Launch-iPhone-667h-Portrait@2x.png": (750, 1334),
            "Launch-iPhone-736h-Portrait@3x.png": (1242, 2208),
            "Launch-iPhone-736h-Landscape@3x.png": (2208, 1242),
            "Launch-iPhone-2436h-Portrait@3x.png": (1125, 2436),
            "Launch-iPhone-2436h-Landscape@3x.png": (2436, 1125),
            "Launch-iPhone-2688h-Portrait@3x.png": (1242, 2688),
            "Launch-iPhone-2688h-Landscape@3x.png": (2688, 1242),
            "Launch-iPhone-1792h-Portrait@2x.png": (828, 1792),
            "Launch-iPhone-1792h-Landscape@2x.png": (1792, 828),
            "Launch-iPad-Portrait.png": (768, 1024),
            "Launch-iPad-Landscape.png": (1024, 768),
            "Launch-iPad-Portrait@2x.png": (1536, 2048),
            "Launch-iPad-Landscape@2x.png": (2048, 1536),
        ],
        "ios7": [
            "Launch-iPhone-Portrait@2x.png": (640, 960),
            "Launch-iPhone-retina4-Portrait@2x.png": (640, 1136),
            "Launch-iPhone-667h-Portrait@2x.png": (750, 1334),
            "Launch-iPhone-736h-Portrait@3x.png": (1242, 2208),
            "Launch-iPhone-736h-Landscape@3x.png": (2208, 1242),
            "Launch-iPad-Portrait.png": (768, 1024),
            "Launch-iPad-Landscape.png": (1024, 768),
            "Launch-iPad-Portrait@2x.png": (1536, 2048),
            "Launch-iPad-Landscape@2x.png": (2048, 1536),
        ],
        "ios6": [
            "Launch-iPhone-Portrait.png": (320, 480),
            "Launch-iPhone-Portrait@2x.png": (640, 960),
            "Launch-iPhone-retina4-Portrait@2x.png": (640, 1136),
            "Launch-iPad-Portrait-ToStatusBar.png": (768, 1004),
            "Launch-iPad-Landscape-ToStatusBar.png": (1024, 748),
            "Launch-iPad-Portrait-ToStatusBar@2x.png": (1536, 2008),
            "Launch-iPad-Landscape-ToStatusBar@2x.png": (2048, 1496),
            "Launch-iPad-Portrait.png": (768, 1024),
            "Launch-iPad-Landscape.png": (1024, 768),
            "Launch-iPad-Portrait@2x.png": (1536, 2048),
            "Launch-iPad-Landscape@2x.png": (2048, 1536),
        ],
    ]

    /// The planner reads no file: the template it draws is the one in the `Requirements` it is
    /// given, whatever the disk holds.
    @Test func thePlannerDrawsTheTemplateItIsGivenAndReadsNoFile() throws {
        let manifest = try ManifestLoader.parse(Self.manifest(), file: "test.yaml", directory: Self.manifests)
        var requirements = try Requirements.load(for: manifest, tableDirectories: Self.tables)
        let onDisk = try #require(try requirements.launchTemplates["Launch"]?.get())
        #expect(onDisk.background.value == RGBAColor(red: 255, green: 255, blue: 255))
        let text = try String(contentsOfFile: onDisk.path, encoding: .utf8)
            .replacingOccurrences(of: "background: \"#FFFFFF\"", with: "background: \"#102030\"")
        requirements.launchTemplates["Launch"] = .success(try LaunchTemplateLoader.parse(text, file: onDisk.file, path: onDisk.path))
        let plan = try Planner.plan(manifest, requirements: requirements)
        let jobs = plan.jobs.filter { $0.launch != nil }
        #expect(!jobs.isEmpty)
        #expect(jobs.allSatisfy { $0.background == RGBAColor(red: 0x10, green: 0x20, blue: 0x30) })
    }

    @Test(arguments: ["ios18", "ios7", "ios6"])
    func everySlotHasItsExactPixelSize(table: String) throws {
        let jobs = Self.launchJobs(try Self.plan(Self.manifest(table: table)))
        let expected = try #require(Self.expectedSizes[table])
        #expect(Set(jobs.keys) == Set(expected.keys))
        for (file, size) in expected {
            let job = try #require(jobs[file])
            #expect(job.pixelSize == PixelSize(width: size.0, height: size.1), "\(file)")
            #expect(job.channels == .rgb && job.background != nil, "\(file) must be opaque RGB")
            #expect(job.launch?.layers.first?.rect == PixelRect(x: 0, y: 0, width: size.0, height: size.1))
        }
    }

    /// The rectangle of the layer named `role` in `file`.
    static func rect(_ jobs: [String: RenderJob], _ file: String, _ role: String) throws -> PixelRect {
        let job = try #require(jobs[file])
        return try #require(job.launch?.layers.first { $0.role == role }?.rect, "\(file) has no \(role)")
    }

    @Test func barsChangeHeightWithOrientationAndDevice() throws {
        let jobs = Self.launchJobs(try Self.plan(Self.manifest()))
        // iPhone X portrait: status 44 + bar 44 + large title 52 pt; tab bar 49 + home indicator 34 pt.
        #expect(try Self.rect(jobs, "Launch-iPhone-2436h-Portrait@3x.png", "navigation-bar")
                == PixelRect(x: 0, y: 0, width: 1125, height: 140 * 3))
        #expect(try Self.rect(jobs, "Launch-iPhone-2436h-Portrait@3x.png", "tab-bar")
                == PixelRect(x: 0, y: 2436 - 83 * 3, width: 1125, height: 83 * 3))
        // Landscape: no status bar, compact 32 pt bars, no large title, 21 pt home indicator.
        #expect(try Self.rect(jobs, "Launch-iPhone-2436h-Landscape@3x.png", "navigation-bar")
                == PixelRect(x: 0, y: 0, width: 2436, height: 32 * 3))
        #expect(try Self.rect(jobs, "Launch-iPhone-2436h-Landscape@3x.png", "tab-bar")
                == PixelRect(x: 0, y: 1125 - 53 * 3, width: 2436, height: 53 * 3))
        // Plus phones keep the regular 44 pt bar in landscape, and the tab bar keeps 49 pt.
        #expect(try Self.rect(jobs, "Launch-iPhone-736h-Landscape@3x.png", "navigation-bar").height == 44 * 3)
        #expect(try Self.rect(jobs, "Launch-iPhone-736h-Landscape@3x.png", "tab-bar").height == 49 * 3)
        #expect(try Self.rect(jobs, "Launch-iPhone-736h-Portrait@3x.png", "navigation-bar").height == (20 + 44 + 52) * 3)
        // iPad, iOS 12 and later: 50 pt bars in both orientations.
        #expect(try Self.rect(jobs, "Launch-iPad-Landscape.png", "navigation-bar").height == 20 + 50 + 52)
        #expect(try Self.rect(jobs, "Launch-iPad-Landscape.png", "tab-bar").height == 50)
        // Hairlines: one pixel under the navigation bar and over the tab bar.
        #expect(try Self.rect(jobs, "Launch-iPhone-2436h-Portrait@3x.png", "navigation-bar hairline")
                == PixelRect(x: 0, y: 420, width: 1125, height: 1))
        #expect(try Self.rect(jobs, "Launch-iPhone-2436h-Portrait@3x.png", "tab-bar hairline")
                == PixelRect(x: 0, y: 2436 - 249 - 1, width: 1125, height: 1))
    }

    @Test func glyphsSitInTheSafeAreaOfTheBar() throws {
        let glyphs = "    tab-glyphs: [../../Artwork/launch/home.svg, ../../Artwork/launch/search.svg, ../../Artwork/launch/star.svg]"
        let jobs = Self.launchJobs(try Self.plan(Self.manifest(extra: glyphs)))
        // iPhone X landscape: 44 pt side insets, three equal items, 18 pt compact glyphs in a 32 pt bar.
        let first = try Self.rect(jobs, "Launch-iPhone-2436h-Landscape@3x.png", "glyph 1")
        let third = try Self.rect(jobs, "Launch-iPhone-2436h-Landscape@3x.png", "glyph 3")
        let item = Double(2436 - 2 * 132) / 3
        #expect(first == PixelRect(x: Int((132 + item / 2 - 27).rounded()), y: 1125 - 159 + (96 - 54) / 2, width: 54, height: 54))
        #expect(third.x + third.width / 2 == Int((132 + 2.5 * item).rounded()))
        // Portrait: regular 25 pt glyphs centred in the 49 pt bar above the home indicator.
        let portrait = try Self.rect(jobs, "Launch-iPhone-2436h-Portrait@3x.png", "glyph 2")
        #expect(portrait == PixelRect(x: 1125 / 2 - 37, y: 2436 - 249 + (147 - 75) / 2, width: 75, height: 75))
        let tint = try #require(jobs["Launch-iPhone-2436h-Portrait@3x.png"]?.launch?.layers.first { $0.role == "glyph 2" })
        #expect(tint.color == RGBAColor(hex: "#8E8E93") && tint.image?.displayPath == "../../Artwork/launch/search.svg")
    }

    @Test func logoIsCentredOnTheScreen() throws {
        let jobs = Self.launchJobs(try Self.plan(Self.manifest(table: "ios6")))
        #expect(try Self.rect(jobs, "Launch-iPhone-Portrait@2x.png", "logo") == PixelRect(x: 240, y: 400, width: 160, height: 160))
        // A to-status-bar image starts 20 pt down the screen: the logo moves up by as much.
        #expect(try Self.rect(jobs, "Launch-iPad-Portrait-ToStatusBar.png", "logo") == PixelRect(x: 344, y: (1024 - 80) / 2 - 20, width: 80, height: 80))
    }

    @Test func legacyStatusBarStyles() throws {
        var jobs = Self.launchJobs(try Self.plan(Self.manifest(table: "ios6", template: "legacy",
                                                               extra: "    logo-size: 64")))
        let layers = try #require(jobs["Launch-iPhone-Portrait@2x.png"]?.launch?.layers)
        #expect(layers.first { $0.role == "status-bar" } == LaunchLayer(role: "status-bar",
                rect: PixelRect(x: 0, y: 0, width: 640, height: 40), color: .black))
        #expect(layers.first { $0.role == "navigation-bar" }?.rect == PixelRect(x: 0, y: 40, width: 640, height: 88))
        // The iPad image that starts below the status bar has no status bar to paint.
        #expect(jobs["Launch-iPad-Portrait-ToStatusBar.png"]?.launch?.layers.contains { $0.role == "status-bar" } == false)

        jobs = Self.launchJobs(try Self.plan(Self.manifest(table: "ios6", template: "legacy",
                                                           extra: "    logo-size: 64\n    status-bar: black-translucent")))
        let translucent = try #require(jobs["Launch-iPhone-Portrait@2x.png"]?.launch?.layers)
        #expect(translucent.first { $0.role == "navigation-bar" }?.rect == PixelRect(x: 0, y: 0, width: 640, height: 128))
        #expect(translucent.last { $0.role == "status-bar" }?.color == RGBAColor(red: 0, green: 0, blue: 0, alpha: 128))
    }

    @Test func modernPathColourSetLogoAndSnippet() throws {
        let plan = try Self.plan(Self.manifest())
        let folders = plan.entries.map(\.folder)
        #expect(folders == ["Launch.launchimage", "LaunchBackground.colorset", "LaunchLogo.imageset"])
        #expect(plan.jobs.filter { $0.output.hasPrefix("LaunchLogo.imageset/") }.map(\.pixelSize)
                == [PixelSize(square: 80), PixelSize(square: 160), PixelSize(square: 240)])
        let snippet = try #require(plan.outputFiles?.first)
        #expect(snippet.path == "Launch-UILaunchScreen.plist")
        #expect(snippet.text.contains("<key>UIColorName</key>\n\t\t<string>LaunchBackground</string>"))
        #expect(snippet.text.contains("<key>UIImageName</key>\n\t\t<string>LaunchLogo</string>"))
        #expect(snippet.text.contains("<key>UITabBar</key>") && !snippet.text.contains("UIToolbar"))
    }

    /// The diagnostics a manifest gets from the planner (nil when it plans).
    static func planErrors(_ yaml: String) throws -> [Diagnostic] {
        do {
            _ = try plan(yaml)
            return []
        } catch let error as PlanError {
            return error.diagnostics
        }
    }

    static func templateLocation(_ diagnostic: Diagnostic?) -> (String, Int, Int)? {
        guard case .source(let location)? = diagnostic?.location else { return nil }
        return ((location.file as NSString).lastPathComponent, location.line, location.column)
    }

    @Test(arguments: [
        ("bad-colour", 4, 10, "is \"#12345G\", not a colour"),
        ("missing-logo", 4, 11, "file \"nowhere.svg\" does not exist"),
        ("unnamed-logo", 3, 1, "draws a logo but no logo file is given"),
    ])
    func templateProblemsPointIntoTheTemplate(name: String, line: Int, column: Int, message: String) throws {
        let yaml = """
            table: ios18
            assets:
              - name: Launch
                kind: launch-image
                template: ../../Launch/\(name).yml
            """
        let diagnostics = try Self.planErrors(yaml)
        #expect(diagnostics.count == 1)
        let found = try #require(Self.templateLocation(diagnostics.first))
        #expect(found.0 == "\(name).yml" && found.1 == line && found.2 == column)
        #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
        #expect(diagnostics.first?.fix != nil)
    }

    @Test func overridesForBarsTheTemplateLacksAreErrors() throws {
        let diagnostics = try Self.planErrors(Self.manifest(template: "unnamed-logo", extra: "    tab-bar: \"#FFFFFF\""))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("has no tab bar") == true)
        #expect(Self.templateLocation(diagnostics.first).map { [$0.1, $0.2] } == [7, 14])

        let glyphs = try Self.planErrors(Self.manifest(extra: "    tab-glyphs: [../../Artwork/launch/home.svg]"))
        #expect(glyphs.first?.message.contains("lists 1 glyph but the tab-bar") == true, "\(glyphs)")
    }

    @Test func unknownTemplateNameSuggestsOne() throws {
        let yaml = """
            table: ios18
            assets:
              - name: Launch
                kind: launch-image
                template: tabed
            """
        let diagnostics = try Self.planErrors(yaml)
        #expect(diagnostics.first?.message == "unknown launch template \"tabed\"")
        #expect(diagnostics.first?.fix?.hasPrefix("did you mean \"tabbed\"?") == true)
    }

    @Test func tablesWithoutALaunchSectionStillDecode() throws {
        let url = Fixtures.repoRoot.appendingPathComponent("Templates/Tables/ios18.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["launch"] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        let table = try JSONDecoder().decode(RequirementTable.self, from: data)
        #expect(table.launch == nil && !table.appIcon.layouts.isEmpty)
    }
}
