import AssetCore
import Foundation
import SwiftProtobuf

/// A large record kept in parts (issue 38). Encoding and decoding the whole record with Foundation's
/// JSON coders cost about 7 µs an entry each way (16,000 entries at 4,000 assets: 110 ms to read,
/// 110 ms to write), so one edited source paid for the whole catalog twice, and at 50,000 assets the
/// coders' trees of 200,000 entries were hundreds of megabytes. Above `singleFileEntries` the
/// entries are spread over parts by set folder (a set's files in one part), each part is its own
/// JSON file in `<state>/<catalog>.record/`, named by its content, and the record file
/// lists them. A build rewrites only the parts whose entries changed; the parts are read in parallel.
///
/// Crash safety: each part has two fixed slots (`3-a.json`, `3-b.json`); a changed part is written
/// into the slot the record file does not name, then the record file naming it (one atomic
/// rename), then the other slot is removed. A build killed at any point leaves a record file
/// whose parts all exist. Fixed names (issue 50), where parts were once named by their content:
/// an Xcode Run Script phase with user script sandboxing on may write only the files its output
/// list declares, and `assetsmith xcode` declares every slot (`StateFolder.declaredFiles`).
extension BuildRecord {
    /// Up to this many entries a record stays one file, as before parts existed (about 1,000 assets).
    package static let singleFileEntries = 4096
    /// Entries a part holds on average.
    static let entriesPerPart = 1024
    /// Parts at most (50,000 assets write about 200,000 entries: 256 parts of some 800).
    package static let maximumParts = 256

    /// How many parts a record of `entries` files is kept in: 0 (one file) up to `singleFileEntries`,
    /// then a power of two so that a part holds about `entriesPerPart`.
    package static func partCount(entries: Int) -> Int {
        guard entries > singleFileEntries else { return 0 }
        var count = 1
        while count * entriesPerPart < entries && count < maximumParts { count *= 2 }
        return count
    }

    /// The part `path` (inside the catalog) belongs to among `count` (a power of two): by its set
    /// folder, the path's first component, so that a set's image and Contents.json share a part.
    /// FNV-1a: stable across runs and machines (Swift's `Hasher` is seeded per process).
    package static func part(of path: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") { break }
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(hash & UInt64(count - 1))
    }

    /// `<state>/<catalog>.record` beside `<catalog>.record.json`.
    static func partsFolder(recordFile: String) -> String {
        recordFile.hasSuffix(".json") ? String(recordFile.dropLast(5)) : recordFile + ".parts"
    }

