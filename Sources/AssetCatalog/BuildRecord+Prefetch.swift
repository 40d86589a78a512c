import Dispatch
import Foundation

extension BuildRecord {
    /// The build record read on another thread while the manifest is parsed and planned (issue 38:
    /// at 4,000 assets decoding the record took about 80 ms and parsing the manifest 100, one after
    /// the other, in a build for one edited source). The path is a guess made before the manifest
    /// is parsed (`BuildStamp`); what was read serves only a build whose record has that path and
    /// whose file still has the stamp it had when read (`snapshot(at:knowing:)`), so a wrong guess
    /// or a record rewritten meanwhile is read again as before.
    package final class Prefetch: @unchecked Sendable {
        package let path: String
        private let done = DispatchGroup()
        /// Written once on the reading thread before `done` is left, read after waiting on it.
        private var read: Snapshot?

        /// Starts reading the record at `path`.
        package init(path: String) {
            self.path = path
            DispatchQueue.global().async(group: done) { [self] in
                read = BuildRecord.snapshot(at: path)
            }
        }

        /// The snapshot read, once it is, when the record wanted is the one at `path`; nil otherwise.
        package func snapshot(for wanted: String) -> Snapshot? {
            guard wanted == path else { return nil }
            done.wait()
            return read
        }
    }
}
