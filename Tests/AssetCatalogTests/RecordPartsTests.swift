@testable import AssetCatalog
import AssetCore
import SwiftProtobuf
import AssetPlan
import Foundation
import Testing

/// A large build record is kept in parts, and a build rewrites only the parts whose entries
/// changed (issue 38); a small one stays one file, as before.
@Suite struct RecordPartsTests {
    let output = NSTemporaryDirectory() + "assetsmith-record-parts-\(UUID().uuidString)"
    var recordFile: String { ".assetsmith/Assets.xcassets.record.json" }
    var recordPath: String { output + "/" + recordFile }
    var partsFolder: String { output + "/.assetsmith/Assets.xcassets.record" }

    /// A record of `sets` image sets with three files and a Contents.json each (4 entries a set).
    func record(sets: Int, changing changed: Int? = nil) -> BuildRecord {
        var record = BuildRecord(table: "ios18")
        for set in 0..<sets {
            for name in ["A.png", "A@2x.png", "A@3x.png", "Contents.json"] {
                let sha = set == changed && name == "A.png" ? SHA256Digest(String(repeating: "f", count: 64)) : SHA256Digest(String(repeating: "a", count: 64))
                record.files["Set\(set).imageset/\(name)"] = FileRecord(sha256: sha, asset: "Set\(set)", stamp: [3, 1_700_000_000, 5])
            }
        }
        return record
    }

    func write(_ record: BuildRecord, replacing old: BuildRecord?) throws -> BuildRecord {
        try record.write(into: SafeFiles(root: output), at: recordFile, replacing: old)
    }

