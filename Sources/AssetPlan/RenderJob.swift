import AssetCore
import AssetSpec

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
    /// The PNG channels written.
    package var channels: PixelChannels
    /// Where the manifest names this job's source, for messages.
    package var origin: SourceLocation?
    /// For a launch image: the resolved drawing (`source` is then the template, hashed, not drawn).
    package var launch: LaunchScene?
    /// Files drawn over `source`, bottom to top, each placed by `fit` like it (a tvOS Top Shelf
    /// image or a macOS size composed from an icon's layers; empty: the source alone, composed
    /// the same way); nil for a job of one source drawn as usual.
    package var overlays: [SourceRef]?
    /// What most jobs leave at its default (`effect`, `vector`, `badge`, `symbol`), kept apart:
    /// inline they were 147 of a job's 338 bytes, 22 MB of a 50,000-asset plan (issue 38).
    private var rare: RareParts?

    /// What is done to the pixels after drawing and flattening.
    package var effect: Effect {
        get { rare?.values.effect ?? .none }
        set { changeRare { $0.effect = newValue } }
    }
    /// For a vector output: the file is a PDF page or SVG document of this many points, drawn
    /// from the (SVG or PDF) source by Cairo; `pixelSize` is then that size rounded up, at @1x.
    package var vector: VectorOutput? {
        get { rare?.values.vector }
        set { changeRare { $0.vector = newValue } }
    }
    /// A badge drawn over the finished picture (an app icon of a flavour); nil for every other job,
    /// so it is part of the build key of badged outputs only.
    package var badge: BadgeDrawing? {
        get { rare?.values.badge }
        set { changeRare { $0.badge = newValue } }
    }
    /// For a custom symbol: the file is an SF Symbols template drawn from the (SVG) source, with
    /// these weights; `pixelSize` is then 3300×2200 (the template canvas).
    package var symbol: SymbolWeights? {
        get { rare?.values.symbol }
        set { changeRare { $0.symbol = newValue } }
    }

    private mutating func changeRare(_ change: (inout RareValues) -> Void) {
        var values = rare?.values ?? RareValues()
        change(&values)
        rare = values == RareValues() ? nil : RareParts(values)
    }

    package init(output: String, asset: String, slot: String, scale: Scale, source: SourceRef,
                 pixelSize: PixelSize, fit: Fit, background: RGBAColor?, effect: Effect = .none,
                 channels: PixelChannels, origin: SourceLocation? = nil, launch: LaunchScene? = nil,
                 vector: VectorOutput? = nil) {
        self.output = output
        self.asset = asset
        self.slot = slot
        self.scale = scale
        self.source = source
        self.pixelSize = pixelSize
        self.fit = fit
        self.background = background
        self.channels = channels
        self.origin = origin
        self.launch = launch
        self.effect = effect
        self.vector = vector
    }

    private enum CodingKeys: String, CodingKey {
        case output, asset, slot, scale, source, pixelSize, fit, background, effect, channels, origin, launch, vector,
             overlays, badge, symbol
    }

    /// The job's JSON (`assetsmith plan --json`) names every part as before the rare ones were kept apart.
    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        output = try container.decode(String.self, forKey: .output)
        asset = try container.decode(String.self, forKey: .asset)
        slot = try container.decode(String.self, forKey: .slot)
        scale = try container.decode(Scale.self, forKey: .scale)
        source = try container.decode(SourceRef.self, forKey: .source)
        pixelSize = try container.decode(PixelSize.self, forKey: .pixelSize)
        fit = try container.decode(Fit.self, forKey: .fit)
        background = try container.decodeIfPresent(RGBAColor.self, forKey: .background)
        channels = try container.decode(PixelChannels.self, forKey: .channels)
        origin = try container.decodeIfPresent(SourceLocation.self, forKey: .origin)
        launch = try container.decodeIfPresent(LaunchScene.self, forKey: .launch)
        overlays = try container.decodeIfPresent([SourceRef].self, forKey: .overlays)
        effect = try container.decode(Effect.self, forKey: .effect)
        vector = try container.decodeIfPresent(VectorOutput.self, forKey: .vector)
        badge = try container.decodeIfPresent(BadgeDrawing.self, forKey: .badge)
        symbol = try container.decodeIfPresent(SymbolWeights.self, forKey: .symbol)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(asset, forKey: .asset)
        try container.encode(slot, forKey: .slot)
        try container.encode(scale, forKey: .scale)
        try container.encode(source, forKey: .source)
        try container.encode(pixelSize, forKey: .pixelSize)
        try container.encode(fit, forKey: .fit)
        try container.encodeIfPresent(background, forKey: .background)
        try container.encode(effect, forKey: .effect)
        try container.encode(channels, forKey: .channels)
        try container.encodeIfPresent(origin, forKey: .origin)
        try container.encodeIfPresent(launch, forKey: .launch)
        try container.encodeIfPresent(vector, forKey: .vector)
        try container.encodeIfPresent(overlays, forKey: .overlays)
        try container.encodeIfPresent(badge, forKey: .badge)
        try container.encodeIfPresent(symbol, forKey: .symbol)
    }

    /// What determines this job's pixels (not where they go): jobs with equal keys render once.
    package var renderKey: RenderKey {
        RenderKey(source: source.path, pixelSize: pixelSize, fit: fit, background: background,
                  effect: effect, channels: channels, launch: launch, page: source.page, vector: vector,
                  overlays: overlays?.map(\.loadKey), badge: badge, symbol: symbol)
    }
}

