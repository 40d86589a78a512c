import AssetCatalog
import AssetCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "Does the file still hold what the last build wrote?": trusted by its stamp (size and
/// modification time in ns) without being read, read and hashed whenever the stamp differs or
/// cannot tell writes apart (issue 38).
@Suite struct RecordedOutputTests {
    let writer = CatalogWriterTests()
    let path = "A.imageset/A.png"

    /// A build of one image, and its record.
    func built() throws -> (SafeFiles, FileRecord) {
        let report = CatalogWriter.write(writer.plan(["A"]), files: writer.files(["A"]), failed: [])
        let entry = try #require(report.record?.files[path])
        return (SafeFiles(root: writer.catalog), entry)
    }

    /// Sets the file's modification time to `seconds` + `nanoseconds` (keeping its content).
    func setModified(_ relative: String, seconds: Int, nanoseconds: Int) {
        let times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        #expect(utimensat(AT_FDCWD, writer.catalog + "/" + relative, times, 0) == 0)
    }

    @Test func theRecordKeepsTheStampOfEveryFileItWrote() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let (_, entry) = try built()
        #expect(entry.stamp == FileStamp.of(writer.catalog + "/" + path))
        #expect(entry.stamp?.first == 3, "the size of the three bytes written")
    }

    @Test func aFileWithItsRecordedStampIsTrustedUnread() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let (files, entry) = try built()
        let match = try #require(RecordedOutput.match(path, key: entry.key, entry: entry, in: files))
        #expect(match.data == nil, "the stamp was enough: the file was not read")
        #expect(match.sha256 == entry.sha256)
        let read = try #require(RecordedOutput.match(path, key: entry.key, entry: entry, in: files, needsBytes: true))
        #expect(read.data == Data([1, 2, 3]))
    }

    @Test func aFileRewrittenWithANewTimeIsReadAndHashed() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        var (files, entry) = try built()
        let stamp = try #require(entry.stamp)
        // Same size, other bytes, a time one nanosecond later: the stamp differs, so it is read.
        try Data([9, 9, 9]).write(to: URL(fileURLWithPath: writer.catalog + "/" + path))
        setModified(path, seconds: stamp[1], nanoseconds: stamp[2] + 1)
        #expect(RecordedOutput.match(path, key: entry.key, entry: entry, in: files) == nil)
        // The same bytes again one nanosecond later: read, found equal, not redrawn.
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: writer.catalog + "/" + path))
        setModified(path, seconds: stamp[1], nanoseconds: stamp[2] + 1)
        #expect(RecordedOutput.match(path, key: entry.key, entry: entry, in: files)?.data == Data([1, 2, 3]))
        // Another key never matches.
        entry.key = "other"
        #expect(RecordedOutput.match(path, key: "mine", entry: entry, in: files) == nil)
    }

    @Test func aTimeOfWholeSecondsIsNeverTrusted() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        var (files, entry) = try built()
        // A file system keeping whole seconds (HFS+, FAT): the stamp cannot tell two writes in
        // one second apart, so the bytes are read even though the stamp is as recorded.
        setModified(path, seconds: 1_700_000_000, nanoseconds: 0)
        entry.stamp = [3, 1_700_000_000, 0]
        try Data([9, 9, 9]).write(to: URL(fileURLWithPath: writer.catalog + "/" + path))
        setModified(path, seconds: 1_700_000_000, nanoseconds: 0)
        #expect(RecordedOutput.match(path, key: entry.key, entry: entry, in: files) == nil)
        // One nanosecond in, the same stamp is trusted (the bytes are not read).
        entry.stamp = [3, 1_700_000_000, 1]
        setModified(path, seconds: 1_700_000_000, nanoseconds: 1)
        #expect(RecordedOutput.match(path, key: entry.key, entry: entry, in: files)?.data == nil)
        #expect(RecordedOutput.match(path, key: entry.key, entry: entry, in: files) != nil)
    }

    @Test func aLinkInPlaceOfTheFileIsNeverTrusted() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let (files, entry) = try built()
        let target = writer.output + "/elsewhere.png"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: target))
        try FileManager.default.removeItem(atPath: writer.catalog + "/" + path)
        try FileManager.default.createSymbolicLink(atPath: writer.catalog + "/" + path, withDestinationPath: target)
        #expect(RecordedOutput.match(path, key: entry.key, entry: entry, in: files) == nil)
    }

    /// A set's folder is looked at once for all its files; a folder that is a link is never
    /// passed through, and a new `SafeFiles` (a new build) looks again.
    @Test func aFolderLookedAtOnceIsTrustedForItsOtherFilesAndALinkedFolderNever() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let (files, _) = try built()
        try Data([7]).write(to: URL(fileURLWithPath: writer.catalog + "/A.imageset/B.png"))
        #expect(files.regularFileStamp(path)?.first == 3)
        #expect(files.regularFileStamp("A.imageset/B.png")?.first == 1)
        #expect(files.regularFileStamp("A.imageset/none.png") == nil)
        #expect(files.regularFileStamp("A.imageset") == nil, "a folder has no file stamp")
        let real = writer.output + "/Real.imageset"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try Data([1, 2]).write(to: URL(fileURLWithPath: real + "/L.png"))
        try FileManager.default.createSymbolicLink(atPath: writer.catalog + "/L.imageset", withDestinationPath: real)
        #expect(files.regularFileStamp("L.imageset/L.png") == nil)
        #expect(files.regularFileStamp("L.imageset/L.png") == nil, "asked again")
        try FileManager.default.moveItem(atPath: writer.catalog + "/A.imageset", toPath: writer.output + "/A-moved")
        try FileManager.default.createSymbolicLink(atPath: writer.catalog + "/A.imageset", withDestinationPath: writer.output + "/A-moved")
        #expect(SafeFiles(root: writer.catalog).regularFileStamp(path) == nil, "a new build looks at the folder again")
    }

    @Test func writingTheSameBytesAgainLeavesAnUntouchedFileUnread() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let (_, entry) = try built()
        let again = CatalogWriter.write(writer.plan(["A"]), files: writer.files(["A"]), failed: [])
        #expect(again.unchanged.contains(path))
        #expect(again.record?.files[path]?.stamp == entry.stamp)
        #expect(again.written.isEmpty)
    }
}

