import AssetCore
import AssetPlan
import CCairo
import CPango

/// Draws a badge (`BadgeDrawing`) over a finished icon, or alone on a transparent canvas (the
/// `.icon` badge layer): the shape with Cairo, the text laid out by Pango in DejaVu Sans Bold or,
/// where it is not installed, Helvetica Bold (every Mac has it), found by name and checked, so that
/// renders are the same on every machine with the same face (hinting off, metrics unhinted, grey
/// antialiasing).
///
/// Geometry, as fractions of the icon's side `s` (inside `inset` for a macOS icon on its grid):
/// - `ribbon`: a band `0.15 s` wide at 45° across the top right corner, its centre line `0.29 s`
///   from the corner; the text runs along it, at most as long as the band's outer edge inside the
///   square (`0.43 s`, less a margin);
/// - `band`: a strip `0.2 s` high along the bottom edge; the text at most `0.86 s` wide (clear
///   of the rounded corners iOS masks);
/// - `dot`: a disc `0.34 s` across, centred `0.24 s` from the top and right edges (inside the
///   rounded corner); the text at most `0.75` of its diameter.
///
/// Text is sized to about 60 % of the shape's height, shrunk to fit its width, and left out when
/// its ink would be under `minimumTextHeight` px: the shape alone is drawn then (an empty ribbon
/// or band, a plain dot), never unreadable text.
package enum BadgePainter {
    /// The families a badge is set in (bold), the first installed wins: DejaVu Sans (Debian's
    /// fonts-dejavu-core, which scripts/install-deps.sh installs; the goldens are drawn in it), then
    /// Helvetica, in /System/Library/Fonts on every macOS, which Pango finds through Core Text or
    /// through fontconfig's system font folders.
    package static let fontFamilies = ["DejaVu Sans", "Helvetica"]

    /// The first of `families` that Pango loads as itself (`loaded` says which family it loaded
    /// for a name, nil when none: fontconfig substitutes another face silently, and a badge in it
    /// would not match its goldens), or the error that names what is missing.
    package static func chooseFamily(_ families: [String], loaded: (String) -> String?) -> Result<String, RenderError> {
        var offered: [String] = []
        for family in families {
            let found = loaded(family)
            if found == family { return .success(family) }
            if let found, !found.isEmpty, !offered.contains(found) { offered.append(found) }
        }
        let wanted = families.map { "\"\($0)\"" }.joined(separator: " or ")
        let instead = offered.isEmpty ? "Pango found no font at all"
            : "Pango found only " + offered.map { "\"\($0)\"" }.joined(separator: ", ")
        return .failure(.cairo(message: "badge text needs the font \(wanted), but \(instead); install DejaVu Sans (Debian fonts-dejavu-core; scripts/install-deps.sh)"))
    }
    /// The smallest text drawn, as the height of its ink in px. Measured on renders of "BETA" and
    /// "1.4.2" in DejaVu Sans Bold, unhinted, grey antialiasing: at 7 px of cap height (font size
    /// about 9.6 px) every letter and digit is told apart; at 5–6 px B/8, E/F and 3/8 merge.
    /// With these proportions "BETA" on a ribbon has text from 80 px icons up (40 pt @2x), a version
    /// on a band from 70 px, a dot from about 52 px for one character and 90 px for four letters;
    /// the 40 and 58 px slots get the shape alone.
    static let minimumTextHeight = 7.0

    /// `badge` composited over `bitmap`.
    static func paint(_ badge: BadgeDrawing, over bitmap: inout Bitmap) throws(RenderError) {
        let layer = try draw(badge, size: PixelSize(width: bitmap.width, height: bitmap.height))
        bitmap.composite(layer)
    }

    /// `badge` alone on a transparent canvas of `size`.
    static func draw(_ badge: BadgeDrawing, size: PixelSize) throws(RenderError) -> Bitmap {
        let canvas = try CairoCanvas(size: size)
        let cr = canvas.context
        let full = Double(min(size.width, size.height))
        let origin = (full * badge.inset).rounded()
        let s = full - 2 * origin
        cairo_save(cr)
        cairo_rectangle(cr, origin, origin, s, s)
        cairo_clip(cr)
        let textArea: (centreX: Double, centreY: Double, width: Double, height: Double)
        switch badge.style {
        case .ribbon:
            let distance = 0.29 * s, width = 0.15 * s
            cairo_translate(cr, origin + s, origin)
            cairo_rotate(cr, Double.pi / 4)
            cairo_rectangle(cr, -s, distance - width / 2, 2 * s, width)
            setColor(cr, badge.fill)
            cairo_fill(cr)
            textArea = (0, distance, 2 * (distance - width / 2) * 0.9, width * 0.6)
        case .band:
            let height = 0.2 * s
            cairo_rectangle(cr, origin, origin + s - height, s, height)
            setColor(cr, badge.fill)
            cairo_fill(cr)
            textArea = (origin + s / 2, origin + s - height / 2, 0.86 * s, height * 0.5)
        case .dot:
            let radius = 0.17 * s
            let centre = (x: origin + s - 0.24 * s, y: origin + 0.24 * s)
            cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * Double.pi)
            setColor(cr, badge.fill)
            cairo_fill(cr)
            textArea = (centre.x, centre.y, 1.5 * radius, radius * 0.8)
        }
        try drawText(badge.text, color: badge.textColor, on: cr, centre: (textArea.centreX, textArea.centreY),
                     maxWidth: textArea.width, targetHeight: textArea.height)
        cairo_restore(cr)
        return try canvas.bitmap()
    }

    /// The text's ink height in px when set at `maxWidth` and `targetHeight` for an icon, or nil
    /// when it is left out (for tests and the badge sizes in Docs/app-icons.md).
    static func fittedHeight(_ text: String, maxWidth: Double, targetHeight: Double) throws(RenderError) -> Double? {
        let canvas = try CairoCanvas(size: PixelSize(width: 1, height: 1))
        let layout = try Layout(text, on: canvas.context)
        return layout.fit(maxWidth: maxWidth, targetHeight: targetHeight)
    }

    private static func drawText(_ text: String, color: RGBAColor, on cr: OpaquePointer, centre: (Double, Double),
                                 maxWidth: Double, targetHeight: Double) throws(RenderError) {
        let layout = try Layout(text, on: cr)
        guard layout.fit(maxWidth: maxWidth, targetHeight: targetHeight) != nil else { return }
        let ink = layout.inkExtents()
        setColor(cr, color)
        cairo_move_to(cr, centre.0 - (ink.x + ink.width / 2), centre.1 - (ink.y + ink.height / 2))
        pango_cairo_show_layout(cr, layout.handle)
    }

    private static func setColor(_ cr: OpaquePointer, _ color: RGBAColor) {
        cairo_set_source_rgba(cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
                              Double(color.alpha) / 255)
    }

    /// A Pango layout of one line of text in the badge face (`fontFamilies`), owned (freed on deinit).
    private final class Layout {
        let handle: OpaquePointer
        private let font: OpaquePointer
        private static let referenceSize = 100.0

        init(_ text: String, on cr: OpaquePointer) throws(RenderError) {
            let layout: OpaquePointer = pango_cairo_create_layout(cr)
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
            cairo_font_options_destroy(options)
            pango_layout_context_changed(layout)
            let chosen = BadgePainter.chooseFamily(BadgePainter.fontFamilies) { family in
                Self.loadedFamily(family, in: pango_layout_get_context(layout))
            }
            let family: String
            switch chosen {
            case .success(let found):
                family = found
            case .failure(let error):
                g_object_unref(UnsafeMutableRawPointer(layout))
                throw error
            }
            handle = layout
            font = pango_font_description_from_string(family + " Bold")
            pango_layout_set_text(handle, text, -1)
            setSize(Self.referenceSize)
        }

        /// The family of the font Pango loads for `family` in bold, nil when it loads none.
        private static func loadedFamily(_ family: String, in context: OpaquePointer?) -> String? {
            let description = pango_font_description_from_string(family + " Bold")
            defer { pango_font_description_free(description) }
            guard let loaded = pango_context_load_font(context, description) else { return nil }
            let described = pango_font_describe(loaded)
            let name = pango_font_description_get_family(described).map { String(cString: $0) } ?? ""
            pango_font_description_free(described)
            g_object_unref(UnsafeMutableRawPointer(loaded))
            return name
        }

        deinit {
            pango_font_description_free(font)
            g_object_unref(UnsafeMutableRawPointer(handle))
        }

        func setSize(_ pixels: Double) {
            pango_font_description_set_absolute_size(font, pixels * Double(PANGO_SCALE))
            pango_layout_set_font_description(handle, font)
        }

        /// The ink rectangle in px, relative to the layout's top left.
        func inkExtents() -> (x: Double, y: Double, width: Double, height: Double) {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(handle, &ink, &logical)
            let scale = Double(PANGO_SCALE)
            return (Double(ink.x) / scale, Double(ink.y) / scale, Double(ink.width) / scale, Double(ink.height) / scale)
        }

        /// Sets the size that makes the ink `targetHeight` px high, or less to fit `maxWidth`;
        /// returns that ink height, or nil when it would be under the minimum (the size is then
        /// left as it was).
        func fit(maxWidth: Double, targetHeight: Double) -> Double? {
            setSize(Self.referenceSize)
            let ink = inkExtents()
            guard ink.height > 0, ink.width > 0 else { return nil }
            let factor = min(targetHeight / ink.height, maxWidth / ink.width)
            let height = ink.height * factor
            guard height >= BadgePainter.minimumTextHeight else { return nil }
            setSize(Self.referenceSize * factor)
            return height
        }
    }
}

extension Renderer {
    /// The badge layer of an Icon Composer `.icon`: `badge` alone on a transparent square of `side` px.
    package static func badgeLayer(_ badge: BadgeDrawing, side: Int) throws(RenderError) -> Bitmap {
        try BadgePainter.draw(badge, size: PixelSize(width: side, height: side))
    }
}
