import AssetCore
import Foundation
import AssetPlan
import PNGCodec
import Rendering

/// A warning whenever a build flattens a PNG source whose alpha is not fully opaque (issue 35):
/// an app icon's transparent margin turned into a white square says so, once per asset and source,
/// at the manifest line, on every build (up to date or not).
extension BuildEngine {
    /// 2b. The PNG sources of jobs drawn onto a background: read from their header whether they
    /// can hold alpha at all, and only those that can are decoded and looked at.
    func checkFlattenedAlpha(_ run: inout BuildRun) {
        var slots: [[String]: (job: RenderJob, count: Int)] = [:]
        for job in run.plan.jobs where job.background != nil && job.source.format == .png && job.vector == nil {
            let key = [job.asset, job.source.path]
            slots[key] = (slots[key]?.job ?? job, (slots[key]?.count ?? 0) + 1)
        }
        var translucent: [String: Bool] = [:]
        for key in slots.keys.sorted(by: { $0.joined(separator: "\u{0}") < $1.joined(separator: "\u{0}") }) {
            guard let (job, count) = slots[key], let background = job.background else { continue }
            let path = job.source.path
            if translucent[path] == nil { translucent[path] = run.read[path].map { Self.hasTranslucentPixels($0.data) } ?? false }
            guard translucent[path] == true else { continue }
            var warning = Diagnostic.warning(
                "asset \"\(job.asset)\": its source \"\(job.source.displayPath)\" has pixels that are not fully opaque, and the build "
                    + "flattens them onto \(background) in \(count) slot\(count == 1 ? "" : "s") (a transparent margin becomes a square of that colour)",
                at: job.origin.map { .source($0) } ?? .asset(name: job.asset, detail: nil),
                fix: "for a finished macOS icon keep its shape with `macos-style: as-drawn`; otherwise set `background:` "
                    + "to the colour you mean, or give an opaque source")
            warning = warning.concerning(job.asset)
            run.diagnostics.append(warning)
        }
    }

    /// Whether a PNG's pixels are not all opaque: its header first (no alpha channel, no tRNS:
    /// opaque), and only a file that can hold alpha is decoded.
    static func hasTranslucentPixels(_ data: Data) -> Bool {
        guard !data.isEmpty, let info = try? PNGCodec.info(data), info.colorType.hasAlphaChannel || info.hasTRNS,
              let bitmap = try? PNGCodec.decode(data) else { return false }
        return !bitmap.isOpaque
    }
}
