import AssetCatalog
import Foundation
import Testing

/// Issue 36: SafeFiles writes a new file and renames it over the old one, never in place: a
/// reader holding the old file open and a hard link to it keep the old bytes, and a write that
/// fails leaves the old file whole (a mutant writing in place fails all three).
@Suite struct SafeFilesAtomicityTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("safefiles-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A text written in pieces is their bytes one after the other, replacing the file as one
    /// write does (the build stamp is written this way).
    @Test func piecesAreWrittenInOrderAsOneFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let reader = try { () throws -> FileHandle in
            try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/stamp"))
            return try FileHandle(forReadingFrom: URL(fileURLWithPath: dir + "/stamp"))
        }()
        defer { try? reader.close() }
        let pieces = ["head\n", "", "F 1 2 ./Café/é.svg\n", String(repeating: "x", count: 100_000), "D 3 .\n"]
        try SafeFiles(root: dir).write(pieces: pieces, to: "stamp")
        #expect(FileManager.default.contents(atPath: dir + "/stamp") == Data(pieces.joined().utf8))
        #expect(try reader.readToEnd() == Data("old".utf8), "replaced by a rename, not written in place")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["stamp"], "no temporary file is left")
    }

    @Test func anOpenDescriptorAndAHardLinkSeeTheOldBytes() throws {
        let dir = try Self.folder()
        let old = Data("old bytes, the whole file".utf8)
        try old.write(to: URL(fileURLWithPath: dir + "/a.png"))
        try FileManager.default.linkItem(atPath: dir + "/a.png", toPath: dir + "/link.png")
        let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: dir + "/a.png"))
        defer { try? reader.close() }

        try SafeFiles(root: dir).write(Data("new".utf8), to: "a.png")

        #expect(try reader.readToEnd() == old, "the open descriptor still reads the old file")
        #expect(FileManager.default.contents(atPath: dir + "/link.png") == old, "the hard link keeps the old bytes")
        #expect(FileManager.default.contents(atPath: dir + "/a.png") == Data("new".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["a.png", "link.png"], "no temporary file is left")
    }

    /// The temporary file cannot be made (a folder holds its name): the write fails with a message
    /// naming the file, and the old file is untouched.
    @Test func aFailedWriteLeavesTheOldFileWhole() throws {
        let dir = try Self.folder()
        let old = Data("old bytes, the whole file".utf8)
        try old.write(to: URL(fileURLWithPath: dir + "/a.png"))
        try FileManager.default.createDirectory(atPath: dir + "/.a.png.assetsmith-\(getpid()).tmp", withIntermediateDirectories: false)
        do {
            try SafeFiles(root: dir).write(Data("new".utf8), to: "a.png")
            Issue.record("the write succeeded")
        } catch {
            #expect(error.message.hasPrefix("cannot write file: "), "\(error.message)")
        }
        #expect(FileManager.default.contents(atPath: dir + "/a.png") == old)
    }
}
