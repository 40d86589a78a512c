import AssetCore
import Foundation

/// What a build generated, kept at `<state>/<catalog>.record.json` (`StateFolder`). Only files listed
/// here are ever overwritten or removed by a later build; verify reads the source facts from it.
package struct BuildRecord: Hashable, Sendable, Codable {
    package var toolVersion: String
    /// `AssetCoreInfo.renderVersion` of the build that wrote it; nil in records written before it
    /// existed (render version 1).
    package var renderVersion: Int?
    package var table: String
    /// Path inside the catalog → what was written there.
    package var files: [String: FileRecord]
    /// Files written next to the catalog, path relative to the output folder → what was written;
    /// nil when there are none.
    package var outputFiles: [String: FileRecord]?
    /// The `${NAME}` variables the badge texts were drawn with; nil when none was used.
    package var variables: [String: String]?
    /// For a large record: the part files that hold `files` (`BuildRecord+Parts.swift`), as read
    /// or written; nil for a record of one file. Not part of what a record says (`==` ignores it).
    package var parts: [String]?
    /// The catalog files found, as the record was read, with the size and time it records for
    /// them (`Prefetch`): a build trusts them without looking again. nil when not looked at (and
    /// dropped when another build may have written since, `read(at:knowing:)`). Not part of what
    /// a record says, and never written.
    package var checkedAtRead: CheckedFiles?
    /// For an edit's build (issue 50): the parts read (indices), when only the parts holding the
    /// edited sets were; `files` then lists their entries only, and a write keeps every other part
    /// as it is. nil: every entry was read. Never written.
    package var partial: Set<Int>?

    package init(toolVersion: String = AssetCoreInfo.toolVersion, table: String, files: [String: FileRecord] = [:]) {
        self.toolVersion = toolVersion
        self.renderVersion = AssetCoreInfo.renderVersion
        self.table = table
        self.files = files
    }

    enum CodingKeys: String, CodingKey {
        case toolVersion = "tool-version"
        case renderVersion = "render-version"
        case table, files
        case outputFiles = "output-files"
        case variables, parts
    }

    /// Two records are equal when they list the same files and facts, however they are stored.
    package static func == (lhs: BuildRecord, rhs: BuildRecord) -> Bool {
        lhs.toolVersion == rhs.toolVersion && lhs.renderVersion == rhs.renderVersion && lhs.table == rhs.table
            && lhs.files == rhs.files && lhs.outputFiles == rhs.outputFiles && lhs.variables == rhs.variables
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(toolVersion)
        hasher.combine(renderVersion)
        hasher.combine(table)
        hasher.combine(files)
        hasher.combine(outputFiles)
        hasher.combine(variables)
    }

    /// 256 MB: some 800,000 files at about 300 bytes an entry (50,000 assets write about 200,000).
    package static let maximumBytes = 256 << 20

    /// Reads a record, with its parts when it has them; nil when there is none (or it or a part
    /// cannot be read: then nothing counts as generated). A record over `maximumBytes` is not read
    /// (as if there were none).
    /// `lanes`: threads to decode parts on at most (nil: one per core).
    package static func read(at path: String, lanes: Int? = nil) -> BuildRecord? {
        guard case .success(let data) = BoundedFile.read(path, limit: maximumBytes),
              var record = try? JSONDecoder().decode(BuildRecord.self, from: data) else { return nil }
        guard let parts = record.parts else { return record }
        guard record.files.isEmpty, let read = readParts(parts, in: partsFolder(recordFile: path), lanes: lanes) else { return nil }
        record.files = read.files
        // Parts not as a build writes them (edited by hand) are all written anew next time.
        if !read.inPlace { record.parts = nil }
        return record
    }

    /// The record at `path` with only the entries of the parts that hold `folders` (paths inside
    /// the catalog; `partial` set): an edit's build at 50,000 assets reads a few of 256 parts, not
    /// 54 MB. A record of one file is read whole (`partial` nil). nil when it or a part cannot be
    /// read, or a part is not as a build writes it (the caller then reads the whole record).
    package static func read(at path: String, partsHolding folders: [String]) -> BuildRecord? {
        guard case .success(let data) = BoundedFile.read(path, limit: maximumBytes),
              var record = try? JSONDecoder().decode(BuildRecord.self, from: data) else { return nil }
        guard let parts = record.parts else { return record }
        guard record.files.isEmpty, parts.count <= maximumParts, parts.allSatisfy(isPartName) else { return nil }
        let count = parts.count
        let wanted = Set(folders.map { part(of: $0, count: count) }).sorted()
        let folder = partsFolder(recordFile: path)
        let decoded = concurrentMap(wanted) { index -> [String: FileRecord]? in
            guard parts[index].hasPrefix("\(index)-"),
                  case .success(let data) = BoundedFile.read(folder + "/" + parts[index], limit: maximumBytes),
                  let part = try? JSONDecoder().decode(Part.self, from: data), part.isCurrent,
                  part.files.keys.allSatisfy({ Self.part(of: $0, count: count) == index }) else { return nil }
            return part.files
        }
        var files: [String: FileRecord] = [:]
        for part in decoded {
            guard let part = part ?? nil else { return nil }
            files.merge(part) { first, _ in first }
        }
        record.files = files
        record.partial = Set(wanted)
        return record
    }

    /// A record as read, with the stamp its file had then (`FileStamp`; nil: no file).
    package struct Snapshot: Sendable {
        package var record: BuildRecord?
        package var stamp: [Int]?

        package init(record: BuildRecord?, stamp: [Int]?) {
            self.record = record
            self.stamp = stamp
        }
    }

    /// Reads the record at `path` with its file's stamp (taken first: a record rewritten in
    /// between has a newer stamp than what was read, so it is read again later).
    package static func snapshot(at path: String, lanes: Int? = nil) -> Snapshot {
        let stamp = FileStamp.ofRegularFile(path)
        return Snapshot(record: stamp == nil ? nil : read(at: path, lanes: lanes), stamp: stamp)
    }

    /// `known` while the file at `path` still has its stamp (and a stamp that tells writes apart);
    /// nil otherwise (then the caller reads it).
    package static func snapshot(at path: String, knowing known: Snapshot) -> Snapshot? {
        guard let before = known.stamp, known.record != nil, let now = FileStamp.ofRegularFile(path), before == now,
              FileStamp.isFine(now) else { return nil }
        return known
    }

    /// The record at `path`: `known` as it is while the file still has the stamp it had when
    /// `known` was read (so a front end that read it before taking the build lock does not have
    /// it decoded twice), read again otherwise.
    /// What `known` found of the catalog's files (`checkedAtRead`) is dropped when a build's
    /// journal lies beside the record: a build killed since may have written files the record
    /// does not know of.
    package static func read(at path: String, knowing known: Snapshot?) -> BuildRecord? {
        guard let known else { return read(at: path) }
        let stamp = FileStamp.ofRegularFile(path)
        switch (known.stamp, stamp) {
        case (nil, nil): return nil
        case (let before?, let now?) where before == now && FileStamp.isFine(now):
            var journal = stat()
            guard var record = known.record, record.checkedAtRead != nil,
                  lstat(pendingJournal(recordFile: path), &journal) == 0 else { return known.record }
            record.checkedAtRead = nil
            return record
        default: return read(at: path)
        }
    }

    /// `<catalog>.pending.json` beside `<catalog>.record.json` (`CatalogWriter.journalFile`).
    static func pendingJournal(recordFile: String) -> String {
        recordFile.hasSuffix(".record.json") ? String(recordFile.dropLast(12)) + ".pending.json" : recordFile + ".pending"
    }

    package func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}

