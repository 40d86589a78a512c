import AssetCore

/// How the symbol maker turns `SymbolWeights` (AssetCore) into stroke widths: the ratios a
/// width in user units makes of the drawing's own width (Regular), and the bounds FreeType's
/// stroker is kept within.
extension SymbolWeights {
    /// Ultralight, Regular, Black, as ratios of each stroke's own width in a drawing whose Regular
    /// width is `regular`; throws when a given width is not thinner (Ultralight) or wider (Black)
    /// than `regular`.
    func ratios(regular: Double) throws(SymbolError) -> [Double] {
        let ratios = [ultralightWidth.map { $0 / regular } ?? ultralight, 1, blackWidth.map { $0 / regular } ?? black]
        let drawn = SymbolPath.number(regular)
        if let width = ultralightWidth, ratios[0] >= 1 {
            throw .weights("an Ultralight stroke \(SymbolPath.number(width)) px wide is not thinner than the drawing's own \(drawn)-px stroke (Regular)",
                           fix: "give \"ultralight\" in \"weights\" a width below \(drawn)px, or a ratio such as \(SymbolWeights.defaultUltralight)")
        }
        if let width = blackWidth, ratios[2] <= 1 {
            throw .weights("a Black stroke \(SymbolPath.number(width)) px wide is not wider than the drawing's own \(drawn)-px stroke (Regular)",
                           fix: "give \"black\" in \"weights\" a width above \(drawn)px, or a ratio such as \(SymbolWeights.defaultBlack)")
        }
        try Self.checkBounds(ratios, ultralightWidth: ultralightWidth, blackWidth: blackWidth, drawn: drawn)
        return ratios
    }

    /// The ratios a width may make of the drawing's Regular width (the manifest's ratio ranges):
    /// a Black stroke wider than 4 times it, or an Ultralight thinner than 0.05 of it, is refused
    /// before FreeType outlines it (its stroker writes out of bounds on a huge radius).
    static let blackLimit = blackRange.upperBound
    static let ultralightLimit = ultralightRange.lowerBound

    private static func checkBounds(_ ratios: [Double], ultralightWidth: Double?, blackWidth: Double?, drawn: String) throws(SymbolError) {
        if let width = blackWidth, !(ratios[2] <= blackLimit) {
            throw .weights("a Black stroke \(SymbolPath.number(width)) px wide is more than \(SymbolPath.number(blackLimit)) times the drawing's own \(drawn)-px stroke (Regular)",
                           fix: "give \"black\" in \"weights\" a width of at most \(SymbolPath.number(blackLimit)) times \(drawn)px, or a ratio such as \(SymbolWeights.defaultBlack)")
        }
        if let width = ultralightWidth, !(ratios[0] >= ultralightLimit) {
            throw .weights("an Ultralight stroke \(SymbolPath.number(width)) px wide is less than \(SymbolPath.number(ultralightLimit)) times the drawing's own \(drawn)-px stroke (Regular)",
                           fix: "give \"ultralight\" in \"weights\" a width of at least \(SymbolPath.number(ultralightLimit)) times \(drawn)px, or a ratio such as \(SymbolWeights.defaultUltralight)")
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

extension SymbolVariant {
    /// The weight column's centre on the 3300-unit canvas (the column labels' x in Apple's export).
    var columnCentre: Double {
        switch self {
        case .ultralight: 559.711
        case .regular: 1449.84
        case .black: 2933.4
        }
    }
}
