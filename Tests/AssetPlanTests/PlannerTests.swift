import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Testing
import TestSupport

/// The plan: which files, at which exact pixel sizes, from which source, with which Contents.json.
@Suite struct PlannerTests {
    static let tables = [Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path]
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("planner-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["icon.svg", "small.svg", "dark.svg", "icon.png", "banner.png"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        return dir
    }()

    func plan(_ text: String) throws -> Plan {
        let manifest = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: directory)
        return try Planner.plan(manifest, tableDirectories: Self.tables)
    }

    func planErrors(_ text: String) -> [String] {
        do {
            _ = try plan(text)
            return []
        } catch let error as PlanError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func singleSizeIconWithAppearances() throws {
        let plan = try plan("""
        table: ios18
        assets:
          - name: AppIcon
            kind: app-icon
            source: icon.svg
            background: "#1B3FA8"
            dark: dark.svg
            tinted: auto
        """)
        #expect(plan.jobs.map(\.output) == [
            "AppIcon.appiconset/AppIcon-1024.png",
            "AppIcon.appiconset/AppIcon-Dark-1024.png",
            "AppIcon.appiconset/AppIcon-Tinted-1024.png",
        ])
        let byName = Dictionary(uniqueKeysWithValues: plan.jobs.map { ($0.output, $0) })
        let marketing = try #require(byName["AppIcon.appiconset/AppIcon-1024.png"])
        #expect(marketing.pixelSize == PixelSize(width: 1024, height: 1024))
        #expect(marketing.channels == .rgb)
        #expect(marketing.background == RGBAColor(hex: "#1B3FA8"))
        let dark = try #require(byName["AppIcon.appiconset/AppIcon-Dark-1024.png"])
        #expect(dark.channels == .rgba)
        #expect(dark.background == nil)
        #expect(dark.source.displayPath == "dark.svg")
        let tinted = try #require(byName["AppIcon.appiconset/AppIcon-Tinted-1024.png"])
        #expect(tinted.channels == .rgb)
        #expect(tinted.effect == .greyscale)
    }

    @Test func allSizesLayoutHasExactPixelsAndSmallMaster() throws {
        let plan = try plan("""
        table: ios18
        assets:
          - name: Icon
            kind: app-icon
            source: icon.svg
            small-source: small.svg
            layout: all-sizes
        """)
        let sizes = Dictionary(uniqueKeysWithValues: plan.jobs.map { ($0.output, $0.pixelSize.width) })
        #expect(sizes["Icon.appiconset/Icon-83.5@2x.png"] == 167)
        #expect(sizes["Icon.appiconset/Icon-60@3x.png"] == 180)
        #expect(sizes["Icon.appiconset/Icon-20@2x.png"] == 40)
        #expect(sizes["Icon.appiconset/Icon-1024.png"] == 1024)
        for job in plan.jobs {
            #expect(job.pixelSize.width == job.pixelSize.height)
            #expect(job.channels == .rgb, "\(job.output) must be opaque RGB")
            let points = Double(job.pixelSize.width) / Double(job.scale.factor)
            let expected = points <= 40 ? "small.svg" : "icon.svg"
            #expect(job.source.displayPath == expected, "\(job.output)")
        }
    }

    @Test func legacyTableSlotsAndContents() throws {
        let plan = try plan("""
        table: ios7
        assets:
          - name: Icon
            kind: app-icon
            source: icon.svg
        """)
        let entry = try #require(plan.entries.first)
        #expect(entry.folder == "Icon.appiconset")
        guard case .object(let contents) = entry.contents, case .array(let images)? = contents["images"] else {
            Issue.record("no images array")
            return
        }
        #expect(images.count == plan.jobs.count)
        #expect(plan.jobs.contains { $0.output.hasSuffix("-iPad-76@2x.png") && $0.pixelSize.width == 152 })
    }

    @Test func imageAtTableScales() throws {
        let plan = try plan("""
        table: ios18
        assets:
          - name: Banner
            kind: image
            source: banner.png
            size: 240x90
        """)
        #expect(plan.jobs.map(\.output) == ["Banner.imageset/Banner.png", "Banner.imageset/Banner@2x.png", "Banner.imageset/Banner@3x.png"])
        #expect(plan.jobs.map(\.pixelSize) == [PixelSize(width: 240, height: 90), PixelSize(width: 480, height: 180),
                                               PixelSize(width: 720, height: 270)])
        #expect(plan.jobs.allSatisfy { $0.channels == .rgba && $0.fit == .contain })
    }

    @Test func pointSizeWithoutWholePixelsIsRefusedPerScale() {
        let found = planErrors("""
        table: ios18
        assets:
          - name: Odd
            kind: image
            source: banner.png
            size: 10.5
        """)
        let fix = "\n  fix: use a point size that gives whole pixels at every scale (e.g. a multiple of 1 pt, or 0.5 pt without @3x)"
        #expect(found == ["assetsmith.yml:3:5: error: image \"Odd\" is 10.5x10.5 pt, which is not a whole number of pixels at @1x" + fix,
                          "assetsmith.yml:3:5: error: image \"Odd\" is 10.5x10.5 pt, which is not a whole number of pixels at @3x" + fix])
        #expect(planErrors("table: ios18\nassets:\n  - {name: Half, kind: image, source: banner.png, size: 10.5, scales: [2x]}\n").isEmpty)
    }

    @Test func unknownTableSuggestsTheNearest() {
        let found = planErrors("table: ios19\nassets: []\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("assetsmith.yml:1:8: error: ") == true)
        #expect(found.first?.contains("ios18") == true, "\(found)")
    }

    @Test func upscaleRefusalNamesEverything() throws {
        let plan = try plan("""
        table: ios18
        assets:
          - name: Small
            kind: image
            source: banner.png
            size: 25
        """)
        let refusals = plan.jobs.compactMap { UpscaleRule.check($0, sourcePixels: PixelSize(width: 50, height: 50)) }
        #expect(refusals.map(\.description) == [
            "assetsmith.yml:5:13: error: \"Small\" 25x25pt @3x needs 75x75 px but source \"banner.png\" has 50x50 px (it would be upscaled to 150%); not rendered\n  fix: supply a source of at least 75x75 px, or an SVG",
        ])
    }

    @Test func planIsDeterministic() throws {
        let text = "table: ios18\nassets:\n  - {name: B, kind: image, source: banner.png, size: 20}\n  - {name: A, kind: app-icon, source: icon.svg, layout: all-sizes}\n"
        #expect(try plan(text) == plan(text))
        #expect(try plan(text).jobs.map(\.output) == plan(text).jobs.map(\.output).sorted())
    }
}
