import AssetCore
import AssetPlan
import Foundation

/// Rendering: draws one `RenderJob` from a loaded source into a straight-alpha RGBA8 `Bitmap`,
/// through Cairo and librsvg.
///
/// It makes no decisions: the plan has already chosen the pixel size, the fit, the background
/// and the effect, and has already refused upscaling. SVGs are drawn as vectors directly at the
/// output size; rasters are area-averaged in linear light (`AreaResampler`). Then the drawing is
/// flattened onto the background, if any, and the effect applied.
///
/// Limits: librsvg is used with its default, safe flags, so an SVG can only load files from its
/// own folder (and below) and `data:` URLs, never the network, and its XML parser keeps its
/// limits. A declared SVG size above 16384 px a side is refused at load. Errors keep the C
/// libraries' text; the pipeline adds the file and the asset. No C type leaves this module.
///
/// `render(_:from:)` is the single entry point of the module.
package enum Renderer {
    /// Draws `job` from `source`: exactly `job.pixelSize`, straight RGBA8.
    ///
    /// Steps: place the source with `job.fit` (a vector by its intrinsic aspect ratio), draw it
    /// (a vector with librsvg into the placement; a raster by area averaging), composite onto
    /// `job.background` when set (result opaque), then apply `job.effect`.
    /// Safe to call from several threads at once, with the same source or not.
    package static func render(_ job: RenderJob, from source: LoadedSource) throws(RenderError) -> Bitmap {
        let box = job.pixelSize
        guard (1...CairoCanvas.maximumSide).contains(box.width),
              (1...CairoCanvas.maximumSide).contains(box.height) else {
            throw .outputSize(box)
        }
        if case .glyph(let treatment) = job.effect { return try GlyphRenderer.render(job, treatment, from: source) }
        if case .macGrid(let grid) = job.effect { return try MacIconRenderer.render(job, grid, from: source) }
        var bitmap: Bitmap
        switch source {
        case .vector(let image):
            let placement = job.fit.placement(source: image.aspectSize, in: box)
            let canvas = try CairoCanvas(size: box)
            try image.draw(on: canvas, at: placement)
            bitmap = try canvas.bitmap()
        case .bitmap(let image):
            bitmap = image.resampled(resampleTarget(job, of: image))
        }
        if let background = job.background {
            bitmap.flatten(onto: background)
        }
        switch job.effect {
        case .none: break
        case .greyscale: bitmap.applyGreyscale()
        case .glyph, .macGrid: break
        case .tone(let tone): bitmap.applyTone(tone)
        }
        return bitmap
    }
}

extension Renderer {
    /// The resampling `render` will ask `source` for when it draws `job` (a raster source, no
    /// glyph or grid treatment), so that a build can announce a source's sizes together
    /// (`RasterImage.expect`).
    package static func resampleTarget(_ job: RenderJob, from source: LoadedSource) -> (RasterImage, AreaResampler.Target)? {
        guard case .bitmap(let image) = source else { return nil }
        switch job.effect {
        case .glyph, .macGrid: return nil
        case .none, .greyscale, .tone: break
        }
        return (image, resampleTarget(job, of: image))
    }

    /// The PNG source whose file `job` can take as it is (its rows re-wrapped): a plain image of
    /// the source's own size, placed whole at the origin, with no effect, badge or overlay, and
    /// either opaque output (the background changes nothing on an RGB source) or no background.
    /// `render` would give exactly the decoded pixels here. nil: draw it.
    package static func storedCopy(_ job: RenderJob, sources: [String: LoadedSource]) -> Data? {
        guard job.launch == nil, job.overlays == nil, job.badge == nil, job.symbol == nil, job.vector == nil,
              job.effect == .none, job.channels == .rgb || job.background == nil,
              case .bitmap(let image)? = sources[job.source.path], let stored = image.stored, job.pixelSize == image.size,
              job.fit.placement(source: image.size, in: job.pixelSize)
                == Placement(x: 0, y: 0, width: Double(image.size.width), height: Double(image.size.height)) else { return nil }
        return stored
    }

    /// Where `job` puts a raster source: its box, and the source placed in it by its fit.
    private static func resampleTarget(_ job: RenderJob, of image: RasterImage) -> AreaResampler.Target {
        AreaResampler.Target(box: job.pixelSize, placement: job.fit.placement(source: image.size, in: job.pixelSize))
    }

    /// The bytes of `job`'s vector file (`job.vector`): the source drawn onto a PDF page or SVG
    /// document of the job's size in points by Cairo, placed by `job.fit` (aspect kept and centred
    /// for `contain`, stretched for `fill`). Only the drawing is written: a glyph's pixel treatment
    /// (snapping, backdrop removal) has no vector form, and a template keeps only its alpha in Xcode.
    /// Made by a sandbox worker when the source was loaded through one.
    package static func renderVector(_ job: RenderJob, from source: LoadedSource) throws(RenderError) -> Data {
        guard let vector = job.vector, let format = VectorFileFormat(rawValue: vector.format.rawValue) else {
            throw .cairo(message: "internal error, please report: \(job.output) is not a vector output")
        }
        guard case .vector(let image) = source else {
            throw .cairo(message: "internal error, please report: a vector output needs an SVG or PDF source")
        }
        let page = VectorMeasure(width: vector.width, height: vector.height)
        let placement = VectorPlacement.fitting(source: VectorMeasure(width: image.intrinsicWidth, height: image.intrinsicHeight),
                                                in: page, fill: job.fit == .fill)
        return try image.export(as: format, page: page, placement: placement)
    }
}