    /// A part's file name: its index and its slot (`3-a.json`, `3-b.json`), or, as builds before
    /// issue 50 wrote them, the start of its content's SHA-256 (`3-0123456789abcdef.json`). Only
    /// such names are read from a record file (no path can lead elsewhere) or removed.
    static func isPartName(_ name: String) -> Bool {
        let pieces = name.split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.count == 2, name.hasSuffix(".json"), let index = Int(pieces[0]), index >= 0, index < maximumParts
        else { return false }
        let tail = pieces[1].dropLast(5)
        return tail == "a" || tail == "b" || (tail.count == 16 && tail.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    /// The slot part `index` is written into when the record file names `current` for it: the
    /// other one (`a` when it names none, or a name of the content-digest kind).
    static func nextSlot(_ index: Int, current: String?) -> String {
        "\(index)-" + (current == "\(index)-a.json" ? "b" : "a") + ".json"
    }

    /// Whether `name` is a slot (`3-a.json`), as builds since issue 50 name parts.
    static func isSlotName(_ name: String) -> Bool { name.hasSuffix("-a.json") || name.hasSuffix("-b.json") }

    /// Every slot name of `count` parts (`StateFolder.declaredFiles`).
    package static func slotNames(count: Int) -> [String] {
        (0..<min(count, maximumParts)).flatMap { ["\($0)-a.json", "\($0)-b.json"] }
    }

    /// The entries of the parts `names` in `folder`, read and decoded in parallel; nil when one is
    /// missing, unreadable or not a part, or all together exceed `maximumBytes` (then the record is
    /// as unreadable as a damaged single file: nothing counts as generated). `inPlace` is false
    /// when the parts are not as a build writes them (not a power of two, a part's index out of
    /// place, an entry in the wrong part, an entry twice, a part of an earlier version): the entries are kept, and the next
    /// write makes every part anew instead of keeping any.
    ///
    /// Parts are taken in order by the threads and merged into one table in order as they arrive,
    /// each let go once merged: at 50,000 assets, decoding all 256 parts before merging held every
    /// entry twice (some 100 MB more at the peak of an edit's build, issue 38).
    static func readParts(_ names: [String], in folder: String, lanes: Int? = nil)
        -> (files: [String: FileRecord], inPlace: Bool)? {
        guard names.count <= maximumParts, names.allSatisfy(isPartName) else { return nil }
        let count = names.count
        let merge = PartMerge(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(lanes ?? 64, count))) { _ in
            while let index = merge.take() {
                let name = names[index]
                guard case .success(let data) = BoundedFile.read(folder + "/" + name, limit: maximumBytes),
                      let part = try? JSONDecoder().decode(Part.self, from: data) else {
                    merge.arrive(index, nil)
                    continue
                }
                let inPlace = part.isCurrent && name.hasPrefix("\(index)-")
                    && part.files.keys.allSatisfy { Self.part(of: $0, count: count) == index }
                merge.arrive(index, (part.files, data.count, inPlace))
            }
        }
        return merge.result
    }

    /// The parts of one `readParts`, merged in order as they are decoded: the next part is taken
    /// by the first thread free, and a part that arrives before those ahead of it waits for them.
    private final class PartMerge: @unchecked Sendable {
        typealias Decoded = (files: [String: FileRecord], bytes: Int, inPlace: Bool)
        private let lock = NSLock()
        private let count: Int
        private var nextToTake = 0
        private var nextToMerge = 0
        private var waiting: [Int: Decoded?] = [:]
        private var files: [String: FileRecord] = [:]
        private var bytes = 0
        private var inPlace: Bool
        private var failed = false

        init(count: Int) {
            self.count = count
            inPlace = count > 0 && count & (count - 1) == 0
        }

        /// The next part to read, or nil when all are taken or one failed.
        func take() -> Int? {
            lock.withLock {
                guard !failed, nextToTake < count else { return nil }
                defer { nextToTake += 1 }
                return nextToTake
            }
        }

        /// A part read (nil: missing, unreadable or not a part), merged with those waiting after it
        /// once every part before it is merged. The first entry of a path wins, in part order.
        func arrive(_ index: Int, _ decoded: Decoded?) {
            lock.withLock {
                waiting[index] = .some(decoded)
                while !failed, let next = waiting.removeValue(forKey: nextToMerge) {
                    nextToMerge += 1
                    guard let part = next else {
                        failed = true
                        break
                    }
                    bytes += part.bytes
                    guard bytes <= maximumBytes else {
                        failed = true
                        break
                    }
                    // Sized once from the first part (parts hold about as many entries each): grown
                    // by doubling, the old table and the new are held at once.
                    if files.isEmpty { files.reserveCapacity(part.files.count * count + part.files.count * count / 8) }
                    inPlace = inPlace && part.inPlace
                    files.merge(part.files) { first, _ in
                        inPlace = false
                        return first
                    }
                }
                if failed { waiting = [:] }
            }
        }

        /// Every entry, once all parts are merged; nil when one failed.
        var result: (files: [String: FileRecord], inPlace: Bool)? {
            lock.withLock { failed || nextToMerge < count ? nil : (files, inPlace) }
        }
    }

    /// Writes the record into `outputFiles` at `recordFile` (relative to it): one file up to
    /// `singleFileEntries`, otherwise the parts whose entries differ from `old`'s (as read from
    /// disk, `parts` set) and then the record file naming them all. Returns the record as written
    /// (with `parts`). Parts no longer named are removed afterwards.
    package func write(into outputFiles: SafeFiles, at recordFile: String, replacing old: BuildRecord?) throws(Diagnostic)
        -> BuildRecord {
        let folder = Self.partsFolder(recordFile: recordFile)
        if let partial { return try writePartial(partial, into: outputFiles, at: recordFile, replacing: old) }
        let count = Self.partCount(entries: files.count)
        var written = self
        guard count > 0 else {
            written.parts = nil
            try outputFiles.write(written.encoded(), to: recordFile)
            Self.removeParts(except: [], in: folder, of: outputFiles)
            return written
        }
        let unchanged = old.flatMap { Self.unchangedParts(of: files, old: $0, count: count) } ?? []
        var names = [String](repeating: "", count: count)
        for index in unchanged {
            // A part of the content-digest kind is written again into a slot (`isSlotName`).
            guard let name = old?.parts?[index], Self.isSlotName(name),
                  outputFiles.regularFileStamp(folder + "/" + name) != nil else { continue }
            names[index] = name
        }
        let toWrite = (0..<count).filter { names[$0].isEmpty }
        let current = old?.parts?.count == count ? old?.parts : nil
        for (index, name) in zip(toWrite, try writeParts(toWrite, count: count, current: current, into: outputFiles,
                                                         folder: folder)) {
            names[index] = name
        }
        written.parts = names
        var top = written
        top.files = [:]
        try outputFiles.write(top.encoded(), to: recordFile)
        Self.removeParts(except: Set(names), in: folder, of: outputFiles)
        return written
    }

    /// The write of a record read in part (`partial`, an edit's build): the parts read are
    /// written again when their entries changed, every other part stays as the record file named
    /// it. Refused when the old record's parts are not those read, or an entry belongs to a part
    /// not read (the build then leaves the record as it was: nothing is lost, the next build
    /// reads everything again).
    private func writePartial(_ partial: Set<Int>, into outputFiles: SafeFiles, at recordFile: String,
                              replacing old: BuildRecord?) throws(Diagnostic) -> BuildRecord {
        let folder = Self.partsFolder(recordFile: recordFile)
        guard let old, old.partial == partial, let oldNames = old.parts, oldNames.count == parts?.count ?? oldNames.count,
              files.keys.allSatisfy({ partial.contains(Self.part(of: $0, count: oldNames.count)) }) else {
            throw .error("cannot write the build record: an edit's build read only some of its parts", at: .file(folder))
        }
        let count = oldNames.count
        var changed = Set<Int>()
        var entries = [Int](repeating: 0, count: count)
        for (path, record) in files {
            let index = Self.part(of: path, count: count)
            entries[index] += 1
            if old.files[path] != record { changed.insert(index) }
        }
        for path in old.files.keys { entries[Self.part(of: path, count: count)] -= 1 }
        for index in partial where entries[index] != 0 { changed.insert(index) }
        var names = oldNames
        let toWrite = changed.sorted()
        for (index, name) in zip(toWrite, try writeParts(toWrite, count: count, current: oldNames, into: outputFiles,
                                                         folder: folder)) {
            names[index] = name
        }
        var written = self
        written.parts = names
        var top = written
        top.files = [:]
        top.partial = nil
        try outputFiles.write(top.encoded(), to: recordFile)
        for index in toWrite where oldNames[index] != names[index] { _ = outputFiles.remove(folder + "/" + oldNames[index]) }
        return written
    }

    /// The parts whose entries are those `old` has in its parts on disk (`old.parts`, as many),
    /// found without building a part: a part is unchanged when none of its entries differs from
    /// `old`'s and it has as many.
    private static func unchangedParts(of files: [String: FileRecord], old: BuildRecord, count: Int) -> Set<Int>? {
        guard old.parts?.count == count else { return nil }
        var changed = [Bool](repeating: false, count: count)
        var entries = [Int](repeating: 0, count: count)
        for (path, record) in files {
            let index = part(of: path, count: count)
            entries[index] += 1
            if !changed[index], old.files[path] != record { changed[index] = true }
        }
        for path in old.files.keys { entries[part(of: path, count: count)] -= 1 }
        return Set((0..<count).filter { !changed[$0] && entries[$0] == 0 })
    }

    /// Writes the parts `toWrite` (indices among `count`), each made, encoded and written on one of
    /// the cores and let go before the next (a first build at 50,000 assets held all 256 encoded,
    /// 70 MB, and a copy of every entry split by part). Returns their file names, in order.
    /// `current`: the names the record file on disk gives the parts (each is written into its other slot).
    private func writeParts(_ toWrite: [Int], count: Int, current: [String]?, into outputFiles: SafeFiles,
                            folder: String) throws(Diagnostic) -> [String] {
        guard !toWrite.isEmpty else { return [] }
        let wanted = Set(toWrite)
        var byPart = [[String]](repeating: [], count: count)
        for path in files.keys {
            let index = Self.part(of: path, count: count)
            if wanted.contains(index) { byPart[index].append(path) }
        }
        try outputFiles.makeDirectory(folder)
        let files = files, paths = byPart
        let made = concurrentMap(toWrite) { index -> Result<String, Diagnostic> in
            var entries = [String: FileRecord](minimumCapacity: paths[index].count)
            for path in paths[index] { entries[path] = files[path] }
            let data = Part(files: entries).encoded()
            let name = Self.nextSlot(index, current: current?[index])
            do throws(Diagnostic) {
                try outputFiles.write(data, to: folder + "/" + name)
            } catch {
                return .failure(error)
            }
            return .success(name)
        }
        var names: [String] = []
        for result in made {
            guard let result else { throw .error("cannot write the build record's parts", at: .file(folder)) }
            switch result {
            case .success(let name): names.append(name)
            case .failure(let problem): throw problem
            }
        }
        return names
    }

    /// Removes the part files in `folder` not in `kept` (only files named as parts, and temporary
    /// files of killed builds), and the folder once empty.
    private static func removeParts(except kept: Set<String>, in folder: String, of outputFiles: SafeFiles) {
        guard let path = try? outputFiles.resolve(folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names where isPartName(name) && !kept.contains(name) {
            _ = outputFiles.remove(folder + "/" + name)
        }
        outputFiles.removeStaleTemporaries(in: folder)
        if kept.isEmpty { outputFiles.removeDirectoryIfEmpty(folder) }
    }

    /// One part file, compact JSON in one of three forms, read in any:
    /// - `{"entries-protobuf": "…"}` (issue 50), as a build writes a part now: the entries as one
    ///   protobuf message (`RecordPart.proto`) in base64. Foundation's JSON decoder took 1.4 s of
    ///   CPU for the 200,000 entries of 50,000 assets, as much as the rest of verify's first second
    ///   on the other core; protobuf's binary decoder takes 0.16 s. The file stays JSON, with the
    ///   name it had, so every Xcode output list that declares the slots still does.
    /// - `{"rows": {path: row}}`, each entry a `Row` (an array of its values in a fixed order): as
    ///   builds wrote parts before, and as a build still writes a part whose entries the protobuf
    ///   message cannot hold as they are (a digest that is not 32 bytes, an empty stamp: a record
    ///   edited by hand, kept as written).
    /// - `{"files": {path: entry}}` with named keys, of an earlier version (`isCurrent` false: written anew).
    /// The record file naming the parts stays indented, with named keys, for people.
    struct Part: Codable {
        var files: [String: FileRecord]
        /// Whether it was read as a build writes parts now: protobuf, or rows that protobuf cannot
        /// hold. When not, the next build writes every part anew (`readParts`' `inPlace`).
        var isCurrent = true

        init(files: [String: FileRecord]) {
            self.files = files
        }

        enum CodingKeys: String, CodingKey {
            case entriesProtobuf = "entries-protobuf"
            case rows, files
        }

        init(from decoder: Swift.Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try container.decodeIfPresent(String.self, forKey: .entriesProtobuf) {
                guard let bytes = Data(base64Encoded: text), let files = Self.files(protobuf: bytes) else {
                    throw DecodingError.dataCorruptedError(forKey: .entriesProtobuf, in: container,
                                                           debugDescription: "not a record part's protobuf message")
                }
                self.files = files
            } else if let rows = try container.decodeIfPresent([String: Row].self, forKey: .rows) {
                files = rows.mapValues(\.entry)
                isCurrent = files.values.contains { !Self.protobufHolds($0) }
            } else {
                files = try container.decode([String: FileRecord].self, forKey: .files)
                isCurrent = false
            }
        }

        func encode(to encoder: Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let message = protobuf() {
                try container.encode(message.base64EncodedString(), forKey: .entriesProtobuf)
            } else {
                try container.encode(files.mapValues(Row.init), forKey: .rows)
            }
        }

        func encoded() -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(self)) ?? Data()
        }

        /// The entries as the protobuf message, in path order (the same bytes for the same
        /// entries); nil when one cannot be said in it as it is.
        func protobuf() -> Data? {
            guard files.values.allSatisfy(Self.protobufHolds) else { return nil }
            var message = Assetsmith_Record_RecordPart()
            message.entries.reserveCapacity(files.count)
            // Every digest is 32 bytes and every stamp has values (`protobufHolds`).
            for path in files.keys.sorted() {
                guard let entry = files[path] else { continue }
                var made = Assetsmith_Record_RecordEntry()
                made.path = path
                made.sha256 = Data(entry.sha256.bytes ?? [])
                made.asset = entry.asset
                if let source = entry.source { made.source = source }
                if let bytes = entry.sourceSHA256?.bytes { made.sourceSha256 = Data(bytes) }
                if let pixels = entry.sourcePixels {
                    made.sourceWidth = Int64(pixels.width)
                    made.sourceHeight = Int64(pixels.height)
                }
                if let bytes = entry.key?.bytes { made.key = Data(bytes) }
                if let change = entry.derivedChange { made.derivedChange = change }
                if let stamp = entry.stamp { made.stamp = stamp.map(Int64.init) }
                message.entries.append(made)
            }
            return try? message.serializedData()
        }

        /// Whether the protobuf message holds `entry` as it is: its digests of 32 bytes (not a text
        /// kept as written), a stamp that is not empty.
        static func protobufHolds(_ entry: FileRecord) -> Bool {
            entry.sha256.isDigest && entry.sourceSHA256?.isDigest != false && entry.key?.isDigest != false
                && entry.stamp?.isEmpty != true
        }

        /// The entries of a protobuf message; nil when it is not one, or an entry is not as
        /// `protobuf()` writes it (a digest not of 32 bytes, one side of a size, a path twice).
        static func files(protobuf bytes: Data) -> [String: FileRecord]? {
            guard let message = try? Assetsmith_Record_RecordPart(serializedBytes: bytes) else { return nil }
            var files = [String: FileRecord](minimumCapacity: message.entries.count)
            for entry in message.entries {
                guard entry.sha256.count == 32, entry.hasSourceWidth == entry.hasSourceHeight,
                      !entry.hasSourceSha256 || entry.sourceSha256.count == 32, !entry.hasKey || entry.key.count == 32,
                      let width = Int(exactly: entry.sourceWidth), let height = Int(exactly: entry.sourceHeight)
                else { return nil }
                let record = FileRecord(
                    sha256: SHA256Digest(bytes: entry.sha256), asset: entry.asset,
                    source: entry.hasSource ? entry.source : nil,
                    sourceSHA256: entry.hasSourceSha256 ? SHA256Digest(bytes: entry.sourceSha256) : nil,
                    sourcePixels: entry.hasSourceWidth ? PixelSize(width: width, height: height) : nil,
                    key: entry.hasKey ? SHA256Digest(bytes: entry.key) : nil,
                    derivedChange: entry.hasDerivedChange ? entry.derivedChange : nil,
                    stamp: entry.stamp.isEmpty ? nil : entry.stamp.map { Int(truncatingIfNeeded: $0) })
                guard files.updateValue(record, forKey: entry.path) == nil else { return nil }
            }
            return files
        }
    }

