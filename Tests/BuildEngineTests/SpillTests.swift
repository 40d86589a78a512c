import AssetCatalog
import AssetCore
import Foundation
import Testing
@testable import BuildEngine

/// Past `Budgets.heldOutputBytes` the drawn files wait on disk, not in memory, and the catalog
/// is the same to the byte (issue 38: 50,000 assets held every PNG until the writer ran).
@Suite struct SpillTests {
    typealias Project = BuildEngineTests.Project

    /// Every file of the catalog, by path, with its bytes.
    func catalogFiles(_ project: Project) -> [String: Data] {
        let root = project.catalog.path
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = FileManager.default.contents(atPath: root + "/" + path) }
        }
        return files
    }

    func build(_ project: Project, heldBytes: Int, force: Bool = false) throws -> BuildResult {
        var engine = BuildEngine(threads: 2, force: force)
        engine.budgets.heldOutputBytes = heldBytes
        return engine.build(try project.plan())
    }

    @Test func aCatalogDrawnThroughTheSpillFileIsTheSameToTheByte() throws {
        let inMemory = try Project()
        let spilled = try Project()
        defer { inMemory.remove(); spilled.remove() }
        let held = try build(inMemory, heldBytes: Budgets.standard.heldOutputBytes)
        // Nothing may be held: every file drawn waits in the spill file.
        let through = try build(spilled, heldBytes: 0)
        #expect(through.diagnostics.isEmpty, "\(through.diagnostics)")
        #expect(through.rendered == held.rendered)
        #expect(Set(through.report.written) == Set(held.report.written))
        #expect(catalogFiles(spilled) == catalogFiles(inMemory))
        #expect(catalogFiles(spilled).count >= 7, "the root, two sets and their images")
        let assetsmith = spilled.folder.appendingPathComponent(".assetsmith").path
        let left = try FileManager.default.contentsOfDirectory(atPath: assetsmith)
        #expect(!left.contains { $0.hasPrefix("spill-") }, "the spill file goes with the build: \(left)")
        // The record knows the files it moved in: a second build draws and writes nothing; a
        // forced one draws all again, spills them, and finds every file unchanged.
        let again = try build(spilled, heldBytes: 0)
        #expect(again.rendered == 0 && again.report.written.isEmpty)
        let forced = try build(spilled, heldBytes: 0, force: true)
        #expect(forced.rendered == held.rendered)
        #expect(forced.report.written.isEmpty, "same bytes: nothing moved over the files")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: assetsmith)).contains { $0.hasPrefix("spill-") })
    }

    /// A killed build's spill file could be as large as its catalog: the next build that draws
    /// removes it even when it holds everything in memory; one that draws nothing leaves it.
    @Test func aKilledBuildsSpillFileGoesWithTheNextBuildThatDraws() throws {
        let project = try Project()
        defer { project.remove() }
        let assetsmith = project.folder.appendingPathComponent(".assetsmith").path
        try FileManager.default.createDirectory(atPath: assetsmith, withIntermediateDirectories: true)
        let dead = assetsmith + "/spill-999999999-1"
        FileManager.default.createFile(atPath: dead, contents: Data(count: 4096))
        let first = try build(project, heldBytes: Budgets.standard.heldOutputBytes)
        #expect(first.rendered > 0)
        #expect(!FileManager.default.fileExists(atPath: dead), "removed by a build that spilled nothing")
        FileManager.default.createFile(atPath: dead, contents: Data(count: 4096))
        let again = try build(project, heldBytes: Budgets.standard.heldOutputBytes)
        #expect(again.rendered == 0)
        #expect(FileManager.default.fileExists(atPath: dead), "a build that draws nothing does not look")
    }

    @Test func exactlyTheBudgetIsHeldAndOneByteMoreSpills() throws {
        let output = NSTemporaryDirectory() + "assetsmith-held-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let held = HeldBytes(budget: 10, spillFolder: output + "/.assetsmith")
        #expect(held.spill(Data(count: 4)) == nil, "within the budget: held")
        #expect(held.spill(Data(count: 6)) == nil, "exactly the budget: held")
        let over = try #require(held.spill(Data([7])), "one byte more: spilled")
        #expect(over.kept.file.read(over.kept.place) == Data([7]))
        #expect(over.sha256 == Digest.sha256Digest(Data([7])))
        #expect(held.spill(Data([1, 2])) != nil, "what is spilled does not count: still full")
        #expect(held.spill(Data()) == nil, "an empty file costs nothing to hold")
        held.removeFile()
        let left = (try? FileManager.default.contentsOfDirectory(atPath: output + "/.assetsmith")) ?? []
        #expect(!left.contains { $0.hasPrefix("spill-") })
    }

    @Test func aSpillFolderOfAKilledBuildOfAnEarlierVersionIsRemovedAndALiveOneKept() throws {
        let project = try Project()
        defer { project.remove() }
        let assetsmith = project.folder.appendingPathComponent(".assetsmith").path
        try FileManager.default.createDirectory(atPath: assetsmith + "/spill-999999999", withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: assetsmith + "/spill-999999999/0-0"))
        let live = "spill-\(getppid())"
        try FileManager.default.createDirectory(atPath: assetsmith + "/" + live, withIntermediateDirectories: true)
        _ = try build(project, heldBytes: 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: assetsmith)
        #expect(!left.contains("spill-999999999"))
        #expect(left.contains(live), "a running build's folder is left alone")
    }
}

/// One rule says when a worker starts before a drawing asks for one (the engine from the plan, the
/// CLI from the manifest's text while it is parsed).
@Suite struct PrestartRuleTests {
    @Test func aWorkerStartsEarlyOnlyForAFirstOrForcedBuildThatDrawsVectors() {
        #expect(BuildEngine.startsWorkerEarly(drawsVectors: true, hasRecord: false, force: false))
        #expect(BuildEngine.startsWorkerEarly(drawsVectors: true, hasRecord: true, force: true))
        #expect(!BuildEngine.startsWorkerEarly(drawsVectors: true, hasRecord: true, force: false), "incremental: on demand")
        #expect(!BuildEngine.startsWorkerEarly(drawsVectors: false, hasRecord: false, force: true), "bitmaps only: never")
    }
}
