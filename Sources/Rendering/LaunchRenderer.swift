import AssetCore
import AssetPlan
import CCairo

/// Paints a `LaunchScene` with Cairo: filled rectangles, and SVGs drawn into their rectangles
/// (aspect kept, centred), painted with a tint through their alpha when the layer has a colour.
/// Decides nothing: the plan has placed every layer in pixels.
enum LaunchRenderer {
    /// Draws `scene` at `job.pixelSize`; `sources` holds every file the scene names, by path.
    static func render(_ job: RenderJob, _ scene: LaunchScene,
                       sources: [String: LoadedSource]) throws(RenderError) -> Bitmap {
        let canvas = try CairoCanvas(size: job.pixelSize)
        let cr = canvas.context
        for layer in scene.layers {
            let rect = layer.rect
            guard rect.width > 0, rect.height > 0 else { continue }
            guard let image = layer.image else {
                guard let color = layer.color else { continue }
                setSource(cr, color)
                cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
                cairo_fill(cr)
                continue
            }
            guard case .vector(let vector)? = sources[image.path] else {
                throw .unreadable(path: image.path, message: "the launch image's drawing \"\(image.displayPath)\" is not a loaded SVG")
            }
            let box = PixelSize(width: rect.width, height: rect.height)
            var placement = Fit.contain.placement(source: vector.aspectSize, in: box)
            placement.x += Double(rect.x)
            placement.y += Double(rect.y)
            if let tint = layer.color {
                // A template image: only the drawing's alpha counts, painted in the tint.
                cairo_push_group(cr)
                try vector.draw(on: canvas, at: placement)
                let mask = cairo_pop_group(cr)
                setSource(cr, tint)
                cairo_mask(cr, mask)
                cairo_pattern_destroy(mask)
            } else {
                try vector.draw(on: canvas, at: placement)
            }
            try canvas.checkStatus()
        }
        var bitmap = try canvas.bitmap()
        if let background = job.background { bitmap.flatten(onto: background) }
        return bitmap
    }

    private static func setSource(_ cr: OpaquePointer, _ color: RGBAColor) {
        cairo_set_source_rgba(cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
                              Double(color.alpha) / 255)
    }
}
