/// The stroke widths of the three drawn weights, as ratios of the drawing's own width (Regular).
///
/// Defaults measured on a real SF Symbols export (`custom.line.3.horizontal.decrease.slash` in
/// nextcloud/talk-ios @ 4635e4d7, template v5.0): its bars are 2.18, 7.06 and 12.70 units thick at
/// Ultralight-S, Regular-S and Black-S, so Ultralight is 0.31 of Regular and Black 1.8 times it.
/// The manifest overrides them (`weights: {ultralight: 0.5, black: 2.2}`).
package struct SymbolWeights: Hashable, Sendable, Codable {
    package var ultralight: Double
    package var black: Double

    package static let standard = SymbolWeights(ultralight: 0.31, black: 1.8)

    package init(ultralight: Double, black: Double) {
        self.ultralight = ultralight
        self.black = black
    }

    /// Ultralight, Regular, Black.
    var ratios: [Double] { [ultralight, 1, black] }
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
