import AssetCore
import AssetPlan

extension Renderer {
    /// Draws `job` from the loaded files it names, keyed by absolute path: a launch image from
    /// every file of its scene, any other job from its `source` (as `render(_:from:)`).
    /// A job with a badge gets it drawn over the finished picture (after flattening and effect).
    package static func render(_ job: RenderJob, sources: [String: LoadedSource]) throws(RenderError) -> Bitmap {
        guard let badge = job.badge else { return try renderPlain(job, sources: sources) }
        var bitmap = try renderPlain(job, sources: sources)
        try BadgePainter.paint(badge, over: &bitmap)
        return bitmap
    }

    private static func renderPlain(_ job: RenderJob, sources: [String: LoadedSource]) throws(RenderError) -> Bitmap {
        if let scene = job.launch {
            return try LaunchRenderer.render(job, scene, sources: sources)
        }
        if job.overlays != nil {
            return try renderComposite(job, sources: sources)
        }
        guard let source = sources[job.source.path] else {
            throw .unreadable(path: job.source.path, message: "the source was not loaded")
        }
        return try render(job, from: source)
    }
}
