import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Testing
import TestSupport
import Verification

/// Manifest mode: sizes from the plan, upscaling, and up to date against the build record.
@Suite struct PlanVerificationTests {
    @Test func freshBuildIsClean() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        let report = VerifyFixtures.verify(plan)
        #expect(report.findings == [])
        #expect(ReportFormat.text.render(report) == "verified Assets.xcassets: 2 sets checked (1 app icon, 1 image); 4 files; 0 errors, 0 warnings\n")
    }

    @Test func changedSourceIsStale() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        try VerifyFixtures.png(side: 60).write(to: project.appendingPathComponent("Badge.png"))
        let report = VerifyFixtures.verify(plan)
        #expect(report.findings.map(\.rule) == [.stale, .stale, .stale])
        VerifyFixtures.expectGoldens(report, fixture: "stale-source")
    }

    @Test func smallerSourceIsUpscaled() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        // The badge is 20 pt: @3x needs 60 px, the new source has 40 px.
        try VerifyFixtures.png(side: 40).write(to: project.appendingPathComponent("Badge.png"))
        let report = VerifyFixtures.verify(plan)
        #expect(report.findings.filter { $0.rule == .upscaled }.map(\.file)
            == ["Assets.xcassets/Badge.imageset/Badge@3x.png"])
        VerifyFixtures.expectGoldens(report, fixture: "upscaled-source")
    }

    @Test func recordedSourcePixelsAreUsedWhenTheSourceIsGone() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        // Pretend the build recorded a 30 px source that is no longer on disk.
        let recordPath = StateFolder(plan: plan).record
        var record = try #require(BuildRecord.read(at: recordPath))
        for (path, file) in record.files where file.asset == "Badge" {
            record.files[path]?.sourcePixels = PixelSize(square: 30)
        }
        try record.encoded().write(to: URL(fileURLWithPath: recordPath))
        try FileManager.default.removeItem(at: project.appendingPathComponent("Badge.png"))
        let report = VerifyFixtures.verify(plan)
        #expect(report.findings.map(\.message).contains(
            "slot 20x20pt @3x needs 60x60 px but source \"Badge.png\" has 30x30 px (it would be upscaled to 200%)"))
    }

    @Test func handEditedOutputIsReported() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        let output = project.appendingPathComponent("Output/Assets.xcassets/Badge.imageset/Badge@2x.png")
        try VerifyFixtures.png(side: 40, colour: RGBAColor(red: 1, green: 2, blue: 3)).write(to: output)
        let report = VerifyFixtures.verify(plan)
        #expect(ReportFormat.text.render(report) == """
            Assets.xcassets/Badge.imageset/Badge@2x.png: error: was changed after assetsmith generated it (its bytes do not match the build record)
              fix: delete it and run `assetsmith build` to regenerate it; to keep a hand-made file, remove the asset from the manifest
            verified Assets.xcassets: 2 sets checked (1 app icon, 1 image); 4 files; 1 error, 0 warnings

            """)
    }

    /// Our own outputs stay held to the strict rules (issue 18): an opaque RGBA App Store icon and a
    /// JPEG named .png are errors here, where a catalog made elsewhere gets warnings.
    @Test func ownOutputsKeepTheStrictRules() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        let catalog = project.appendingPathComponent("Output/Assets.xcassets")
        let icon = try #require(plan.jobs.first { $0.output.hasSuffix(".png") && $0.pixelSize.width == 1024 })
        try VerifyFixtures.png(side: 1024, channels: .rgba).write(to: catalog.appendingPathComponent(icon.output))
        let jpeg = try Data(contentsOf: Fixtures.url("Verify/RealWorld/image-types/Assets.xcassets/Photo.imageset/photo.jpg"))
        try jpeg.write(to: catalog.appendingPathComponent("Badge.imageset/Badge.png"))
        let findings = VerifyFixtures.verify(plan).findings.filter { $0.rule != .modified }
            .map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.file)" }
        #expect(findings == [
            "error alpha-channel Assets.xcassets/\(icon.output)",
            "error pixel-size Assets.xcassets/Badge.imageset/Badge.png",
            "error not-png Assets.xcassets/Badge.imageset/Badge.png",
        ])
    }

    @Test func changedManifestParametersAreStale() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        let manifest = project.appendingPathComponent("assetsmith.yml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "#1B3FA8", with: "#000000").write(to: manifest, atomically: true, encoding: .utf8)
        let report = VerifyFixtures.verify(try VerifyFixtures.plan(project: project))
        #expect(report.findings.map(\.message) == [
            "is out of date: the manifest changed how slot universal 1024pt is rendered since the last build",
        ])
        #expect(report.findings.first?.fix == "run `assetsmith build`")
    }

    @Test func wrongSizeAndMissingOutputsAreReportedAgainstThePlan() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        let set = project.appendingPathComponent("Output/Assets.xcassets/Badge.imageset")
        try VerifyFixtures.png(side: 50).write(to: set.appendingPathComponent("Badge@3x.png"))
        try FileManager.default.removeItem(at: set.appendingPathComponent("Badge@2x.png"))
        let report = VerifyFixtures.verify(plan)
        let lines = report.findings.map { "\($0.place): \($0.rule.rawValue): \($0.message)" }
        #expect(lines == [
            "Assets.xcassets/Badge.imageset/Badge@3x.png: pixel-size: is 50x50 px but slot 20x20pt @3x needs 60x60 px",
            "Assets.xcassets/Badge.imageset/Badge@3x.png: modified: was changed after assetsmith generated it (its bytes do not match the build record)",
            "Assets.xcassets/Badge.imageset/Contents.json:9:7: missing-file: the file \"Badge@2x.png\" for the image set \"Badge\" does not exist",
        ])
    }

    /// The plan's checks run set by set (issue 38); the jobs of a set that is not on disk are
    /// still checked against their sources.
    @Test func jobsOfAMissingSetAreStillCheckedAgainstTheirSources() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        try FileManager.default.removeItem(at: project.appendingPathComponent("Output/Assets.xcassets/Badge.imageset"))
        try VerifyFixtures.png(side: 40).write(to: project.appendingPathComponent("Badge.png"))
        let report = VerifyFixtures.verify(plan)
        #expect(report.findings.map { "\($0.file): \($0.rule.rawValue): \($0.message)" } == [
            "Assets.xcassets/Badge.imageset: missing-file: the set for asset \"Badge\" does not exist",
            "Assets.xcassets/Badge.imageset/Badge@3x.png: upscaled: slot 20x20pt @3x needs 60x60 px but source \"Badge.png\" "
                + "has 40x40 px (it would be upscaled to 150%)",
        ])
    }

    /// A set's Contents.json is compared with the manifest's at the set's turn, when verify reads
    /// it (issue 38: not all at once before the checks).
    @Test func contentsJSONUnlikeTheManifestsIsStale() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        try VerifyFixtures.fakeBuild(plan)
        let contents = project.appendingPathComponent("Output/Assets.xcassets/Badge.imageset/Contents.json")
        let text = try String(contentsOf: contents, encoding: .utf8)
        #expect(text.contains("\"author\" : \"xcode\""))
        try text.replacingOccurrences(of: "\"author\" : \"xcode\"", with: "\"author\" : \"a person\"")
            .write(to: contents, atomically: true, encoding: .utf8)
        let report = VerifyFixtures.verify(plan)
        #expect(report.findings.map { "\($0.file): \($0.rule.rawValue): \($0.message)" } == [
            "Assets.xcassets/Badge.imageset/Contents.json: stale: is not what the manifest gives for asset \"Badge\"; "
                + "the manifest or the requirement table changed since the last build",
        ])
    }

    @Test func missingRecordAndMissingCatalog() throws {
        let project = try VerifyFixtures.projectCopy()
        let plan = try VerifyFixtures.plan(project: project)
        let nothing = VerifyFixtures.verify(plan)
        #expect(nothing.findings.map { "\($0.file): \($0.message)" } == ["Assets.xcassets: the catalog does not exist"])

        try VerifyFixtures.fakeBuild(plan)
        try FileManager.default.removeItem(at: project.appendingPathComponent(".assetsmith"))
        let noRecord = VerifyFixtures.verify(plan)
        #expect(noRecord.findings.map(\.message) == [
            "has no build record (Assets.xcassets.record.json in the state folder, .assetsmith beside the manifest); verify cannot tell whether it is up to date",
        ])
    }
}
