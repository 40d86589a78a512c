import AssetCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a build is about to write, kept at `<state>/<catalog>.pending.json` (`StateFolder`)
/// from just before the first write until the build record is written. A build killed (or out of
/// disk) between the two leaves files its record does not list; the next build takes every
/// journal entry whose file still holds exactly bytes the journal lists as generated, so it replaces
/// or removes those files instead of refusing the set as someone else's. A path keeps every set of
/// bytes an interrupted build may have left there (builds killed one after another, each with
/// other bytes for it) until a record is written.
extension CatalogWriter {
    static func journalFile(_ catalogFolder: String) -> String { "\(catalogFolder).pending.json" }

    /// The journal left by an earlier build; empty when there is none or it cannot be read.
    static func readJournal(_ stateFiles: SafeFiles, catalogFolder: String) -> [String: [FileRecord]] {
        guard let path = try? stateFiles.resolve(journalFile(catalogFolder)),
              case .success(let data) = BoundedFile.read(path, limit: BuildRecord.maximumBytes),
              let entries = try? JSONDecoder().decode([String: [FileRecord]].self, from: data) else { return [:] }
        return entries
    }

    /// Journal entries whose file holds the journal's bytes become generated files of `old`.
    static func adopt(_ journal: [String: [FileRecord]], into old: inout BuildRecord, catalog: SafeFiles) {
        for (path, records) in journal.sorted(by: { $0.key < $1.key }) {
            guard let data = catalog.read(path) else { continue }
            let sha = Digest.sha256Digest(data)
            guard old.files[path]?.sha256 != sha, let record = records.first(where: { $0.sha256 == sha }) else { continue }
            old.files[path] = record
            old.parts = nil // its parts on disk no longer hold what `old` lists: every part is written anew
        }
    }

    /// Writes the journal: the earlier journal's entries and the files about to be written.
    /// Encoded a few thousand paths at a time into one object, each part written as it is made
    /// (every path of a first build at 50,000 assets encoded at once made a tree of 200,000 records
    /// and 70 MB of text beside the build, issue 38).
    static func writeJournal(_ earlier: [String: [FileRecord]], pending: [(path: String, record: FileRecord)],
                             into stateFiles: SafeFiles, catalogFolder: String) {
        guard !earlier.isEmpty || !pending.isEmpty else { return }
        // Pending records by path, each path's in their order; earlier paths merged in by name.
        let order = pending.indices.sorted { (pending[$0].path, $0) < (pending[$1].path, $1) }
        let earlierPaths = earlier.keys.sorted()
        try? stateFiles.makeRoot()
        guard let file = JournalFile(stateFiles, catalogFolder: catalogFolder) else { return }
        file.write(Data("{".utf8))
        var chunk: [String: [FileRecord]] = [:]
        var first = true
        func flush() {
            guard !chunk.isEmpty else { return }
            guard let part = try? journalEncoder.encode(chunk) else { return file.abandon() }
            if !first { file.write(Data(",".utf8)) }
            file.write(part.dropFirst().dropLast()) // without the chunk's own braces
            first = false
            chunk = [:]
        }
        var nextEarlier = 0, at = 0
        while at < order.count || nextEarlier < earlierPaths.count {
            let path = at < order.count && (nextEarlier == earlierPaths.count || pending[order[at]].path <= earlierPaths[nextEarlier])
                ? pending[order[at]].path : earlierPaths[nextEarlier]
            if nextEarlier < earlierPaths.count, earlierPaths[nextEarlier] == path { nextEarlier += 1 }
            var records = earlier[path] ?? []
            while at < order.count, pending[order[at]].path == path {
                let record = pending[order[at]].record
                if !records.contains(where: { $0.sha256 == record.sha256 }) { records.append(record) }
                at += 1
            }
            chunk[path] = records
            if chunk.count == journalChunk { flush() }
        }
        flush()
        file.write(Data("}".utf8))
        file.finish()
    }

    /// How many paths of the journal are encoded at once.
    static let journalChunk = 2048

    private static var journalEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Removes the journal once the record lists what was written.
    static func removeJournal(_ stateFiles: SafeFiles, catalogFolder: String) {
        _ = stateFiles.remove(journalFile(catalogFolder))
    }
}

/// The journal's file while it is written: a temporary file beside it (named as `SafeFiles`
/// names its temporaries, so a killed build's is removed), renamed over it when complete; a
/// journal that cannot be written is left out, as before.
private final class JournalFile {
    private let path: String
    private let temp: String
    private let handle: FileHandle
    private var failed = false
    /// The journal's digest as it is written: noted as this machine's (`StateTrust`) before it is
    /// renamed into place, so a build killed right after the rename still finds it its own.
    private let digest = Digest.Streaming()

    init?(_ stateFiles: SafeFiles, catalogFolder: String) {
        guard let path = try? stateFiles.resolve(CatalogWriter.journalFile(catalogFolder)) else { return nil }
        self.path = path
        temp = SafeFiles.temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: temp, contents: nil),
              let handle = FileHandle(forWritingAtPath: temp) else { return nil }
        self.handle = handle
    }

    func write(_ data: Data) {
        guard !failed else { return }
        do { try handle.write(contentsOf: data) } catch { failed = true }
        digest.update(data)
    }

    /// The journal is left out: a part could not be encoded.
    func abandon() { failed = true }

    func finish() {
        let closed = (try? handle.close()) != nil
        if !failed, closed { StateTrust.remember(digest: digest.hex(), for: path) }
        if failed || !closed || rename(temp, path) != 0 { unlink(temp) }
    }
}
