import AssetCore

// Specs of the glyph kinds (`bar-glyph`, `tab-icon`, `back-indicator`, `control`) and of the
// top-level `tab-bar` section. Sizes the user leaves out come from the requirement table.

/// `rendering:` of a glyph: a template (alpha mask, tinted by the app) or the original colours.
package enum GlyphRendering: String, Hashable, Sendable, CaseIterable {
    case template
    case original
}

/// `kind: bar-glyph`: a navigation bar / toolbar glyph in a regular and a compact size.
package struct BarGlyphSpec: Hashable, Sendable {
    package var source: SourceFile
    /// Regular size at @1x; nil: the table's bar glyph box.
    package var size: Located<PointSize>?
    /// Compact (landscape) size at @1x; nil: the table's compact box.
    package var compactSize: Located<PointSize>?
    package var rendering: GlyphRendering
    package var scales: [Scale]?
    /// `vector:`: each set holds one single-scale PDF or SVG (PNGs only for `scales` given explicitly).
    package var vector: VectorFormat? = nil
    /// `symbol: true`: the glyph's custom symbol too (`<Name>.symbol.symbolset`), with these weights.
    package var symbol: SymbolWeights? = nil
}

/// The tab bar box shapes of the HIG (2017+): which side is constrained.
package enum TabShape: String, Hashable, Sendable, CaseIterable {
    case circle, square, wide, tall
}

/// `kind: tab-icon`: an unselected (outline) and a selected (filled) imageset, each in a
/// regular and a compact size. At least one of the two sources is given; the other is derived.
package struct TabIconSpec: Hashable, Sendable {
    /// The unselected (outline) form.
    package var source: SourceFile?
    /// The selected (filled) form.
    package var selectedSource: SourceFile?
    package var shape: TabShape
    /// Width of a derived outline's inner stroke, in points; nil: the table's line weight.
    package var outlineWidth: Double?
    /// Tabs with the same group share a tab bar (checked for the 5 / 7 tab limit).
    package var group: Located<String>?
    package var scales: [Scale]?
    /// `vector:`: each set holds one single-scale PDF or SVG (PNGs only for `scales` given explicitly).
    package var vector: VectorFormat? = nil
    /// Where the asset is written in the manifest.
    package var location: SourceLocation
    /// `symbol: true`: the glyph's custom symbol too (`<Name>.symbol.symbolset`), with these weights.
    package var symbol: SymbolWeights? = nil
}

/// `kind: back-indicator`: the back chevron and its transition mask, the same size.
package struct BackIndicatorSpec: Hashable, Sendable {
    package var source: SourceFile
    /// The transition mask; nil: derived from the chevron.
    package var maskSource: SourceFile?
    /// Size at @1x; nil: the table's back indicator box.
    package var size: Located<PointSize>?
    package var scales: [Scale]?
    /// `vector:`: each set holds one single-scale PDF or SVG (PNGs only for `scales` given explicitly).
    package var vector: VectorFormat? = nil
}

/// The states of a control image.
package enum ControlState: String, Hashable, Sendable, CaseIterable {
    case normal, highlighted, selected, disabled
}

/// `cap-insets:` of a resizable control image, in points.
package struct CapInsets: Hashable, Sendable {
    package var top: Double
    package var left: Double
    package var bottom: Double
    package var right: Double

    package init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// `kind: control`: a button or control background with a state image for each state.
package struct ControlSpec: Hashable, Sendable {
    /// The normal state.
    package var source: SourceFile
    /// Sources given state by state (`highlighted-source` …); missing states are derived.
    package var stateSources: [ControlState: SourceFile]
    package var size: PointSize
    package var capInsets: Located<CapInsets>?
    /// `center:` stretch (default) or tile.
    package var center: String
    package var scales: [Scale]?
    /// `vector:`: each set holds one single-scale PDF or SVG (PNGs only for `scales` given explicitly).
    package var vector: VectorFormat? = nil
}

/// Top-level `tab-bar:`: the colours the tabs are tinted with, checked for contrast (rules 23, 24).
package struct TabBarSpec: Hashable, Sendable {
    package var tint: Located<RGBAColor>?
    package var unselectedTint: Located<RGBAColor>?
    package var background: Located<RGBAColor>?
    /// `iphone` or `ipad`: the table's `maximum-tabs` says how many tabs each shows.
    package var idiom: Idiom
    package var location: SourceLocation

    package init(tint: Located<RGBAColor>?, unselectedTint: Located<RGBAColor>?, background: Located<RGBAColor>?,
                 idiom: Idiom, location: SourceLocation) {
        self.tint = tint
        self.unselectedTint = unselectedTint
        self.background = background
        self.idiom = idiom
        self.location = location
    }
}
