import AssetCore

/// HIG rule 2: a bitmap is never shown beyond 100% of its pixels. Vector sources are exempt.
/// The one measure and wording of it, for the build (which refuses) and verify (which reports).
package enum UpscaleRule {
    /// How far a bitmap falls short of what a job needs.
    package struct Shortfall: Hashable, Sendable {
        /// The source pixels the job's placement needs.
        package var needed: PixelSize
        /// The source's pixels.
        package var available: PixelSize

        /// How far it would be enlarged, in percent (150 for 50 px shown as 75 px).
        package var percent: Int {
            let ratio = max(Double(needed.width) / Double(available.width), Double(needed.height) / Double(available.height))
            return Int((ratio * 100).rounded())
        }

        /// `needs 75x75 px but source "banner.png" has 50x50 px (it would be upscaled to 150%)`
        package func phrase(source: String) -> String {
            "needs \(needed) but source \"\(source)\" has \(available) (it would be upscaled to \(percent)%)"
        }

        package var fix: String { "supply a source of at least \(needed), or an SVG" }
    }

    /// The shortfall of a bitmap of `sourcePixels` for `job`, or nil when it is big enough.
    package static func shortfall(_ job: RenderJob, sourcePixels: PixelSize) -> Shortfall? {
        let needed = job.fit.placement(source: sourcePixels, in: job.pixelSize).neededSourcePixels
        guard !sourcePixels.covers(needed) else { return nil }
        return Shortfall(needed: needed, available: sourcePixels)
    }

    /// The shortfall of a bitmap overlay of `job` (a layer composed over its source at the
    /// output size, placed by the job's fit), or nil when it is big enough.
    package static func shortfall(_ job: RenderJob, overlay: SourceRef, overlayPixels: PixelSize) -> Shortfall? {
        var layer = job
        layer.source = overlay
        layer.overlays = nil
        return shortfall(layer, sourcePixels: overlayPixels)
    }

    /// The refusals for `job`: its source and each bitmap overlay, measured by `pixels` (nil for
    /// a vector or a file not read). Applied when the build admits a job; verify reports the same.
    package static func refusals(_ job: RenderJob, pixels: (SourceRef) -> PixelSize?) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if let refusal = check(job, sourcePixels: pixels(job.source)) { found.append(refusal) }
        for overlay in job.overlays ?? [] where !overlay.isVector {
            guard let available = pixels(overlay),
                  let shortfall = shortfall(job, overlay: overlay, overlayPixels: available) else { continue }
            found.append(.error("cannot render \(job.slot) from \"\(job.source.displayPath)\": the layer \"\(overlay.displayPath)\" has "
                                + "\(shortfall.available) but is drawn at \(shortfall.needed) here (it would be upscaled to \(shortfall.percent)%); not rendered",
                                at: .asset(name: job.asset, detail: nil),
                                fix: "supply the layer at least \(shortfall.needed), or as an SVG"))
        }
        return found
    }

    /// The refusal for `job` drawn from a bitmap of `sourcePixels`, or nil when it is fine
    /// (or the source is a vector: `sourcePixels` nil).
    package static func check(_ job: RenderJob, sourcePixels: PixelSize?) -> Diagnostic? {
        guard let sourcePixels, let shortfall = shortfall(job, sourcePixels: sourcePixels) else { return nil }
        return .error("\"\(job.asset)\" \(job.slot) " + shortfall.phrase(source: job.source.displayPath) + "; not rendered",
                      at: job.origin.map { .source($0) } ?? .asset(name: job.asset, detail: job.slot),
                      fix: shortfall.fix)
    }
}
