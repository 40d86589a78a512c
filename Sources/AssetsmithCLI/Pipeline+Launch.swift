import AssetCatalog
import AssetCore
import AssetPlan
import Foundation

/// The digest of what a job is drawn from: the source's SHA-256, or for a job drawn from several
/// files (a launch image: template, logo, glyphs) the SHA-256 of their digests in order.
func sourceDigest(_ job: RenderJob, _ loaded: [String: LoadedFile]) -> String {
    let all = job.allSources
    if all.count == 1 { return loaded[job.source.path]?.sha256 ?? "" }
    return Digest.sha256(all.map { loaded[$0.path]?.sha256 ?? "" }.joined(separator: "\n"))
}