/// The record a front end read before the build lock is taken as it is under the lock while its
/// file is unchanged, and read again the moment it is not (another build wrote it meanwhile).
@Suite struct RecordSnapshotTests {
    let writer = CatalogWriterTests()

    @Test func aKnownRecordIsTakenWhileItsFileIsUnchangedAndReadAgainOtherwise() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let path = StateFolder.legacy(outputDirectory: writer.output, catalogFolder: "Assets.xcassets").record
        #expect(BuildRecord.read(at: path, knowing: BuildRecord.snapshot(at: path)) == nil, "no record then, none now")
        _ = CatalogWriter.write(writer.plan(["A"]), files: writer.files(["A"]), failed: [])
        let snapshot = BuildRecord.snapshot(at: path)
        let onDisk = try #require(snapshot.record)
        // A stand-in with the file's stamp is what comes back: the file was not decoded again.
        let standIn = BuildRecord(table: "stand-in")
        #expect(BuildRecord.read(at: path, knowing: .init(record: standIn, stamp: snapshot.stamp))?.table == "stand-in")
        // Another build rewrites it: the stamp differs, so the file is read.
        _ = CatalogWriter.write(writer.plan(["A", "B"]), files: writer.files(["A", "B"]), failed: [])
        let now = try #require(BuildRecord.read(at: path, knowing: .init(record: standIn, stamp: snapshot.stamp)))
        #expect(now.files.keys.contains("B.imageset/B.png"))
        #expect(now != onDisk)
        // A record that appeared since "none" was seen is read too.
        #expect(BuildRecord.read(at: path, knowing: .init(record: nil, stamp: nil))?.files.isEmpty == false)
    }

    /// The record read on another thread while the manifest is parsed serves the record at its
    /// path only, and only while that file keeps the stamp it had when read.
    @Test func aPrefetchedRecordServesItsPathWhileItsFileIsUnchanged() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let path = StateFolder.legacy(outputDirectory: writer.output, catalogFolder: "Assets.xcassets").record
        let none = BuildRecord.Prefetch(path: path).snapshot(for: path)
        #expect(none != nil && none?.record == nil && none?.stamp == nil, "no record yet")
        _ = CatalogWriter.write(writer.plan(["A"]), files: writer.files(["A"]), failed: [])
        let prefetch = BuildRecord.Prefetch(path: path)
        #expect(prefetch.snapshot(for: path + ".other") == nil, "another catalog's record is not this one")
        let read = try #require(prefetch.snapshot(for: path))
        #expect(read.record == BuildRecord.read(at: path))
        #expect(read.record?.files.keys.contains("A.imageset/A.png") == true)
        _ = CatalogWriter.write(writer.plan(["A", "B"]), files: writer.files(["A", "B"]), failed: [])
        #expect(BuildRecord.snapshot(at: path, knowing: read) == nil, "rewritten since: read again")
    }

    /// With the catalog, the prefetch looks at every file the record lists: those with their
    /// recorded size and time are trusted unlooked by the build; one changed since is not.
    @Test func thePrefetchFindsTheCatalogFilesStillAsRecorded() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let path = StateFolder.legacy(outputDirectory: writer.output, catalogFolder: "Assets.xcassets").record
        _ = CatalogWriter.write(writer.plan(["A", "B"]), files: writer.files(["A", "B"]), failed: [])
        try Data([9, 9, 9]).write(to: URL(fileURLWithPath: writer.catalog + "/B.imageset/B.png"))
        let read = try #require(BuildRecord.Prefetch(path: path, catalog: writer.catalog).snapshot(for: path)?.record)
        let checked = try #require(read.checkedAtRead)
        #expect(checked.contains("A.imageset/A.png") && checked.contains("A.imageset/Contents.json"))
        #expect(!checked.contains("B.imageset/B.png"), "rewritten since the record: looked at again")
        #expect(checked.count == read.files.count - 1)
        #expect(BuildRecord.Prefetch(path: path).snapshot(for: path)?.record?.checkedAtRead == nil, "no catalog: none looked at")
        #expect(read == BuildRecord.read(at: path), "not part of what the record says")
        // Trusted unlooked: even a file gone since is taken as it was (the next build's stamp check sees it).
        let entry = try #require(read.files["A.imageset/A.png"])
        try FileManager.default.removeItem(atPath: writer.catalog + "/A.imageset/A.png")
        let files = SafeFiles(root: writer.catalog)
        #expect(RecordedOutput.match("A.imageset/A.png", key: entry.key, entry: entry, in: files, checked: true)?.stamp == entry.stamp)
        #expect(RecordedOutput.match("A.imageset/A.png", key: entry.key, entry: entry, in: files) == nil)
        #expect(RecordedOutput.match("A.imageset/A.png", key: "other", entry: entry, in: files, checked: true) == nil,
                "another key is never a match")
    }

    /// A journal beside the record (a build killed meanwhile may have written files it does not
    /// list) makes the build look at every file again.
    @Test func aJournalBesideTheRecordDropsWhatThePrefetchFound() throws {
        defer { try? FileManager.default.removeItem(atPath: writer.output) }
        let path = StateFolder.legacy(outputDirectory: writer.output, catalogFolder: "Assets.xcassets").record
        _ = CatalogWriter.write(writer.plan(["A"]), files: writer.files(["A"]), failed: [])
        let snapshot = try #require(BuildRecord.Prefetch(path: path, catalog: writer.catalog).snapshot(for: path))
        #expect((BuildRecord.read(at: path, knowing: snapshot)?.checkedAtRead?.count ?? 0) > 0)
        let journal = writer.output + "/.assetsmith/Assets.xcassets.pending.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: journal))
        let underLock = try #require(BuildRecord.read(at: path, knowing: snapshot))
        #expect(underLock.checkedAtRead == nil, "dropped")
        #expect(underLock == snapshot.record)
        try FileManager.default.removeItem(atPath: journal)
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: writer.output + "/nowhere")
        #expect(BuildRecord.read(at: path, knowing: snapshot)?.checkedAtRead == nil, "a dangling link counts as a journal")
    }
}
