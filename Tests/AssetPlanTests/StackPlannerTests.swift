import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Testing
import TestSupport

/// Plans of tvOS and visionOS stacks: folder names, layer order and names by count (table data),
/// pixel sizes, which jobs are opaque, and the limits of the layer count; no rendering.
@Suite struct StackPlannerTests {
    static let tables = [Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path]
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stack-planner-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["a.svg", "b.svg", "c.svg", "d.svg", "e.svg", "f.svg", "shelf.svg"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        return dir
    }()

    func plan(_ layers: String, platforms: String = "[tvos]", table: String = "ios18", extra: String = "") throws -> Plan {
        let text = "table: \(table)\nassets:\n  - {name: TV, kind: app-icon, platforms: \(platforms), fill: \"#102030\", layers: \(layers)\(extra)}\n"
        let manifest = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: directory)
        return try Planner.plan(manifest, tableDirectories: Self.tables)
    }

    func errors(_ layers: String, platforms: String = "[tvos]", table: String = "ios18") -> [String] {
        do {
            _ = try plan(layers, platforms: platforms, table: table)
            return []
        } catch let error as PlanError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    static let brand = "TV & Top Shelf Image.brandassets"

    @Test func fourLayersFrontToBackWithTheBackOpaque() throws {
        let plan = try plan("[a.svg, b.svg, c.svg, d.svg]")
        let stack = try #require(plan.entries.first { $0.folder == Self.brand + "/App Icon.imagestack" })
        #expect(stack.contents["layers"] == [["filename": "Front.imagestacklayer"], ["filename": "Middle 1.imagestacklayer"],
                                             ["filename": "Middle 2.imagestacklayer"], ["filename": "Back.imagestacklayer"]])
        // Manifest bottom to top: a.svg is the back, d.svg the front.
        let home = plan.jobs.filter { $0.output.hasPrefix(Self.brand + "/App Icon.imagestack/") && $0.scale == .x2 }
        #expect(home.map { "\($0.output.split(separator: "/")[2]) \($0.source.displayPath)" } == [
            "Back.imagestacklayer a.svg", "Front.imagestacklayer d.svg", "Middle 1.imagestacklayer c.svg", "Middle 2.imagestacklayer b.svg",
        ])
        for job in plan.jobs where job.output.contains(".imagestack/") {
            let isBack = job.output.contains("/Back.imagestacklayer/")
            #expect(job.background == (isBack ? RGBAColor(red: 0x10, green: 0x20, blue: 0x30) : nil), "\(job.output)")
            #expect(job.channels == (isBack ? .rgb : .rgba))
            #expect(job.fit == .contain, "layers are never stretched")
            #expect(job.pixelSize == (job.output.contains("App Store") ? PixelSize(width: 1280, height: 768)
                : job.scale == .x2 ? PixelSize(width: 800, height: 480) : PixelSize(width: 400, height: 240)))
        }
        // Top Shelf images: composed (the other layers over the back), 1x and 2x for tv and tv-marketing.
        let shelves = plan.jobs.filter { $0.output.contains("/Top Shelf Image") }
        #expect(shelves.count == 8)
        #expect(shelves.allSatisfy { $0.overlays?.map(\.displayPath) == ["b.svg", "c.svg", "d.svg"] && $0.channels == .rgb })
        #expect(Set(shelves.map(\.pixelSize)) == [PixelSize(width: 1920, height: 720), PixelSize(width: 3840, height: 1440),
                                                  PixelSize(width: 2320, height: 720), PixelSize(width: 4640, height: 1440)])
        #expect(plan.iconBundles == nil, "no .icon for tvOS alone")
    }

    @Test func aGivenTopShelfIsDrawnAloneAndTheWideOneComposed() throws {
        let plan = try plan("[a.svg, b.svg]", extra: ", top-shelf: shelf.svg")
        let shelf = plan.jobs.filter { $0.output.hasPrefix(Self.brand + "/Top Shelf Image.imageset/") }
        #expect(shelf.allSatisfy { $0.source.displayPath == "shelf.svg" && $0.overlays == nil })
        let wide = plan.jobs.filter { $0.output.hasPrefix(Self.brand + "/Top Shelf Image Wide.imageset/") }
        #expect(wide.allSatisfy { $0.source.displayPath == "a.svg" && $0.overlays?.map(\.displayPath) == ["b.svg"] })
    }

    @Test func visionOSWithTwoLayersLeavesTheMiddleEmpty() throws {
        let plan = try plan("[a.svg, b.svg]", platforms: "[visionos]")
        let middle = try #require(plan.entries.first { $0.folder == "TV.solidimagestack/Middle.solidimagestacklayer/Content.imageset" })
        #expect(middle.contents["images"] == [["idiom": "vision", "scale": "2x"]])
        #expect(plan.jobs.map(\.output) == ["TV.solidimagestack/Back.solidimagestacklayer/Content.imageset/TV-vision-Back.png",
                                            "TV.solidimagestack/Front.solidimagestacklayer/Content.imageset/TV-vision-Front.png"])
        #expect(plan.jobs.allSatisfy { $0.pixelSize == PixelSize(width: 1024, height: 1024) })
    }

    @Test func layerCountsOutsideTheTablesAreErrors() {
        #expect(errors("[a.svg, b.svg, c.svg, d.svg, e.svg, f.svg]") == [
            "assetsmith.yml:3:76: error: \"layers\" of asset \"TV\" has 6 layers; a tvOS image stack needs 2 to 5\n  fix: merge layers until there are at most 5",
        ])
        #expect(errors("[a.svg, b.svg, c.svg, d.svg]", platforms: "[visionos]") == [
            "assetsmith.yml:3:80: error: \"layers\" of asset \"TV\" has 4 layers; a visionOS icon needs 2 to 3: a back layer and one or two in front of it\n  fix: merge layers until there are at most 3, or remove visionos from \"platforms\"",
        ])
        #expect(errors("[a.svg, b.svg]", table: "ios12").first?.contains("table \"ios12\" has no tvOS app icon sizes") == true)
    }
}
