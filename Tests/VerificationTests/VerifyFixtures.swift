import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import PNGCodec
import Testing
import TestSupport
import Verification

/// Fixture paths, golden comparison and a stand-in build for the verify tests.
enum VerifyFixtures {
    /// `Tests/Fixtures/Verify`
    static let directory = Fixtures.url("Verify")

    /// A new catalog with one set holding `contents` and `files`; returns the catalog path.
    static func catalog(set: String, contents: String, files: [String: Data] = [:]) throws -> String {
        let root = try temporaryDirectory().appendingPathComponent("Assets.xcassets")
        let folder = root.appendingPathComponent(set)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: folder.appendingPathComponent("Contents.json"))
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        return root.path
    }

    /// Verify's findings on the catalog at `path`, one `place: severity: message` line each.
    static func findingLines(_ path: String) -> [String] {
        Verifier.verify(catalogAt: path).findings.map { "\($0.place): \($0.severity.rawValue): \($0.message)" }
    }

    /// The committed catalog of a fixture: `Tests/Fixtures/Verify/<name>/Assets.xcassets`.
    static func catalog(_ name: String) -> String {
        directory.appendingPathComponent(name).appendingPathComponent("Assets.xcassets").path
    }

    /// Golden file extension of each format.
    static func goldenExtension(_ format: ReportFormat) -> String {
        switch format {
        case .text: "txt"
        case .json: "json"
        case .junit: "xml"
        case .github: "github"
        }
    }

    /// Compares `report` in every format with `Tests/Fixtures/Verify/<name>/expected.<ext>`.
    /// `RECORD_GOLDENS=1` rewrites the goldens and fails; a missing golden fails.
    static func expectGoldens(_ report: VerifyReport, fixture name: String,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        for format in ReportFormat.allCases {
            let actual = format.render(report)
            let url = directory.appendingPathComponent(name).appendingPathComponent("expected." + goldenExtension(format))
            if record {
                try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? Data(actual.utf8).write(to: url)
                Issue.record("recorded \(url.path); run again without RECORD_GOLDENS", sourceLocation: sourceLocation)
                continue
            }
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("missing golden \(url.path) (record it with RECORD_GOLDENS=1)", sourceLocation: sourceLocation)
                continue
            }
            #expect(actual == expected, "\(name) --format \(format.rawValue)", sourceLocation: sourceLocation)
        }
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("assetsmith-verify-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of `Tests/Fixtures/Verify/project` in a temporary folder.
    static func projectCopy() throws -> URL {
        let temp = try temporaryDirectory()
        let target = temp.appendingPathComponent("project")
        try FileManager.default.copyItem(at: directory.appendingPathComponent("project"), to: target)
        return target
    }

    /// The project's manifest planned with the repository's tables.
    static func plan(project: URL) throws -> Plan {
        let manifest = try ManifestLoader.load(path: project.appendingPathComponent("assetsmith.yml").path)
        return try Planner.plan(manifest, tableDirectories: [Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path])
    }

    /// Writes the plan's catalog the way a build does (files, Contents.json, record with keys and
    /// source facts), with flat-colour pixels instead of rendered ones: verify looks at sizes,
    /// PNG facts and hashes, never at what the pixels show.
    static func fakeBuild(_ plan: Plan) throws {
        var files: [String: RenderedFile] = [:]
        for job in plan.jobs {
            let source = try Data(contentsOf: URL(fileURLWithPath: job.source.path))
            let sha = Digest.sha256Digest(source)
            let pixels = job.source.isVector ? nil : try PNGCodec.info(source).size
            let colour = job.channels == .rgb ? RGBAColor(red: 27, green: 63, blue: 168, alpha: 255)
                : RGBAColor(red: 230, green: 80, blue: 40, alpha: 255)
            let data = try PNGCodec.encode(Bitmap(width: job.pixelSize.width, height: job.pixelSize.height,
                                                  filledWith: colour), channels: job.channels)
            files[job.output] = RenderedFile(data: data, source: job.source.displayPath, sourceSHA256: sha,
                                             sourcePixels: pixels,
                                             key: BuildKey.digest(for: job, sourceDigest: sha.hex, table: plan.table))
        }
        let report = CatalogWriter.write(plan, files: files, failed: [])
        #expect(report.diagnostics.isEmpty, "fake build: \(report.diagnostics)")
    }

    /// A copy of the fixture project whose manifest has `count` image assets (`Badge0`…) drawn from
    /// its `Badge.png` at 20 pt, planned and built (`fakeBuild`).
    static func badgeProject(count: Int) throws -> (project: URL, plan: Plan) {
        let project = try projectCopy()
        var manifest = "table: ios18\noutput: Output\ncatalog: Assets\nassets:\n"
        for index in 0..<count { manifest += "  - name: Badge\(index)\n    kind: image\n    source: Badge.png\n    size: 20\n" }
        try Data(manifest.utf8).write(to: project.appendingPathComponent("assetsmith.yml"))
        let plan = try plan(project: project)
        try fakeBuild(plan)
        return (project, plan)
    }

    /// Verifies the plan's catalog as `assetsmith verify` does.
    static func verify(_ plan: Plan) -> VerifyReport {
        let record = BuildRecord.read(at: StateFolder(plan: plan).record)
        return Verifier.verify(plan: plan, record: record, stacks: stackRules)
    }

    /// The tvOS and visionOS facts of the newest bundled table, as `assetsmith verify` loads them.
    static let stackRules: StackRules? = {
        let tables = Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path
        guard case .success(let table) = TableLoader.load("ios18", from: [tables],
                                                          reference: SourceLocation(file: "", line: 0, column: 0))
        else { return nil }
        return StackRules(table: table)
    }()

    /// A PNG of `side`×`side` px in one colour.
    static func png(side: Int, channels: PixelChannels = .rgba,
                    colour: RGBAColor = RGBAColor(red: 200, green: 40, blue: 40, alpha: 255)) throws -> Data {
        try PNGCodec.encode(Bitmap(width: side, height: side, filledWith: colour), channels: channels)
    }
}
