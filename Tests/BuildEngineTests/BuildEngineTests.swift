import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import PNGCodec
import Testing
import TestSupport
@testable import BuildEngine

/// The engine in this process, without the binary: what a build draws, reuses, refuses, keeps
/// and removes, on a small project in a temporary folder (an app icon from an SVG, an image from
/// a 60 px PNG).
@Suite struct BuildEngineTests {
    /// A project folder: `Icon.svg`, `Badge.png` (60x60 px) and a manifest naming them.
    struct Project {
        let folder: URL
        var catalog: URL { folder.appendingPathComponent("Output/Assets.xcassets") }

        init(badgeSize: Int = 20, extraAssets: String = "") throws {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("engine-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in ["Icon.svg", "Badge.png"] {
                try FileManager.default.copyItem(at: Fixtures.url("Verify/project/\(name)"),
                                                 to: folder.appendingPathComponent(name))
            }
            try writeManifest(badgeSize: badgeSize, extraAssets: extraAssets)
        }

        func writeManifest(badgeSize: Int = 20, withBadge: Bool = true, extraAssets: String = "") throws {
            var text = """
                table: ios18
                output: Output
                catalog: Assets
                assets:
                  - name: AppIcon
                    kind: app-icon
                    source: Icon.svg
                    background: "#1B3FA8"

                """
            if withBadge {
                text += """
                      - name: Badge
                        kind: image
                        source: Badge.png
                        size: \(badgeSize)

                    """
            }
            text += extraAssets
            try text.write(to: folder.appendingPathComponent("assetsmith.yml"), atomically: true, encoding: .utf8)
        }

        func plan() throws -> Plan {
            let manifest = try ManifestLoader.load(path: folder.appendingPathComponent("assetsmith.yml").path)
            return try Planner.plan(manifest, tableDirectories: [Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path])
        }

        func build(force: Bool = false) throws -> BuildResult {
            BuildEngine(threads: 2, force: force).build(try plan())
        }

