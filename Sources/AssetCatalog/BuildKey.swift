import AssetCore
import AssetPlan
import Foundation

/// The digest of everything that decides a job's bytes: the source's content, every job parameter
/// that affects pixels (not where the file goes or what it is called), the requirement table, the
/// tool version and the render version (`AssetCoreInfo.renderVersion`, raised whenever a golden
/// image changes). A build whose key and output file both match the record can skip the job; verify
/// compares keys to tell a catalog that is out of date. Every key a build records comes from here
/// (render jobs and `.icon` layer files alike).
package enum BuildKey {
    /// `sourceDigest` is the SHA-256 of the job's source bytes (for several sources, of their digests).
    /// `encoder` remembers the parameters of jobs it has seen: make one per thread (`KeyEncoder`)
    /// and pass it in when computing many keys.
    package static func digest(for job: RenderJob, sourceDigest: String, table: String,
                               encoder: KeyEncoder = KeyEncoder()) -> SHA256Digest {
        Digest.sha256Digest("assetsmith \(toolAndRender)\ntable \(table)\nsource \(sourceDigest)\n\(encoder.parameters(of: job))")
    }

    /// The job with everything that does not decide its pixels blanked: where it goes, what it is
    /// called, where its sources are (they are known by their content, in `sourceDigest`).
    static func neutral(_ job: RenderJob) -> RenderJob {
        var neutral = job
        neutral.output = ""
        neutral.asset = ""
        neutral.slot = ""
        neutral.scale = .x1 // the pixel size says it all: 40pt @3x and 60pt @2x are the same 120 px picture
        neutral.origin = nil
        neutral.source.path = ""
        neutral.source.displayPath = ""
        neutral.launch = neutral.launch?.withoutPaths
        // Overlays are known by their content (in `sourceDigest`) and order, not where they are.
        neutral.overlays = neutral.overlays?.map { SourceRef(path: "", displayPath: "", format: $0.format, page: $0.page) }
        return neutral
    }

    /// Encodes a job's key parameters (sorted-key JSON of `neutral(job)`), once per distinct
    /// parameters: thousands of assets share a handful (every 24 pt image @2x is one), and the
    /// JSON encoding was most of a key's cost (issue 38). Not thread-safe: one per thread.
    package final class KeyEncoder {
        private let encoder = JSONEncoder()
        private var known: [RenderJob: String] = [:]

        package init() {
            encoder.outputFormatting = [.sortedKeys]
        }

        func parameters(of job: RenderJob) -> String {
            let neutral = BuildKey.neutral(job)
            if let parameters = known[neutral] { return parameters }
            let parameters = (try? encoder.encode(neutral)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            known[neutral] = parameters
            return parameters
        }
    }

    /// The key of a layer file copied into an Icon Composer bundle's `Assets/` (a copy, not a
    /// render: only the tool, the source's format and its bytes decide it; no table, no job, no
    /// render version). Kept in this form so that the keys of earlier builds' records stay valid.
    package static func digest(forIconLayer source: SourceRef, sourceDigest: SHA256Digest) -> SHA256Digest {
        Digest.sha256Digest(Data("icon-layer|\(AssetCoreInfo.toolVersion)|\(source.format.rawValue)|\(sourceDigest.hex)".utf8))
    }

    /// The key of an `.icon` bundle's badge layer (drawn from the badge's parameters alone).
    package static func digest(forIconBadge badge: BadgeDrawing) -> SHA256Digest {
        let parameters = (try? makeEncoder().encode(badge)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Digest.sha256Digest(Data("icon-badge|\(toolAndRender)|\(parameters)".utf8))
    }

    /// The tool and render versions as keys spell them. Render version 1 (before it existed) was
    /// the tool version alone, so keys made then stay valid until the first raise.
    private static var toolAndRender: String {
        AssetCoreInfo.renderVersion == 1 ? AssetCoreInfo.toolVersion
            : "\(AssetCoreInfo.toolVersion) render \(AssetCoreInfo.renderVersion)"
    }

    /// The sorted-key JSON encoder of the badge key.
    private static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// The source digest `digest` takes for `job`: its source's SHA-256, or for a job drawn from
    /// several files (a launch image: template, logo, glyphs) the SHA-256 of their digests in order.
    /// `sha256` gives a file's digest by absolute path (nil when unreadable). In hex, as the key's
    /// text spells it (empty when unreadable).
    package static func sourceDigest(for job: RenderJob, sha256: (String) -> SHA256Digest?) -> String {
        let all = job.allSources
        if all.count == 1 { return sha256(job.source.path)?.hex ?? "" }
        return Digest.sha256(all.map { sha256($0.path)?.hex ?? "" }.joined(separator: "\n"))
    }
}