/// One generated file.
///
/// Its facts are kept in one allocation that copies share until one of them changes (copy on
/// write), and its digests in 32 bytes each (`SHA256Digest`): a record at 50,000 assets lists some
/// 200,000 files in a table of twice as many slots, so what a slot holds inline counts more than
/// twice, and an entry the new record takes unchanged from the old one (`reusing`) costs a slot,
/// not its facts again (issue 38).
package struct FileRecord: Hashable, Sendable, Codable {
    private var box: Box

    package init(sha256: SHA256Digest, asset: String, source: String? = nil, sourceSHA256: SHA256Digest? = nil,
                 sourcePixels: PixelSize? = nil, key: SHA256Digest? = nil, derivedChange: Double? = nil, stamp: [Int]? = nil) {
        box = Box(Facts(sha256: sha256, asset: asset, source: source, sourceSHA256: sourceSHA256, sourcePixels: sourcePixels,
                        key: key, derivedChange: derivedChange, stamp: stamp.map(CompactStamp.init)))
    }

    /// SHA-256 of the bytes written (hex in the record).
    package var sha256: SHA256Digest {
        get { box.facts.sha256 }
        set { update { $0.sha256 = newValue } }
    }
    /// The asset it belongs to.
    package var asset: String {
        get { box.facts.asset }
        set { update { $0.asset = newValue } }
    }
    /// For images: the source path (as in the manifest), its SHA-256 and pixel size (nil for vectors).
    package var source: String? {
        get { box.facts.source }
        set { update { $0.source = newValue } }
    }
    package var sourceSHA256: SHA256Digest? {
        get { box.facts.sourceSHA256 }
        set { update { $0.sourceSHA256 = newValue } }
    }
    package var sourcePixels: PixelSize? {
        get { box.facts.sourcePixels }
        set { update { $0.sourcePixels = newValue } }
    }
    /// The render key digest (what decided these bytes); a later build may skip the job when it matches.
    package var key: SHA256Digest? {
        get { box.facts.key }
        set { update { $0.key = newValue } }
    }
    /// For the derived tab form the build checks (the largest of its asset): the share of pixels
    /// the derivation changed, so a later build with the same key warns without deriving again.
    package var derivedChange: Double? {
        get { box.facts.derivedChange }
        set { update { $0.derivedChange = newValue } }
    }
    /// Size and modification time of the file as written (`FileStamp`): while the file still has
    /// them, a later build trusts it without reading it (`RecordedOutput`). nil in records of
    /// earlier versions, and for a file whose time cannot tell writes apart.
    package var stamp: [Int]? {
        get { box.facts.stamp?.values }
        set { update { $0.stamp = newValue.map(CompactStamp.init) } }
    }

    /// The same record with the stamp the file has now (nil when it cannot tell writes apart).
    package func stamped(_ stamp: [Int]?) -> FileRecord {
        var copy = self
        copy.stamp = stamp.flatMap { FileStamp.isFine($0) ? $0 : nil }
        return copy
    }

    /// `earlier` when it says the same (so that the two share their facts), this record otherwise.
    package func reusing(_ earlier: FileRecord?) -> FileRecord {
        guard let earlier, earlier == self else { return self }
        return earlier
    }

    package static func == (lhs: FileRecord, rhs: FileRecord) -> Bool {
        lhs.box === rhs.box || lhs.box.facts == rhs.box.facts
    }

    package func hash(into hasher: inout Hasher) {
        box.facts.hash(into: &hasher)
    }

    package init(from decoder: Decoder) throws {
        box = Box(try Facts(from: decoder))
    }

    package func encode(to encoder: Encoder) throws {
        try box.facts.encode(to: encoder)
    }

    private mutating func update(_ change: (inout Facts) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.facts) }
        change(&box.facts)
    }

    /// The facts, shared by copies until one changes (only a uniquely held box is changed, so
    /// sending one between threads is as safe as sending the value).
    private final class Box: @unchecked Sendable {
        var facts: Facts

        init(_ facts: Facts) {
            self.facts = facts
        }
    }

    /// What the record says of the file, written as the record always did.
    private struct Facts: Hashable, Codable {
        var sha256: SHA256Digest
        var asset: String
        var source: String?
        var sourceSHA256: SHA256Digest?
        var sourcePixels: PixelSize?
        var key: SHA256Digest?
        var derivedChange: Double?
        var stamp: CompactStamp?

        enum CodingKeys: String, CodingKey {
            case sha256, asset, source, key, stamp
            case sourceSHA256 = "source-sha256"
            case sourcePixels = "source-pixels"
            case derivedChange = "derived-change"
        }
    }

    /// A stamp (`FileStamp`: size, seconds, nanoseconds) inline; any other list of numbers (a
    /// record edited by hand) as it is. Written as the list of numbers either way.
    private enum CompactStamp: Hashable, Codable {
        case three(Int, Int, Int)
        case other([Int])

        init(_ values: [Int]) {
            self = values.count == 3 ? .three(values[0], values[1], values[2]) : .other(values)
        }

        var values: [Int] {
            switch self {
            case .three(let size, let seconds, let nanoseconds): return [size, seconds, nanoseconds]
            case .other(let values): return values
            }
        }

        init(from decoder: Decoder) throws {
            self.init(try decoder.singleValueContainer().decode([Int].self))
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(values)
        }
    }
}
