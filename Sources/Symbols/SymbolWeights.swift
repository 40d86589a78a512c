/// The stroke widths of the three drawn weights, as ratios of the drawing's own width (Regular).
///
/// Defaults measured on a real SF Symbols export (`custom.line.3.horizontal.decrease.slash` in
/// nextcloud/talk-ios @ 4635e4d7, template v5.0): its bars are 2.18, 7.06 and 12.70 units thick at
/// Ultralight-S, Regular-S and Black-S, so Ultralight is 0.31 of Regular and Black 1.8 times it.
/// The manifest overrides them (`weights: {ultralight: 0.5, black: 2.2}`), or gives widths in the
/// SVG's user units (`weights: {ultralight: 0.75px, black: 3px}`), which become ratios of the
/// drawing's Regular width (`regularWidth`) so that strokes of other widths keep their proportion.
package struct SymbolWeights: Hashable, Sendable, Codable {
    package var ultralight: Double
    package var black: Double
    /// Widths in the source's user units, used instead of the ratios when given.
    package var ultralightWidth: Double?
    package var blackWidth: Double?

    package static let standard = SymbolWeights(ultralight: 0.31, black: 1.8)

    package init(ultralight: Double, black: Double, ultralightWidth: Double? = nil, blackWidth: Double? = nil) {
        self.ultralight = ultralight
        self.black = black
        self.ultralightWidth = ultralightWidth
        self.blackWidth = blackWidth
    }

    /// Ultralight, Regular, Black, as ratios of each stroke's own width in a drawing whose Regular
    /// width is `regular`; throws when a given width is not thinner (Ultralight) or wider (Black)
    /// than `regular`.
    func ratios(regular: Double) throws(SymbolError) -> [Double] {
        let ratios = [ultralightWidth.map { $0 / regular } ?? ultralight, 1, blackWidth.map { $0 / regular } ?? black]
        let drawn = SymbolPath.number(regular)
        if let width = ultralightWidth, ratios[0] >= 1 {
            throw .weights("an Ultralight stroke \(SymbolPath.number(width)) px wide is not thinner than the drawing's own \(drawn)-px stroke (Regular)",
                           fix: "give \"ultralight\" in \"weights\" a width below \(drawn)px, or a ratio such as 0.31")
        }
        if let width = blackWidth, ratios[2] <= 1 {
            throw .weights("a Black stroke \(SymbolPath.number(width)) px wide is not wider than the drawing's own \(drawn)-px stroke (Regular)",
                           fix: "give \"black\" in \"weights\" a width above \(drawn)px, or a ratio such as 1.8")
        }
        try Self.checkBounds(ratios, ultralightWidth: ultralightWidth, blackWidth: blackWidth, drawn: drawn)
        return ratios
    }

    /// The ratios a width may make of the drawing's Regular width (the manifest's ratio ranges):
    /// a Black stroke wider than 4 times it, or an Ultralight thinner than 0.05 of it, is refused
    /// before FreeType outlines it (its stroker writes out of bounds on a huge radius).
    static let blackLimit = 4.0
    static let ultralightLimit = 0.05

    private static func checkBounds(_ ratios: [Double], ultralightWidth: Double?, blackWidth: Double?, drawn: String) throws(SymbolError) {
        if let width = blackWidth, !(ratios[2] <= blackLimit) {
            throw .weights("a Black stroke \(SymbolPath.number(width)) px wide is more than \(SymbolPath.number(blackLimit)) times the drawing's own \(drawn)-px stroke (Regular)",
                           fix: "give \"black\" in \"weights\" a width of at most \(SymbolPath.number(blackLimit)) times \(drawn)px, or a ratio such as 1.8")
        }
        if let width = ultralightWidth, !(ratios[0] >= ultralightLimit) {
            throw .weights("an Ultralight stroke \(SymbolPath.number(width)) px wide is less than \(SymbolPath.number(ultralightLimit)) times the drawing's own \(drawn)-px stroke (Regular)",
                           fix: "give \"ultralight\" in \"weights\" a width of at least \(SymbolPath.number(ultralightLimit)) times \(drawn)px, or a ratio such as 0.31")
        }
    }

    /// The drawing's Regular width: the width most of its strokes have (the widest of those tied),
    /// in their own user units; nil without strokes.
    static func regularWidth(_ widths: [Double]) -> Double? {
        var counts: [Double: Int] = [:]
        for width in widths { counts[width, default: 0] += 1 }
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }
}

/// The three design variants drawn, in template order.
package enum SymbolVariant: String, CaseIterable, Sendable {
    case ultralight = "Ultralight-S"
    case regular = "Regular-S"
    case black = "Black-S"

    /// The weight column's centre on the 3300-unit canvas (the column labels' x in Apple's export).
    var columnCentre: Double {
        switch self {
        case .ultralight: 559.711
        case .regular: 1449.84
        case .black: 2933.4
        }
    }
}
