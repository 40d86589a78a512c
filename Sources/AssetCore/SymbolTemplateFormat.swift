/// An SF Symbols template's ids, named once: the weights and scales of its variant groups
/// (`Ultralight-S` … `Black-L`), the three variants Assetsmith draws and the guides actool
/// requires. The template maker writes them, the symbol check and the preview read them.
/// Apple's "Creating custom symbol images for your app" and the SF Symbols app's exported
/// template (variant group ids, `Baseline-S`/`Capline-S` guides, `left-margin-Regular-M`);
/// actool's messages quoted in `SymbolSetCheck`.
package enum SymbolTemplateFormat {
    /// The nine weights in actool's order (weight 1…9).
    package enum Weight: String, CaseIterable, Hashable, Sendable {
        case ultralight = "Ultralight"
        case thin = "Thin"
        case light = "Light"
        case regular = "Regular"
        case medium = "Medium"
        case semibold = "Semibold"
        case bold = "Bold"
        case heavy = "Heavy"
        case black = "Black"
    }

    /// The three scales (the template's rows).
    package enum Scale: String, CaseIterable, Hashable, Sendable {
        case small = "S"
        case medium = "M"
        case large = "L"

        /// `Small`, as the template's row labels say.
        package var title: String {
            switch self {
            case .small: "Small"
            case .medium: "Medium"
            case .large: "Large"
            }
        }
    }

    /// `Regular-M`: a variant group's id.
    package static func variantID(_ weight: Weight, _ scale: Scale) -> String { weight.rawValue + "-" + scale.rawValue }

    /// Every variant id: `Ultralight-S` … `Black-L`.
    package static let variantIDs = Scale.allCases.flatMap { scale in Weight.allCases.map { variantID($0, scale) } }

    /// The one variant actool always requires (before template 3.0).
    package static let regularMedium = variantID(.regular, .medium)

    /// `Baseline-S`: the baseline guide of a row.
    package static func baseline(_ scale: Scale) -> String { "Baseline-" + scale.rawValue }

    /// `Capline-S`: the cap-line guide of a row.
    package static func capline(_ scale: Scale) -> String { "Capline-" + scale.rawValue }

    /// The margin guides' sides.
    package enum MarginSide: String, CaseIterable, Sendable {
        case left, right
    }

    /// `left-margin` (plain), or `left-margin-Regular-M` beside one variant.
    package static func margin(_ side: MarginSide, of variant: String? = nil) -> String {
        side.rawValue + "-margin" + (variant.map { "-" + $0 } ?? "")
    }
}

/// The three design variants Assetsmith draws (its templates' sources, from template 3.0), in
/// template order; the other weights actool interpolates from them.
package enum SymbolVariant: String, CaseIterable, Hashable, Sendable {
    case ultralight = "Ultralight-S"
    case regular = "Regular-S"
    case black = "Black-S"

    /// The variant's weight (`Ultralight`).
    package var weight: SymbolTemplateFormat.Weight {
        switch self {
        case .ultralight: .ultralight
        case .regular: .regular
        case .black: .black
        }
    }

    /// The id of this weight at `scale`: `Ultralight-M`.
    package func id(at scale: SymbolTemplateFormat.Scale) -> String { SymbolTemplateFormat.variantID(weight, scale) }
}
