import AssetCore

/// How a glyph job is drawn (`Effect.glyph`). Rendering draws the source supersampled, measures
/// its coverage, moves it so straight edges land on pixel boundaries (`snap`), reshapes it
/// (`form`) and averages it down; a template keeps only the coverage (black with alpha).
package struct GlyphTreatment: Hashable, Sendable, Codable {
    /// What is made of the drawing's coverage.
    package enum Form: String, Hashable, Sendable, Codable {
        /// As drawn.
        case drawn
        /// The filled form of an outline: what it encloses made solid (gaps up to about a stroke
        /// closed), inner strokes kept as knockouts of the measured stroke width, a region
        /// enclosed only by an island stroke (a gear's centre) kept as a hole.
        case filled
        /// The outline form of a filled shape: an inner stroke of `outlineWidth` output pixels
        /// along the outer contour and around wide holes; thin knockouts become strokes; thin
        /// parts stay solid.
        case outline
        /// A back indicator's transition mask: the chevron and everything to its right in each row.
        case transitionMask = "transition-mask"
    }

    /// Where an outline's stroke width comes from (`.outline` only).
    package enum OutlineWidth: String, Hashable, Sendable, Codable {
        /// `outline-width` in the manifest: `outlineWidth` as given.
        case manifest
        /// Measured from the filled drawing (the widths of its knockouts and thin parts), as a
        /// share of the glyph's size; `outlineWidth` (the table's line weight) only when the
        /// drawing has no such detail to measure.
        case drawing
    }

    package var form: Form
    /// Output pixels; used by `.outline` only.
    package var outlineWidth: Double?
    /// Where `outlineWidth` comes from; nil (as `.manifest`) for forms other than `.outline`.
    package var outlineWidthFrom: OutlineWidth?
    /// True: alpha mask (colour dropped, a flat backdrop keyed out). False: original colours.
    package var template: Bool
    /// True: translate by the fractional offset of the coverage's bounding box so axis-aligned
    /// edges fall on pixel boundaries.
    package var snap: Bool

    package init(form: Form, outlineWidth: Double? = nil, outlineWidthFrom: OutlineWidth? = nil,
                 template: Bool = true, snap: Bool = true) {
        self.form = form
        self.outlineWidth = outlineWidth
        self.outlineWidthFrom = outlineWidthFrom
        self.template = template
        self.snap = snap
    }
}

/// A control state derived from the normal image (`Effect.tone`).
package struct ToneAdjustment: Hashable, Sendable, Codable {
    /// Colour channels are multiplied by this (0.7 darkens by 30 %).
    package var brightness: Double
    /// Alpha is multiplied by this (0.38 for disabled).
    package var opacity: Double

    package init(brightness: Double, opacity: Double) {
        self.brightness = brightness
        self.opacity = opacity
    }
}