    /// A part's entries as rows (`{"rows": {path: row}}` as builds wrote parts before protobuf),
    /// whichever form the part file is in.
    func rows(_ name: String) throws -> [String: Any] {
        let part = try JSONDecoder().decode(BuildRecord.Part.self, from: Data(contentsOf: URL(fileURLWithPath: partsFolder + "/" + name)))
        let data = try JSONEncoder().encode(part.files.mapValues(BuildRecord.Row.init))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func partText(_ name: String) throws -> String {
        try String(contentsOfFile: partsFolder + "/" + name, encoding: .utf8)
    }

    func partNames() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: partsFolder)) ?? [])
    }

    @Test func aRecordStaysOneFileUpTo4096EntriesAndIsInPartsAbove() {
        #expect(BuildRecord.partCount(entries: 4096) == 0)
        #expect(BuildRecord.partCount(entries: 4097) == 8)
        #expect(BuildRecord.partCount(entries: 8192) == 8)
        #expect(BuildRecord.partCount(entries: 8193) == 16)
        #expect(BuildRecord.partCount(entries: 10_000_000) == 256)
    }

    @Test func aSetsFilesShareAPartWhateverTheirNames() {
        for count in [8, 64, 256] {
            let part = BuildRecord.part(of: "Icon.appiconset/Contents.json", count: count)
            #expect(BuildRecord.part(of: "Icon.appiconset/Icon-60@3x.png", count: count) == part)
            #expect(BuildRecord.part(of: "Icon.appiconset", count: count) == part)
            #expect((0..<count).contains(part))
        }
    }

    @Test func aLargeRecordReadsBackWholeFromItsParts() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let record = record(sets: 1025)  // 4,100 entries
        let written = try write(record, replacing: nil)
        #expect(written.parts?.count == 8)
        #expect(partNames().count == 8)
        let top = try String(contentsOfFile: recordPath, encoding: .utf8)
        #expect(top.contains("\"parts\"") && !top.contains("Set1.imageset"), "the record file lists parts, not entries")
        let read = try #require(BuildRecord.read(at: recordPath))
        #expect(read == record)
        #expect(read.files.count == 4100)
        #expect(read.parts == written.parts)
    }

    @Test func oneChangedEntryRewritesOnePartAndTheRestStay() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try write(record(sets: 2000), replacing: nil)
        let before = partNames()
        let old = try #require(BuildRecord.read(at: recordPath))
        let second = try write(record(sets: 2000, changing: 7), replacing: old)
        let after = partNames()
        #expect(before.subtracting(after).count == 1, "one part replaced")
        #expect(after.subtracting(before).count == 1)
        #expect(after.count == first.parts?.count, "the replaced part's file is removed")
        let count = try #require(first.parts?.count)
        #expect(count == 8, "8,000 entries: 8 parts")
        let changedPart = BuildRecord.part(of: "Set7.imageset/A.png", count: count)
        #expect(first.parts?[changedPart] != second.parts?[changedPart])
        #expect(Array(first.parts?.enumerated().filter { $0.offset != changedPart }.map(\.element) ?? [])
            == Array(second.parts?.enumerated().filter { $0.offset != changedPart }.map(\.element) ?? []))
        #expect(BuildRecord.read(at: recordPath)?.files["Set7.imageset/A.png"]?.sha256 == SHA256Digest(String(repeating: "f", count: 64)))
    }

    /// Issue 50: a part has two fixed slots, the one the record file does not name written next;
    /// a part of the content-digest kind (before issue 50) is written into a slot.
    @Test func aChangedPartGoesToItsOtherSlot() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try write(record(sets: 2000), replacing: nil)
        #expect(first.parts == (0..<8).map { "\($0)-a.json" })
        let changedPart = BuildRecord.part(of: "Set7.imageset/A.png", count: 8)
        var old = try #require(BuildRecord.read(at: recordPath))
        let second = try write(record(sets: 2000, changing: 7), replacing: old)
        #expect(second.parts?[changedPart] == "\(changedPart)-b.json")
        #expect(partNames() == Set((0..<8).map { $0 == changedPart ? "\($0)-b.json" : "\($0)-a.json" }))
        old = try #require(BuildRecord.read(at: recordPath))
        let third = try write(record(sets: 2000), replacing: old)
        #expect(third.parts?[changedPart] == "\(changedPart)-a.json", "and back")
        #expect(BuildRecord.nextSlot(3, current: "3-0123456789abcdef.json") == "3-a.json")
        #expect(BuildRecord.nextSlot(3, current: nil) == "3-a.json" && BuildRecord.nextSlot(3, current: "3-a.json") == "3-b.json")
    }

    /// Parts an earlier version named by their content are written into slots by the next write,
    /// even with the same entries, and the old files go.
    @Test func partsNamedByTheirContentMoveIntoSlots() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try write(record(sets: 2000), replacing: nil)
        var top = try String(contentsOfFile: recordPath, encoding: .utf8)
        for name in first.parts ?? [] {
            let old = name.replacingOccurrences(of: "-a.json", with: "-0123456789abcdef.json")
            try FileManager.default.moveItem(atPath: partsFolder + "/" + name, toPath: partsFolder + "/" + old)
            top = top.replacingOccurrences(of: "\"\(name)\"", with: "\"\(old)\"")
        }
        try top.write(toFile: recordPath, atomically: true, encoding: .utf8)
        let onDisk = try #require(BuildRecord.read(at: recordPath))
        #expect(onDisk.parts?.allSatisfy { $0.hasSuffix("-0123456789abcdef.json") } == true)
        let again = try write(record(sets: 2000), replacing: onDisk)
        #expect(again.parts == (0..<8).map { "\($0)-a.json" })
        #expect(partNames() == Set((0..<8).map { "\($0)-a.json" }))
        #expect(BuildRecord.read(at: recordPath) == record(sets: 2000))
    }

    /// An edit's build reads the parts of its sets only, and writes back only those that changed;
    /// every other part stays, and the whole record reads back as the whole write would leave it.
    @Test func aRecordReadInPartWritesBackOnlyItsChangedParts() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = try write(record(sets: 2000), replacing: nil)
        let partial = try #require(BuildRecord.read(at: recordPath, partsHolding: ["Set7.imageset/A.png", "Set7.imageset"]))
        let changedPart = BuildRecord.part(of: "Set7.imageset/A.png", count: 8)
        #expect(partial.partial == [changedPart])
        #expect(partial.files.keys.allSatisfy { BuildRecord.part(of: $0, count: 8) == changedPart })
        #expect(partial.files.count > 0 && partial.files.count < 8000)
        var new = partial
        new.files["Set7.imageset/A.png"] = record(sets: 2000, changing: 7).files["Set7.imageset/A.png"]
        let written = try write(new, replacing: partial)
        #expect(written.parts?[changedPart] == "\(changedPart)-b.json")
        #expect(partNames().count == 8, "the replaced slot is removed, the others stay")
        #expect(BuildRecord.read(at: recordPath) == record(sets: 2000, changing: 7))
        // An entry of a part that was not read cannot be written: the record stays as it was.
        var stray = try #require(BuildRecord.read(at: recordPath, partsHolding: ["Set7.imageset"]))
        let other = try #require((0..<2000).map { "Set\($0).imageset/A.png" }.first { BuildRecord.part(of: $0, count: 8) != changedPart })
        stray.files[other] = FileRecord(sha256: SHA256Digest(String(repeating: "b", count: 64)), asset: "X")
        #expect(throws: Diagnostic.self) { try write(stray, replacing: partial) }
        #expect(BuildRecord.read(at: recordPath) == record(sets: 2000, changing: 7))
    }

    /// The slots a Run Script phase must declare: both of every part, for a plan that makes more
    /// than 2,048 files; none for a smaller one.
    @Test func aLargePlansStateDeclaresEverySlot() {
        #expect(BuildRecord.slotNames(count: 2) == ["0-a.json", "0-b.json", "1-a.json", "1-b.json"])
        #expect(BuildRecord.slotNames(count: 999).count == 512)
        func plan(files: Int) -> Plan {
            var plan = Plan(table: "ios18", outputDirectory: "/p/Output", catalogFolder: "Assets.xcassets", jobs: [],
                            entries: (0..<(files - 1)).map { CatalogEntry(asset: "S\($0)", folder: "S\($0).imageset", contents: .object([:])) })
            plan.stateDirectory = "/p/.assetsmith"
            return plan
        }
        let state = StateFolder(path: "/p/.assetsmith", catalogFolder: "Assets.xcassets")
        #expect(state.declaredFiles(for: plan(files: 2048)) == state.declaredFiles)
        let large = state.declaredFiles(for: plan(files: 2049))
        #expect(large.count == state.declaredFiles.count + 512)
        #expect(large.contains("/p/.assetsmith/Assets.xcassets.record/255-b.json"))
    }

    @Test func aRecordThatShrinksBecomesOneFileAndItsPartsGo() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let old = try write(record(sets: 2000), replacing: nil)
        let small = record(sets: 10)
        let written = try write(small, replacing: old)
        #expect(written.parts == nil)
        #expect(!FileManager.default.fileExists(atPath: partsFolder))
        #expect(BuildRecord.read(at: recordPath) == small)
    }

    @Test func aMissingOrForeignPartMakesTheRecordUnreadable() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let written = try write(record(sets: 1100), replacing: nil)
        let first = try #require(written.parts?.first)
        try FileManager.default.removeItem(atPath: partsFolder + "/" + first)
        #expect(BuildRecord.read(at: recordPath) == nil, "nothing counts as generated")
        // A record naming a file outside its parts folder is not followed.
        var top = try String(contentsOfFile: recordPath, encoding: .utf8)
        top = top.replacingOccurrences(of: first, with: "../../secret.json")
        try Data(top.utf8).write(to: URL(fileURLWithPath: recordPath))
        #expect(BuildRecord.read(at: recordPath) == nil)
    }

    @Test func anUnchangedRecordIsNotWrittenAgainByTheWriter() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let old = try write(record(sets: 1100), replacing: nil)
        let stamps = partNames().map { FileStamp.of(partsFolder + "/" + $0) }
        let onDisk: BuildRecord = try #require(BuildRecord.read(at: recordPath))
        let again = try write(record(sets: 1100), replacing: onDisk)
        #expect(again.parts == old.parts)
        #expect(partNames().map { FileStamp.of(partsFolder + "/" + $0) } == stamps, "no part rewritten")
    }

    /// Watch keeps the record its last build wrote, with the file's stamp: taken as it is while the
    /// file is untouched, read again once anything rewrote it.
    @Test func aKeptSnapshotHoldsOnlyWhileTheRecordFileIsUntouched() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let written = try write(record(sets: 3), replacing: nil)
        let kept = BuildRecord.Snapshot(record: written, stamp: FileStamp.ofRegularFile(recordPath))
        #expect(BuildRecord.snapshot(at: recordPath, knowing: kept)?.record == written)
        _ = try write(record(sets: 4), replacing: written)
        #expect(BuildRecord.snapshot(at: recordPath, knowing: kept) == nil, "rewritten: read again")
        #expect(BuildRecord.snapshot(at: recordPath, knowing: BuildRecord.Snapshot(record: nil, stamp: kept.stamp)) == nil)
    }

    /// Earlier versions wrote every record as one file, however large: it is read as it is, and the
    /// next write keeps it in parts.
    @Test func aLargeOneFileRecordOfAnEarlierVersionIsReadAndWrittenBackInParts() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let record = record(sets: 1100)
        try FileManager.default.createDirectory(atPath: output + "/.assetsmith", withIntermediateDirectories: true)
        try record.encoded().write(to: URL(fileURLWithPath: recordPath))
        let read = try #require(BuildRecord.read(at: recordPath))
        #expect(read == record && read.parts == nil)
        let written = try write(read, replacing: read)
        #expect(written.parts?.count == 8)
        #expect(partNames().count == 8)
        #expect(BuildRecord.read(at: recordPath) == record)
    }

    /// Parts edited by hand (every entry moved into the first part, the others emptied): the
    /// entries are read, and the next write makes every part anew, so a changed entry is never
    /// shadowed by its old copy in a part kept as it was.
    /// Parts are merged in order as they are read: an entry in two parts is the earlier part's,
    /// whichever thread read it first, and a missing last part fails the record as a first does.
    @Test func anEntryInTwoPartsIsTheEarlierPartsAndAMissingLastPartFailsTheRecord() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let names = try #require(try write(record(sets: 1100), replacing: nil).parts)
        func put(_ rows: [String: Any], _ name: String) throws {
            try JSONSerialization.data(withJSONObject: ["rows": rows]).write(to: URL(fileURLWithPath: partsFolder + "/" + name))
        }
        let path = try #require(try rows(names[3]).keys.sorted().first)
        var row = try #require(try rows(names[3])[path] as? [Any])
        for (index, sha) in [(0, "0"), (names.count - 1, "7")] {
            row[0] = String(repeating: sha, count: 64)
            var changed = try rows(names[index])
            changed[path] = row
            try put(changed, names[index])
        }
        for _ in 0..<5 {
            let read = try #require(BuildRecord.read(at: recordPath))
            #expect(read.files[path]?.sha256 == SHA256Digest(String(repeating: "0", count: 64)), "the first part's entry")
            #expect(read.parts == nil, "not in place")
        }
        try FileManager.default.removeItem(atPath: partsFolder + "/" + names[names.count - 1])
        #expect(BuildRecord.read(at: recordPath) == nil, "nothing counts as generated")
    }

    @Test func partsNotAsABuildWritesThemAreAllWrittenAnew() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try write(record(sets: 1100), replacing: nil)
        let names = try #require(first.parts)
        let all = try #require(BuildRecord.read(at: recordPath)).files
        var rows: [String: Any] = [:]
        for name in names {
            rows.merge(try self.rows(name)) { first, _ in first }
        }
        let everything = try JSONSerialization.data(withJSONObject: ["rows": rows])
        try everything.write(to: URL(fileURLWithPath: partsFolder + "/" + names[0]))
        for name in names.dropFirst() { try Data(#"{"rows": {}}"#.utf8).write(to: URL(fileURLWithPath: partsFolder + "/" + name)) }
        let read = try #require(BuildRecord.read(at: recordPath))
        #expect(read.files == all)
        #expect(read.parts == nil, "not in place: nothing of it is kept on the next write")
        let changed = record(sets: 1100, changing: 900)
        let written = try write(changed, replacing: read)
        #expect(written.parts?.count == 8)
        let again = try #require(BuildRecord.read(at: recordPath))
        #expect(again == changed)
        #expect(again.parts == written.parts, "in place again: each part holds its own entries")
        #expect(try Data(contentsOf: URL(fileURLWithPath: partsFolder + "/" + names[0])).count < everything.count / 4)
    }

    /// Every value of an entry comes back from a part's row, and what an entry lacks stays nil.
    @Test func anEntryReadsBackFromItsRowWithEveryValue() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        var record = record(sets: 1100)
        let full = FileRecord(sha256: SHA256Digest(String(repeating: "b", count: 64)), asset: "Set7", source: "Art/a \"b\".png",
                              sourceSHA256: SHA256Digest(String(repeating: "c", count: 64)), sourcePixels: PixelSize(width: 48, height: 31),
                              key: SHA256Digest(String(repeating: "d", count: 64)), derivedChange: 0.125, stamp: [1, 2, 3])
        record.files["Set7.imageset/A.png"] = full
        record.files["Set8.imageset/A.png"] = FileRecord(sha256: "e", asset: "Set8")
        _ = try write(record, replacing: nil)
        let read = try #require(BuildRecord.read(at: recordPath))
        #expect(read.files["Set7.imageset/A.png"] == full)
        #expect(read.files["Set8.imageset/A.png"] == FileRecord(sha256: "e", asset: "Set8"))
        #expect(read == record)
        // The part holding a digest kept as written is rows, and stays in place as a build writes it.
        let textPart = BuildRecord.part(of: "Set8.imageset/A.png", count: 8)
        #expect(try partText(#require(read.parts?[textPart])).hasPrefix(#"{"rows":{"#))
        #expect(read.parts != nil, "every part in place: rows are how a build writes what protobuf cannot hold")
    }

    /// Every value of an entry comes back from a part written as protobuf (the part holds no digest
    /// kept as text), and what an entry lacks stays nil.
    @Test func anEntryReadsBackFromProtobufWithEveryValue() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        var record = record(sets: 1100)
        let full = FileRecord(sha256: SHA256Digest(String(repeating: "b", count: 64)), asset: "Set7", source: "Art/a \"b\".png",
                              sourceSHA256: SHA256Digest(String(repeating: "c", count: 64)), sourcePixels: PixelSize(width: 48, height: 31),
                              key: SHA256Digest(String(repeating: "d", count: 64)), derivedChange: 0.125, stamp: [1, 2, 3, 4])
        let bare = FileRecord(sha256: SHA256Digest(String(repeating: "0", count: 64)), asset: "Set8")
        record.files["Set7.imageset/A.png"] = full
        record.files["Set8.imageset/A.png"] = bare
        let written = try write(record, replacing: nil)
        for name in try #require(written.parts) { #expect(try partText(name).hasPrefix(#"{"entries-protobuf":""#)) }
        let read = try #require(BuildRecord.read(at: recordPath))
        #expect(read.files["Set7.imageset/A.png"] == full)
        #expect(read.files["Set8.imageset/A.png"] == bare)
        #expect(read == record)
        #expect(read.parts == written.parts, "in place")
    }

    /// Parts as builds wrote them before protobuf (rows whose digests are all digests) are read,
    /// and the next write makes every part anew as protobuf.
    @Test func partsOfRowsAreReadAndWrittenAnewAsProtobuf() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try write(record(sets: 1100), replacing: nil)
        let names = try #require(first.parts)
        for name in names {
            try JSONSerialization.data(withJSONObject: ["rows": try rows(name)])
                .write(to: URL(fileURLWithPath: partsFolder + "/" + name))
        }
        let read = try #require(BuildRecord.read(at: recordPath))
        #expect(read == first)
        #expect(read.parts == nil, "rows that protobuf holds are written anew")
        #expect(BuildRecord.read(at: recordPath, partsHolding: ["Set3.imageset"]) == nil, "an edit's build reads it whole")
        _ = try write(read, replacing: read)
        for name in names { #expect(try partText(name).hasPrefix(#"{"entries-protobuf":""#)) }
        #expect(BuildRecord.read(at: recordPath, partsHolding: ["Set3.imageset"])?.files["Set3.imageset/A.png"] != nil)
    }

    /// A part's protobuf message that is not as a build writes it makes the record unreadable
    /// (nothing counts as generated), as a damaged JSON part does: not base64, not a message, a
    /// digest of 31 or 33 bytes (32 reads), a width without its height, a path twice.
    @Test func aDamagedProtobufPartMakesTheRecordUnreadable() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try write(record(sets: 1100), replacing: nil)
        let name = try #require(first.parts?[0])
        let path = try #require(try rows(name).keys.sorted().first)
        func put(_ text: String) throws {
            try Data(#"{"entries-protobuf":"\#(text)"}"#.utf8).write(to: URL(fileURLWithPath: partsFolder + "/" + name))
        }
        func put(_ entries: [Assetsmith_Record_RecordEntry]) throws {
            var message = Assetsmith_Record_RecordPart()
            message.entries = entries
            try put(message.serializedData().base64EncodedString())
        }
        func entry(sha: Int = 32, change: (inout Assetsmith_Record_RecordEntry) -> Void = { _ in }) -> Assetsmith_Record_RecordEntry {
            var entry = Assetsmith_Record_RecordEntry()
            entry.path = path
            entry.sha256 = Data(repeating: 7, count: sha)
            entry.asset = "Set0"
            change(&entry)
            return entry
        }
        try put([entry()])
        #expect(BuildRecord.read(at: recordPath)?.files[path]?.sha256 == SHA256Digest(String(repeating: "07", count: 32)))
        for bad in ["%%%", Data("not a message at all".utf8).base64EncodedString()] {
            try put(bad)
            #expect(BuildRecord.read(at: recordPath) == nil, "\(bad)")
        }
        for entries in [[entry(sha: 31)], [entry(sha: 33)], [entry { $0.key = Data(count: 31) }],
                        [entry { $0.sourceSha256 = Data(count: 33) }], [entry { $0.sourceWidth = 48 }], [entry(), entry()]] {
            try put(entries)
            #expect(BuildRecord.read(at: recordPath) == nil)
        }
        try put([entry { $0.sourceWidth = 48; $0.sourceHeight = 47; $0.key = Data(count: 32) }])
        #expect(BuildRecord.read(at: recordPath)?.files[path]?.sourcePixels == PixelSize(width: 48, height: 47))
    }

    /// Parts of an earlier version (entries as objects with named keys) are read, and the next
    /// write makes every part anew as protobuf.
    @Test func partsOfAnEarlierVersionAreReadAndWrittenAnewAsProtobuf() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try write(record(sets: 1100), replacing: nil)
        let names = try #require(first.parts)
        let byPart = Dictionary(grouping: first.files) { BuildRecord.part(of: $0.key, count: names.count) }
        for (index, name) in names.enumerated() {
            let entries = Dictionary(uniqueKeysWithValues: (byPart[index] ?? []).map { ($0.key, $0.value) })
            try JSONEncoder().encode(["files": entries]).write(to: URL(fileURLWithPath: partsFolder + "/" + name))
        }
        let read = try #require(BuildRecord.read(at: recordPath))
        #expect(read == first)
        #expect(read.parts == nil, "an earlier version's parts are all written anew")
        let written = try write(read, replacing: read)
        #expect(written.parts == names, "the same entries as protobuf: the names the first write gave")
        for name in names {
            #expect(try partText(name).hasPrefix(#"{"entries-protobuf":""#))
        }
        #expect(BuildRecord.read(at: recordPath) == first)
    }

    /// A row whose source pixels are not two numbers makes the record unreadable (nothing counts as
    /// generated), as a damaged part does.
    @Test func aRowWithBadPixelsMakesTheRecordUnreadable() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try write(record(sets: 1100), replacing: nil)
        let name = try #require(first.parts?[0])
        let bad = #"{"rows":{"Set0.imageset/A.png":["a","Set0",null,null,[48],null,null,null]}}"#
        try Data(bad.utf8).write(to: URL(fileURLWithPath: partsFolder + "/" + name))
        #expect(BuildRecord.read(at: recordPath) == nil)
        let good = #"{"rows":{"Set0.imageset/A.png":["a","Set0",null,null,[48,47],null,null,null,"later"]}}"#
        try Data(good.utf8).write(to: URL(fileURLWithPath: partsFolder + "/" + name))
        let read = try #require(BuildRecord.read(at: recordPath))
        #expect(read.files["Set0.imageset/A.png"]?.sourcePixels == PixelSize(width: 48, height: 47))
    }

    /// A file where the parts' folder goes: the record is not written (a clear error naming the
    /// file in the way), and nothing of it is left half made.
    @Test func aFileInPlaceOfThePartsFolderIsAnError() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        try FileManager.default.createDirectory(atPath: output + "/.assetsmith", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: partsFolder))
        #expect(throws: Diagnostic.self) { try write(record(sets: 1100), replacing: nil) }
        do {
            _ = try write(record(sets: 1100), replacing: nil)
        } catch let problem as Diagnostic {
            #expect(problem.message.contains("is a file"), "\(problem.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: recordPath), "no record file naming parts that are not there")
        #expect(try String(contentsOfFile: partsFolder, encoding: .utf8) == "x", "the file in the way is left as it was")
    }
}