    /// One entry of a part as a JSON array: `[sha256, asset, source, source-sha256, [width, height],
    /// key, derived-change, stamp]`, null for what it does not have. Values a later version adds go
    /// after these (a reader takes the ones it knows and passes over the rest).
    struct Row: Codable {
        var entry: FileRecord

        init(_ entry: FileRecord) {
            self.entry = entry
        }

        init(from decoder: Swift.Decoder) throws {
            var row = try decoder.unkeyedContainer()
            let sha256 = try row.decode(SHA256Digest.self), asset = try row.decode(String.self)
            let source = try row.decodeIfPresent(String.self)
            let sourceSHA256 = try row.decodeIfPresent(SHA256Digest.self)
            var sourcePixels: PixelSize?
            if let pixels = try row.decodeIfPresent([Int].self) {
                guard pixels.count == 2 else {
                    throw DecodingError.dataCorruptedError(in: row, debugDescription: "source pixels are not [width, height]")
                }
                sourcePixels = PixelSize(width: pixels[0], height: pixels[1])
            }
            entry = FileRecord(sha256: sha256, asset: asset, source: source, sourceSHA256: sourceSHA256, sourcePixels: sourcePixels,
                               key: try row.decodeIfPresent(SHA256Digest.self), derivedChange: try row.decodeIfPresent(Double.self),
                               stamp: try row.decodeIfPresent([Int].self))
        }

        func encode(to encoder: Swift.Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(entry.sha256)
            try row.encode(entry.asset)
            try row.encode(entry.source)
            try row.encode(entry.sourceSHA256)
            try row.encode(entry.sourcePixels.map { [$0.width, $0.height] })
            try row.encode(entry.key)
            try row.encode(entry.derivedChange)
            try row.encode(entry.stamp)
        }
    }
}
