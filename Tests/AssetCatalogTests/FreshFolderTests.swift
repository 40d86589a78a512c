import AssetCatalog
import AssetCore
import Foundation
import Testing

/// Issue 38: a set folder the build makes itself holds nobody else's files, so `FileUpdate` writes
/// into it without reading first; a folder that was already there is looked into as before.
@Suite struct FreshFolderTests {
    @Test func onlyTheCallThatMakesTheFolderSaysFresh() throws {
        let dir = try SafeFilesAtomicityTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = SafeFiles(root: dir)
        #expect(files.makeFreshFolder("A.imageset"))
        #expect(!files.makeFreshFolder("A.imageset"), "it exists now")
        #expect(!files.makeFreshFolder("Group/B.imageset"), "its parent does not exist")
        #expect(!files.makeFreshFolder(""))
        #expect(!files.makeFreshFolder("../Outside.imageset"))
        try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Link", withDestinationPath: dir + "/elsewhere")
        #expect(!files.makeFreshFolder("Link/C.imageset"), "not through a link")
        #expect(!FileManager.default.fileExists(atPath: dir + "/elsewhere/C.imageset"))
    }

    /// A folder that exists holding a file someone else made: the file is still refused, not
    /// overwritten; a new folder's files are written.
    @Test func aFolderThatWasThereIsStillReadBeforeWriting() throws {
        let dir = try SafeFilesAtomicityTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Mine.imageset", withIntermediateDirectories: true)
        try Data("hand made".utf8).write(to: URL(fileURLWithPath: dir + "/Mine.imageset/Mine.png"))
        let requests = ["Mine.imageset/Mine.png", "New.imageset/New.png", "New.imageset/Contents.json"].map {
            FileUpdate.Request(data: Data("generated".utf8), path: $0, generatedBefore: false, shownIn: "Assets.xcassets")
        }
        let outcomes = FileUpdate.apply(requests, in: SafeFiles(root: dir))
        guard case .failed(let refusal) = outcomes[0] else { Issue.record("overwrote \(outcomes[0])"); return }
        #expect(refusal.message.contains("was not written by assetsmith; refusing to overwrite it"))
        #expect(FileManager.default.contents(atPath: dir + "/Mine.imageset/Mine.png") == Data("hand made".utf8))
        for (outcome, path) in zip(outcomes.dropFirst(), requests.dropFirst().map(\.path)) {
            guard case .written(let stamp) = outcome else { Issue.record("\(path): \(outcome)"); continue }
            #expect(stamp != nil)
            #expect(FileManager.default.contents(atPath: dir + "/" + path) == Data("generated".utf8))
        }
    }
}