/// The parts of a `RenderJob` most jobs leave at their defaults.
private struct RareValues: Hashable, Sendable {
    var effect: Effect = .none
    var vector: VectorOutput?
    var badge: BadgeDrawing?
    var symbol: SymbolWeights?
}

/// `RareValues` behind one reference, shared by the copies of a job; equal and hashed by value.
private final class RareParts: Hashable, Sendable {
    let values: RareValues
    init(_ values: RareValues) { self.values = values }
    static func == (one: RareParts, other: RareParts) -> Bool { one === other || one.values == other.values }
    func hash(into hasher: inout Hasher) { hasher.combine(values) }
}

/// A source file and how to read it.
package struct SourceRef: Hashable, Sendable, Codable, CustomStringConvertible {
    package enum Format: String, Hashable, Sendable, Codable {
        case svg
        case pdf
        case png
        /// A launch template: hashed for the record, never drawn.
        case yaml
    }

    /// Absolute path of the file.
    package var path: String
    /// The path as the manifest wrote it, for messages (`Assets/icon.svg`).
    package var displayPath: String
    package var format: Format
    /// For a PDF: the page drawn, from 1; nil for the first.
    package var page: Int?

    package init(path: String, displayPath: String, format: Format, page: Int? = nil) {
        self.path = path
        self.displayPath = displayPath
        self.format = format
        self.page = page
    }

    package var isVector: Bool { format == .svg || format == .pdf }
    /// What a loaded (parsed) source is known by: the path, plus the page for a PDF page other than the first.
    package var loadKey: String { page.map { "\(path)#page=\($0)" } ?? path }
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
    /// A macOS app icon on Apple's grid: the artwork drawn into the grid's rounded square, on a
    /// transparent canvas with a soft shadow. See `MacIconGrid`.
    case macGrid(MacIconGrid)
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
    package var page: Int? = nil
    package var vector: VectorOutput? = nil
    package var overlays: [String]? = nil
    package var badge: BadgeDrawing? = nil
    package var symbol: SymbolWeights? = nil
}

/// A vector output file: its format and its page size in points.
package struct VectorOutput: Hashable, Sendable, Codable {
    package var format: VectorFormat
    package var width: Double
    package var height: Double

    package init(format: VectorFormat, size: PointSize) {
        self.format = format
        self.width = size.width
        self.height = size.height
    }
}
