import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Testing
import TestSupport
@testable import Verification

/// The catalog check in shards over the cores (issue 50): whatever the cut, the findings are those
/// of one run through the sets, in catalog order, with the plan's checks (each shard reads the
/// shared source on its own) and without.
@Suite struct ShardTests {
    /// The plan's jobs by folder, made a run at a time, are what grouping each path by its folder
    /// gives: a folder met again later, a path at the top, a trailing slash, one folder in two
    /// Unicode forms (equal as strings: one key).
    @Test func jobsByFolderAreEachPathsFolder() {
        let paths = ["A.imageset/a.png", "A.imageset/b.png", "B.imageset/a.png", "A.imageset/c.png", "top.png",
                     "G/C.imageset/a.png", "G/C.imageset/", "G/a.png", "Caf\u{E9}.imageset/a.png", "Cafe\u{301}.imageset/b.png",
                     "Caf\u{E9}.imageset/c.png", "/root.png"]
        let made = Inspection.PlanCheck.byFolder(paths.count) { paths[$0] }
        #expect(made == Dictionary(grouping: paths.indices) { PathText.parent(paths[$0]) })
        #expect(made["A.imageset"] == [0, 1, 3])
        #expect(made["Caf\u{E9}.imageset"] == [8, 9, 10])
    }

    @Test func shardsAreCutAtTheirBounds() {
        #expect(Inspection.shards(of: 0) == [0..<0])
        #expect(Inspection.shards(of: 2 * Inspection.shardSets - 1) == [0..<(2 * Inspection.shardSets - 1)])
        #expect(Inspection.shards(of: 2 * Inspection.shardSets).count == 2)
        #expect(Inspection.shards(of: 600, least: 7).count == Inspection.mostShards)
        #expect(Inspection.shards(of: Inspection.mostShards * 7 - 1, least: 7).count == Inspection.mostShards - 1)
        for count in [1, 255, 511, 512, 600, 4_353, 50_000] {
            let ranges = Inspection.shards(of: count, least: 7)
            #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        }
    }

    /// `ReadAheadTests`' catalog of 600 sets with faults at a window's edges, in the middle and last.
    @Test func findingsOfAnyCutAreThoseOfOneRun() throws {
        let path = try ReadAheadTests().catalog()
        func report(least: Int) -> VerifyReport {
            let inspection = Inspection(catalogPath: path, display: "Assets.xcassets")
            inspection.leastShardSets = least
            #expect(inspection.loadSets())
            inspection.checkCatalog()
            return inspection.report()
        }
        let whole = report(least: .max)
        #expect(whole.findings.count == 4)
        // Every set's PNG but the missing one's and that of the set whose Contents.json is not JSON.
        #expect(whole.files == ReadAheadTests.setCount - 2 && whole.sets.count == ReadAheadTests.setCount)
        for least in [1, 7, 300, Inspection.shardSets] {
            let cut = report(least: least)
            #expect(cut.findings == whole.findings, "shards of at least \(least) sets")
            #expect(cut.files == whole.files && cut.sets == whole.sets)
        }
    }

    /// Twelve image sets from one source, the source now too small for @3x, one set's file changed
    /// after the build and another's deleted: each set its own shard finds what one run finds.
    @Test func planChecksOfAnyCutAreThoseOfOneRun() throws {
        let (project, plan) = try VerifyFixtures.badgeProject(count: 12)
        try VerifyFixtures.png(side: 40).write(to: project.appendingPathComponent("Badge.png"))
        let catalog = project.appendingPathComponent("Output/Assets.xcassets")
        try VerifyFixtures.png(side: 40, channels: .rgb).write(to: catalog.appendingPathComponent("Badge5.imageset/Badge5@2x.png"))
        try FileManager.default.removeItem(at: catalog.appendingPathComponent("Badge11.imageset/Badge11.png"))
        let record = BuildRecord.read(at: StateFolder(plan: plan).record)
        let whole = Verifier.verify(plan: plan, record: record, leastShardSets: .max)
        #expect(whole.findings.filter { $0.rule == .upscaled }.count == 12)
        #expect(whole.findings.filter { $0.rule == .stale }.count == 35, "every file but the deleted one: its source changed")
        #expect(whole.findings.contains { $0.rule == .modified && $0.file.hasSuffix("Badge5@2x.png") })
        #expect(whole.findings.contains { $0.rule == .missingFile && $0.file.contains("Badge11.imageset") })
        for least in [1, 5] {
            #expect(Verifier.verify(plan: plan, record: record, leastShardSets: least).findings == whole.findings)
        }
    }

    /// The catalog listed while the manifest is parsed serves the check of that catalog only.
    @Test func aListingServesOnlyItsCatalog() throws {
        let path = try VerifyFixtures.catalog(set: "Logo.imageset", contents: #"{ "images" : [ ], "info" : { "version" : 1 } }"#)
        let listing = CatalogListing(catalogAt: path)
        #expect(listing.sets(ofCatalogAt: path + "/.")??.sets.map(\.path) == ["Logo.imageset"])
        #expect(listing.sets(ofCatalogAt: path + "-other") == nil)
        let missing = CatalogListing(catalogAt: path + "-missing")
        #expect(missing.sets(ofCatalogAt: path + "-missing").map { $0 == nil } == true)
        let inspection = Inspection(catalogPath: path + "-other", display: "Other.xcassets")
        #expect(!inspection.loadSets(listing: listing), "another catalog's listing is not taken")
    }

    /// A set's folder kind follows its path.
    @Test func aSetsKindFollowsItsPath() {
        var set = CatalogSet(path: "Tabs/Home.imageset", name: "Home", kind: .image, files: [], contents: .success(.null))
        #expect(set.folderExtension == "imageset" && set.folderKind == .imageSet)
        set.path = "AppIcon.AppIconSet"
        #expect(set.folderExtension == "appiconset" && set.folderKind == .appIconSet)
    }

    /// A PNG is told by its name's last four bytes, in any case (its declared-size check before reading).
    @Test func aPNGIsToldByItsNamesLastBytes() {
        for name in ["A.imageset/A.png", "A.imageset/A@2x.PNG", "x.pNg", ".png"] { #expect(Inspection.isPNGName(name), "\(name)") }
        for name in ["A.imageset/A.pn", "png", "A.imageset/Apng", "A.png.json", "A.imageset/A.jpg", "é.pnģ"] {
            #expect(!Inspection.isPNGName(name), "\(name)")
        }
    }
}
