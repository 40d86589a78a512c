/// A source read and parsed once, then drawn at every size a plan asks for.
package enum LoadedSource: Sendable {
    /// An SVG, drawn directly at each output size.
    case vector(VectorImage)
    /// A decoded raster, area-averaged down to each output size.
    case bitmap(RasterImage)
}
