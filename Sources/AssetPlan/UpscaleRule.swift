import AssetCore

/// HIG rule 2: a bitmap is never shown beyond 100% of its pixels. Vector sources are exempt.
package enum UpscaleRule {
    /// The refusal for `job` drawn from a bitmap of `sourcePixels`, or nil when it is fine
    /// (or the source is a vector: `sourcePixels` nil).
    package static func check(_ job: RenderJob, sourcePixels: PixelSize?) -> Diagnostic? {
        guard let sourcePixels else { return nil }
        let needed = job.fit.placement(source: sourcePixels, in: job.pixelSize).neededSourcePixels
        guard !sourcePixels.covers(needed) else { return nil }
        let ratio = max(Double(needed.width) / Double(sourcePixels.width),
                        Double(needed.height) / Double(sourcePixels.height))
        let percent = Int((ratio * 100).rounded())
        let message = "\"\(job.asset)\" \(job.slot) needs \(needed.width)x\(needed.height) px but source "
            + "\"\(job.source.displayPath)\" has \(sourcePixels.width)x\(sourcePixels.height) px "
            + "(it would be upscaled to \(percent)%); not rendered"
        return .error(message,
                      at: job.origin.map { .source($0) } ?? .asset(name: job.asset, detail: job.slot),
                      fix: "supply a source of at least \(needed.width)x\(needed.height) px, or an SVG")
    }
}
