import AssetCore

/// One bitmap to produce: everything Rendering needs, fully resolved, nothing left to decide.
package struct RenderJob: Hashable, Sendable, Codable {
    /// The output path inside the catalog, e.g. `AppIcon.appiconset/AppIcon-60@3x.png`. Unique in a plan.
    package var output: String
    /// The manifest asset this job belongs to.
    package var asset: String
    /// What the slot is, for messages: `iphone 60pt @3x`, `1024pt`, `24x24pt @2x`.
    package var slot: String
    package var scale: Scale
    package var source: SourceRef
    /// The exact pixel size of the output file.
    package var pixelSize: PixelSize
    /// How the source is placed in `pixelSize`.
    package var fit: Fit
    /// When set, the drawing is composited onto this colour and the result is opaque.
    package var background: RGBAColor?
    /// What is done to the pixels after drawing and flattening.
    package var effect: Effect
    /// The PNG channels written.
    package var channels: PixelChannels
    /// Where the manifest names this job's source, for messages.
    package var origin: SourceLocation?
    /// For a launch image: the resolved drawing (`source` is then the template, hashed, not drawn).
    package var launch: LaunchScene?

    package init(output: String, asset: String, slot: String, scale: Scale, source: SourceRef,
                 pixelSize: PixelSize, fit: Fit, background: RGBAColor?, effect: Effect = .none,
                 channels: PixelChannels, origin: SourceLocation? = nil, launch: LaunchScene? = nil) {
        self.output = output
        self.asset = asset
        self.slot = slot
        self.scale = scale
        self.source = source
        self.pixelSize = pixelSize
        self.fit = fit
        self.background = background
        self.effect = effect
        self.channels = channels
        self.origin = origin
        self.launch = launch
    }

    /// What determines this job's pixels (not where they go): jobs with equal keys render once.
    package var renderKey: RenderKey {
        RenderKey(source: source.path, pixelSize: pixelSize, fit: fit, background: background,
                  effect: effect, channels: channels, launch: launch)
    }
}

/// A source file and how to read it.
package struct SourceRef: Hashable, Sendable, Codable, CustomStringConvertible {
    package enum Format: String, Hashable, Sendable, Codable {
        case svg
        case png
        /// A launch template: hashed for the record, never drawn.
        case yaml
    }

    /// Absolute path of the file.
    package var path: String
    /// The path as the manifest wrote it, for messages (`Assets/icon.svg`).
    package var displayPath: String
    package var format: Format

    package init(path: String, displayPath: String, format: Format) {
        self.path = path
        self.displayPath = displayPath
        self.format = format
    }

    package var isVector: Bool { format == .svg }
    package var description: String { displayPath }
}

/// Pixel operations applied after the source is drawn (and flattened, when a background is set).
package enum Effect: Hashable, Sendable {
    case none
    /// Luminance only (R = G = B), alpha kept: the iOS 18 tinted app icon.
    case greyscale
    /// A glyph: drawn supersampled, snapped to the pixel grid, reshaped (filled, outline,
    /// transition mask) and written as an alpha mask or in its own colours. See `GlyphTreatment`.
    case glyph(GlyphTreatment)
    /// A control state: colours scaled by `brightness`, alpha by `opacity`. See `ToneAdjustment`.
    case tone(ToneAdjustment)
}

/// The inputs that decide a job's pixels and bytes. Equal keys give identical PNG files.
package struct RenderKey: Hashable, Sendable {
    package var source: String
    package var pixelSize: PixelSize
    package var fit: Fit
    package var background: RGBAColor?
    package var effect: Effect
    package var channels: PixelChannels
    package var launch: LaunchScene? = nil
}
