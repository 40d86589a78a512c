import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import Testing

/// The catalog on disk: Xcode's Contents.json format, byte-stable output, and never touching what
/// a person made.
@Suite struct CatalogWriterTests {
    let output: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()
    var catalog: String { output + "/Assets.xcassets" }

    func plan(_ names: [String]) -> Plan {
        var jobs: [RenderJob] = []
        var entries: [CatalogEntry] = []
        for name in names {
            let file = name + ".png"
            jobs.append(RenderJob(output: "\(name).imageset/\(file)", asset: name, slot: "10x10pt @1x", scale: .x1,
                                  source: SourceRef(path: "/src/\(name).svg", displayPath: "\(name).svg", format: .svg),
                                  pixelSize: PixelSize(width: 10, height: 10), fit: .contain, background: nil,
                                  channels: .rgba))
            entries.append(CatalogEntry(asset: name, folder: "\(name).imageset", contents: [
                "images": [["filename": .string(file), "idiom": "universal", "scale": "1x"]],
                "info": CatalogEntry.info,
            ]))
        }
        return Plan(table: "ios18", outputDirectory: output, catalogFolder: "Assets.xcassets", jobs: jobs, entries: entries)
    }

    func files(_ names: [String], byte: UInt8 = 1) -> [String: RenderedFile] {
        Dictionary(uniqueKeysWithValues: names.map {
            ("\($0).imageset/\($0).png", RenderedFile(data: Data([byte, 2, 3]), source: "\($0).svg", sourceSHA256: "s", sourcePixels: nil))
        })
    }

    func read(_ path: String) -> String? {
        try? String(contentsOfFile: catalog + "/" + path, encoding: .utf8)
    }