        func data(_ path: String) -> Data? { FileManager.default.contents(atPath: catalog.appendingPathComponent(path).path) }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// The plan's warnings travel in the result, first, and each phase is reported to the hook the
    /// front end sets (the engine prints nothing and reads no environment).
    @Test func planWarningsAndPhasesAreInTheResult() throws {
        let project = try Project(extraAssets: """
              - name: Tab
                kind: tab-icon
                source: Icon.svg
            tab-bar:
              tint: "#8A8A8E"
              background: "#7A7A7E"

            """)
        defer { project.remove() }
        let plan = try project.plan()
        #expect(plan.warnings.count == 1)
        let phases = PhaseLog()
        var engine = BuildEngine(threads: 2)
        engine.phaseFinished = { phases.append($0) }
        let result = engine.build(plan)
        #expect(result.diagnostics.first == plan.warnings.first)
        #expect(result.diagnostics.first?.message.hasPrefix("tab bar tint #8A8A8E and background #7A7A7E differ by") == true)
        #expect(phases.names == ["read sources", "glyph checks", "group + read record", "keys and up-to-date check",
                                 "derived-form check", "render and encode", "write catalog"])
    }

    final class PhaseLog: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ name: String) { lock.withLock { list.append(name) } }
        var names: [String] { lock.withLock { list } }
    }

    @Test func aSecondBuildDrawsNothingAndWritesNothing() throws {
        let project = try Project()
        defer { project.remove() }
        let plan = try project.plan()
        let first = try project.build()
        #expect(first.diagnostics.isEmpty, "\(first.diagnostics)")
        #expect(first.rendered == plan.jobs.count)
        #expect(first.upToDate == 0)
        #expect(first.failedJobs == 0)
        let second = try project.build()
        #expect(second.rendered == 0)
        #expect(second.upToDate == plan.jobs.count)
        #expect(second.report.written.isEmpty)
        #expect(second.report.removed.isEmpty)
        let forced = try project.build(force: true)
        #expect(forced.rendered == plan.jobs.count)
        #expect(forced.report.written.isEmpty, "same bytes again: nothing to rewrite")
    }

    @Test func aChangedSourceRedrawsOnlyItsOwnOutputs() throws {
        let project = try Project()
        defer { project.remove() }
        let plan = try project.plan()
        _ = try project.build()
        let red = Bitmap(width: 60, height: 60, filledWith: RGBAColor(red: 255, green: 0, blue: 0, alpha: 255))
        try PNGCodec.encode(red, channels: .rgba).write(to: project.folder.appendingPathComponent("Badge.png"))
        let badgeJobs = plan.jobs.filter { $0.asset == "Badge" }
        let result = try project.build()
        #expect(badgeJobs.count == 3)
        #expect(result.rendered == badgeJobs.count)
        #expect(result.upToDate == plan.jobs.count - badgeJobs.count)
        #expect(Set(result.report.written) == Set(badgeJobs.map(\.output)))
        let redrawn = try PNGCodec.decode(#require(project.data("Badge.imageset/Badge@3x.png")))
        #expect(Array(redrawn.pixels[0..<4]) == [255, 0, 0, 255])
    }

    @Test func aHandEditedOutputIsDrawnAgain() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.build()
        let path = "Badge.imageset/Badge@2x.png"
        let original = try #require(project.data(path))
        try Data("not a png".utf8).write(to: project.catalog.appendingPathComponent(path))
        let result = try project.build()
        #expect(result.rendered == 1)
        #expect(result.report.written == [path])
        #expect(project.data(path) == original)
    }

    @Test func anUpscaleIsRefusedAndTheRestIsBuilt() throws {
        let project = try Project(badgeSize: 40)
        defer { project.remove() }
        let plan = try project.plan()
        let result = try project.build()
        // 60 px is enough for 40 pt at @1x (40 px), not at @2x (80) or @3x (120).
        #expect(result.failedJobs == 2)
        #expect(result.rendered == plan.jobs.count - 2)
        let refusals = result.diagnostics.filter { $0.severity == .error }
        #expect(refusals.count == 2)
        #expect(refusals.allSatisfy { $0.description.contains("Badge") && $0.description.contains("upscal") },
                "\(refusals.map(\.description))")
        #expect(refusals.map(\.concernedAsset) == ["Badge", "Badge"])
        #expect(project.data("Badge.imageset/Badge@3x.png") == nil)
        #expect(project.data("Badge.imageset/Badge.png") != nil)
        #expect(project.data("AppIcon.appiconset/Contents.json") != nil)
    }

    @Test func aSetHoldingSomeoneElsesFilesIsLeftAsItIs() throws {
        let project = try Project()
        defer { project.remove() }
        let set = project.catalog.appendingPathComponent("Badge.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let theirs = Data(#"{"images":[{"filename":"Logo.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
        try theirs.write(to: set.appendingPathComponent("Contents.json"))
        try Data([1, 2, 3]).write(to: set.appendingPathComponent("Logo.png"))
        let result = try project.build()
        #expect(result.report.refusedSets == ["Badge.imageset"])
        #expect(project.data("Badge.imageset/Contents.json") == theirs)
        #expect(project.data("Badge.imageset/Logo.png") == Data([1, 2, 3]))
        #expect(project.data("Badge.imageset/Badge@2x.png") == nil)
        #expect(project.data("AppIcon.appiconset/Contents.json") != nil, "the other sets are still built")
        #expect(result.diagnostics.contains { $0.severity == .error && $0.description.contains("did not write") })
    }

    @Test func anAssetLeftOutOfTheManifestHasItsFilesRemoved() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.build()
        #expect(project.data("Badge.imageset/Badge.png") != nil)
        try project.writeManifest(withBadge: false)
        let result = try project.build()
        #expect(result.rendered == 0)
        #expect(Set(result.report.removed).isSuperset(of: ["Badge.imageset/Badge.png", "Badge.imageset/Badge@2x.png",
                                                           "Badge.imageset/Badge@3x.png", "Badge.imageset/Contents.json"]),
                "\(result.report.removed)")
        #expect(project.data("Badge.imageset/Badge.png") == nil)
        #expect(project.data("AppIcon.appiconset/Contents.json") != nil)
    }

    @Test func aBrokenSourceFailsItsJobsAndKeepsTheirEarlierFiles() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.build()
        let before = try #require(project.data("Badge.imageset/Badge@3x.png"))
        try Data("not a png".utf8).write(to: project.folder.appendingPathComponent("Badge.png"))
        let result = try project.build()
        #expect(result.failedJobs == 3)
        #expect(result.report.removed.isEmpty, "a failing asset never loses its files")
        #expect(project.data("Badge.imageset/Badge@3x.png") == before)
        #expect(result.diagnostics.contains { $0.severity == .error && $0.description.contains("Badge.png") },
                "\(result.diagnostics)")
    }

    @Test func jobsWithIdenticalPixelsAreDrawnOnce() throws {
        let project = try Project(extraAssets: """
              - name: BadgeCopy
                kind: image
                source: Badge.png
                size: 20

            """)
        defer { project.remove() }
        let plan = try project.plan()
        let groups = RenderGroup.groups(of: plan)
        #expect(groups.count == plan.jobs.count - 3, "BadgeCopy's three files are Badge's pixels")
        #expect(groups.flatMap(\.outputs).sorted() == plan.jobs.map(\.output).sorted())
        #expect(groups.allSatisfy { group in group.jobs.allSatisfy { $0.renderKey == group.key } })
        let result = try project.build()
        #expect(result.rendered == plan.jobs.count)
        #expect(project.data("BadgeCopy.imageset/BadgeCopy@3x.png") == project.data("Badge.imageset/Badge@3x.png"))
    }

    /// An output of exactly its PNG source's size takes the source's image data as it is (issue
    /// 38: no second compression), with the encoder's header and sRGB chunk, and the same pixels
    /// as drawing it; one pixel smaller is drawn. Badge.png is 60 px: @3x of 20 pt is 60 px.
    @Test(arguments: [20, 19])
    func anOutputOfTheSourcesOwnSizeKeepsItsImageData(_ points: Int) throws {
        let project = try Project(badgeSize: points)
        defer { project.remove() }
        let result = try project.build()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let source = try Data(contentsOf: project.folder.appendingPathComponent("Badge.png"))
        let output = try #require(project.data("Badge.imageset/Badge@3x.png"))
        let idat = { (data: Data) in PNGChunks.chunks(of: data)?.filter { $0.type == "IDAT" } }
        #expect(PNGChunks.types(of: output)?.prefix(2) == ["IHDR", "sRGB"])
        if points == 20 {
            #expect(idat(output) == idat(source))
            #expect(try PNGCodec.decode(output) == PNGCodec.decode(source))
        } else {
            #expect(idat(output) != idat(source))
            #expect(try PNGCodec.info(output).size == PixelSize(square: 57))
        }
    }
}
