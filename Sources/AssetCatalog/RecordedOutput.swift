import AssetCore
import Foundation

/// The one answer to "does this file still hold what the record says the last build wrote there?",
/// for every file a build writes (catalog images, Contents.json, `.icon` layers, side files).
///
/// A file whose size and modification time are those recorded when it was written (`FileStamp`, as
/// the build stamp and make judge inputs) is trusted without being read; one whose stamp differs,
/// or whose time cannot tell writes apart, is read and hashed. `--force` draws everything anyway,
/// and `verify` always hashes. So one edited source among 4,000 assets costs a `stat` per output,
/// not a read and a SHA-256 of every file (issue 38).
package enum RecordedOutput {
    /// A file found as recorded: its digest, its stamp now, and its bytes when they were read.
    package struct Match: Sendable {
        package var sha256: SHA256Digest
        package var stamp: [Int]?
        /// nil when the stamp was enough.
        package var data: Data?
    }

    /// The file at `path` below `files` when `entry` (its record) was made with `key` and the file
    /// still holds those bytes. `needsBytes` reads it even when the stamp would do.
    /// `checked`: the file was found with its recorded stamp as the record was read
    /// (`BuildRecord.checkedAtRead`), so it is not looked at again.
    package static func match(_ path: String, key: SHA256Digest?, entry: FileRecord?, in files: SafeFiles,
                              needsBytes: Bool = false, checked: Bool = false) -> Match? {
        guard let entry, entry.key == key else { return nil }
        if checked, !needsBytes, let stamp = entry.stamp { return Match(sha256: entry.sha256, stamp: stamp, data: nil) }
        // The stamp first, then the bytes: a file changed in between has a newer stamp than the
        // bytes read, so the next build reads it again.
        let stamp = FileUpdate.stamp(of: path, in: files)
        if !needsBytes, isTrusted(stamp, entry: entry) { return Match(sha256: entry.sha256, stamp: stamp, data: nil) }
        guard let data = files.read(path), Digest.sha256Digest(data) == entry.sha256 else { return nil }
        return Match(sha256: entry.sha256, stamp: stamp, data: data)
    }

    /// The stamp of the file at `path` when the record shows it already holds `sha256` and the
    /// file is untouched since (so writing those bytes again would change nothing); nil otherwise.
    package static func unchangedStamp(_ path: String, sha256: SHA256Digest, entry: FileRecord?, in files: SafeFiles,
                                       checked: Bool = false) -> [Int]? {
        guard let entry, entry.sha256 == sha256 else { return nil }
        if checked, let stamp = entry.stamp { return stamp }
        let stamp = FileUpdate.stamp(of: path, in: files)
        return isTrusted(stamp, entry: entry) ? stamp : nil
    }

    /// Puts `requests` in place (`FileUpdate.apply`), except files the record shows already
    /// holding the bytes (`unchangedStamp`): those are `.unchanged` without being read.
    /// Outcomes in request order.
    package static func apply(_ requests: [(request: FileUpdate.Request, record: FileRecord)],
                              previous: [String: FileRecord], in folder: SafeFiles) -> [FileUpdate.Outcome] {
        var outcomes: [FileUpdate.Outcome?] = Array(repeating: nil, count: requests.count)
        var rest: [Int] = []
        for (index, (request, record)) in requests.enumerated() {
            if let stamp = unchangedStamp(request.path, sha256: record.sha256, entry: previous[request.path], in: folder) {
                outcomes[index] = .unchanged(stamp: stamp)
            } else {
                rest.append(index)
            }
        }
        for (index, outcome) in zip(rest, FileUpdate.apply(rest.map { requests[$0].request }, in: folder)) {
            outcomes[index] = outcome
        }
        return outcomes.compactMap { $0 }
    }

    private static func isTrusted(_ stamp: [Int]?, entry: FileRecord) -> Bool {
        guard let stamp, let recorded = entry.stamp else { return false }
        return stamp == recorded && FileStamp.isFine(stamp)
    }
}
