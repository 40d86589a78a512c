import AssetCore
import AssetPlan

extension Renderer {
    /// A job with overlays: its source and then each overlay drawn at the output size (each placed
    /// by the job's fit, vectors drawn at that size, bitmaps area-averaged; a bitmap that would be
    /// upscaled never gets here: the build refuses it at admission, `UpscaleRule.refusals`),
    /// composited bottom to top; then flattened onto the background and given the effect, as one
    /// source would be.
    static func renderComposite(_ job: RenderJob, sources: [String: LoadedSource]) throws(RenderError) -> Bitmap {
        var composite: Bitmap?
        for ref in [job.source] + (job.overlays ?? []) {
            guard let loaded = sources[ref.path] else {
                throw .unreadable(path: ref.path, message: "the source was not loaded")
            }
            var layerJob = job
            layerJob.source = ref
            layerJob.overlays = nil
            layerJob.background = nil
            layerJob.effect = .none
            layerJob.channels = .rgba
            let layer = try render(layerJob, from: loaded)
            if var below = composite {
                below.composite(layer)
                composite = below
            } else {
                composite = layer
            }
        }
        guard let composite else { throw .unreadable(path: job.source.path, message: "the source was not loaded") }
        var plain = job
        plain.overlays = nil
        plain.fit = .fill
        return try render(plain, from: .bitmap(RasterImage(composite)))
    }
}

extension Bitmap {
    /// Draws `top` (same size) over these pixels: "over" on straight sRGB values, as Cairo and
    /// browsers blend.
    mutating func composite(_ top: Bitmap) {
        precondition(top.width == width && top.height == height, "internal error, please report: composite of unequal sizes")
        let count = width * height
        top.pixels.withUnsafeBufferPointer { t in
            pixels.withUnsafeMutableBufferPointer { p in
                for i in 0..<count {
                    let o = i &* 4
                    let a = Double(t[o &+ 3]) / 255
                    if a == 0 { continue }
                    let b = Double(p[o &+ 3]) / 255
                    let out = a + b * (1 - a)
                    for c in 0..<3 {
                        let value = (Double(t[o &+ c]) * a + Double(p[o &+ c]) * b * (1 - a)) / out
                        p[o &+ c] = UInt8(max(0, min(255, value.rounded())))
                    }
                    p[o &+ 3] = UInt8(max(0, min(255, (out * 255).rounded())))
                }
            }
        }
    }
}
