import AssetCore
import AssetPlan
import Foundation

/// The digest of everything that decides a job's bytes: the source's content, every job parameter
/// that affects pixels (not where the file goes or what it is called), the requirement table and the
/// tool version. A build whose key and output file both match the record can skip the job; verify
/// compares keys to tell a catalog that is out of date.
package enum BuildKey {
    /// `sourceDigest` is the SHA-256 of the job's source bytes (for several sources, of their digests).
    package static func digest(for job: RenderJob, sourceDigest: String, table: String) -> String {
        var neutral = job
        neutral.output = ""
        neutral.asset = ""
        neutral.slot = ""
        neutral.origin = nil
        neutral.source.path = ""
        neutral.source.displayPath = ""
        neutral.launch = neutral.launch?.withoutPaths
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let parameters = (try? encoder.encode(neutral)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Digest.sha256("assetsmith \(AssetCoreInfo.toolVersion)\ntable \(table)\nsource \(sourceDigest)\n\(parameters)")
    }
}