    @Test func contentsJSONIsWrittenTheWayXcodeWritesIt() {
        let report = CatalogWriter.write(plan(["Star"]), files: files(["Star"]), failed: [])
        #expect(report.diagnostics.isEmpty)
        #expect(read("Star.imageset/Contents.json") == """
        {
          "images" : [
            {
              "filename" : "Star.png",
              "idiom" : "universal",
              "scale" : "1x"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """)
        #expect(read("Contents.json") == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    }

    @Test func secondIdenticalBuildRewritesNothing() throws {
        _ = CatalogWriter.write(plan(["A", "B"]), files: files(["A", "B"]), failed: [])
        let path = catalog + "/A.imageset/A.png"
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        let report = CatalogWriter.write(plan(["A", "B"]), files: files(["A", "B"]), failed: [])
        #expect(report.written.isEmpty)
        #expect(report.unchanged.count == 5) // root Contents.json, 2 PNGs, 2 Contents.json
        let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(before == after)
    }

    @Test func handMadeImagesetSurvivesAndStaleGeneratedSetIsRemoved() throws {
        _ = CatalogWriter.write(plan(["A", "B"]), files: files(["A", "B"]), failed: [])
        try FileManager.default.createDirectory(atPath: catalog + "/Manual.imageset", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: catalog + "/Manual.imageset/Contents.json"))
        try Data([9]).write(to: URL(fileURLWithPath: catalog + "/Manual.imageset/Manual.png"))

        let report = CatalogWriter.write(plan(["A"]), files: files(["A"]), failed: [])
        #expect(report.removed.sorted() == ["B.imageset/B.png", "B.imageset/Contents.json"])
        #expect(!FileManager.default.fileExists(atPath: catalog + "/B.imageset"))
        #expect(FileManager.default.fileExists(atPath: catalog + "/Manual.imageset/Manual.png"))
        #expect(FileManager.default.fileExists(atPath: catalog + "/A.imageset/A.png"))
    }

    @Test func staleFileEditedByHandIsKept() throws {
        _ = CatalogWriter.write(plan(["A", "B"]), files: files(["A", "B"]), failed: [])
        try Data([7, 7]).write(to: URL(fileURLWithPath: catalog + "/B.imageset/B.png"))
        let report = CatalogWriter.write(plan(["A"]), files: files(["A"]), failed: [])
        #expect(FileManager.default.fileExists(atPath: catalog + "/B.imageset/B.png"))
        #expect(report.diagnostics.map(\.description).contains(
            "warning: \"Assets.xcassets/B.imageset/B.png\" is no longer generated but was changed by hand; left in place\n  fix: delete it yourself if it is not needed"))
    }

    @Test func refusesToOverwriteAFileItDidNotWrite() throws {
        try FileManager.default.createDirectory(atPath: catalog + "/A.imageset", withIntermediateDirectories: true)
        try Data([42]).write(to: URL(fileURLWithPath: catalog + "/A.imageset/A.png"))
        let report = CatalogWriter.write(plan(["A", "B"]), files: files(["A", "B"]), failed: [])
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog + "/A.imageset/A.png")) == Data([42]))
        #expect(report.diagnostics.map(\.message) == [
            "the set \"Assets.xcassets/A.imageset\" holds files assetsmith did not write (\"A.png\"); nothing was written into it"])
        // Whole sets or nothing: the refused set gains no Contents.json; the other set is written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog + "/A.imageset") == ["A.png"])
        #expect(report.refusedSets == ["A.imageset"])
        #expect(FileManager.default.fileExists(atPath: catalog + "/B.imageset/B.png"))
    }

    @Test func emptyPlaceholderSetIsTakenOverAndRecorded() throws {
        try FileManager.default.createDirectory(atPath: catalog + "/A.imageset", withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: URL(fileURLWithPath: catalog + "/A.imageset/Contents.json"))
        let report = CatalogWriter.write(plan(["A"]), files: files(["A"]), failed: [])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.adopted.isEmpty, "taken over silently")
        let record = try #require(BuildRecord.read(at: output + "/.assetsmith/Assets.xcassets.record.json"))
        #expect(record.files["A.imageset/Contents.json"] != nil)
        #expect(record.files["A.imageset/A.png"] != nil)
    }

    @Test func placeholderThatNamesAFileIsNotAnEmptyPlaceholder() {
        #expect(SetOwnership.assignsNoFile(Data(#"{"images":[{"idiom":"universal"}]}"#.utf8)))
        #expect(!SetOwnership.assignsNoFile(Data(#"{"images":[{"idiom":"universal","filename":"a.png"}]}"#.utf8)))
        #expect(!SetOwnership.assignsNoFile(Data("not json".utf8)), "a file that cannot be read is a person's file")
        #expect(!SetOwnership.assignsNoFile(nil))
    }

    @Test func adoptingMovesForeignFilesToABackupThenWrites() throws {
        try FileManager.default.createDirectory(atPath: catalog + "/A.imageset", withIntermediateDirectories: true)
        try Data([42]).write(to: URL(fileURLWithPath: catalog + "/A.imageset/Old.png"))
        var adopting = plan(["A"])
        adopting.adopting = ["A"]
        let report = CatalogWriter.write(adopting, files: files(["A"]), failed: [])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.adopted.map(\.backupFolder) == [output + "/.assetsmith/backup/Assets.xcassets/A.imageset"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/.assetsmith/backup/Assets.xcassets/A.imageset/Old.png")) == Data([42]))
        #expect(!FileManager.default.fileExists(atPath: catalog + "/A.imageset/Old.png"))
        #expect(FileManager.default.fileExists(atPath: catalog + "/A.imageset/A.png"))
    }

    @Test func refusesToWriteThroughASymlink() throws {
        let elsewhere = output + "-elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: catalog + "/A.imageset", withDestinationPath: elsewhere)
        let report = CatalogWriter.write(plan(["A"]), files: files(["A"]), failed: [])
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/A.png"))
        #expect(report.diagnostics.contains { $0.severity == .error && $0.message.contains("symbolic link") },
                "\(report.diagnostics)")
    }

    @Test func failedJobKeepsPreviousOutputOrLeavesSlotEmpty() throws {
        _ = CatalogWriter.write(plan(["A"]), files: files(["A"]), failed: [])
        let kept = CatalogWriter.write(plan(["A"]), files: [:], failed: ["A.imageset/A.png"])
        #expect(kept.keptPrevious == ["A.imageset/A.png"])
        #expect(read("A.imageset/Contents.json")?.contains("\"filename\" : \"A.png\"") == true)

        let fresh = CatalogWriter.write(plan(["B"]), files: [:], failed: ["B.imageset/B.png"])
        #expect(fresh.keptPrevious.isEmpty)
        #expect(read("B.imageset/Contents.json")?.contains("filename") == false)
    }

    @Test func recordListsEveryGeneratedFile() throws {
        _ = CatalogWriter.write(plan(["A"]), files: files(["A"]), failed: [])
        let record = try #require(BuildRecord.read(at: StateFolder.legacy(outputDirectory: output, catalogFolder: "Assets.xcassets").record))
        #expect(record.files.keys.sorted() == ["A.imageset/A.png", "A.imageset/Contents.json", "Contents.json"])
        #expect(record.files["A.imageset/A.png"]?.sha256 == Digest.sha256Digest(Data([1, 2, 3])))
    }
}
