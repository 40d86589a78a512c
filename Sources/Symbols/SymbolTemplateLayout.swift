import AssetCore
import Foundation

/// Where a template's drawn variants are, for drawing them one by one (the preview): read with
/// libxml2, never interpreted beyond ids and the baseline guides.
package struct SymbolTemplateLayout: Hashable, Sendable {
    /// The ids of the variant groups in the `Symbols` group (`Ultralight-S`, `Regular-M`…), in order.
    package var variants: [String]
    /// The baseline of each row (`S`, `M`, `L`) in template units: the `Baseline-<row>` guide's
    /// y, or the SF Symbols app's 696, 1126 and 1556 when a guide is missing.
    package var baselines: [String: Double]

    /// The layout of the template `data`; nil when libxml2 cannot read it or it has no `Symbols` group.
    package static func read(_ data: Data, name: String) -> SymbolTemplateLayout? {
        guard let root = try? XMLElement.parse(data, name: name), let symbols = root.element(id: "Symbols") else { return nil }
        let variants = symbols.children.compactMap { $0.name == "g" ? $0.attributes["id"] : nil }
        var baselines: [String: Double] = [:]
        for (row, standard) in zip(SymbolTemplateFormat.Scale.allCases, SymbolTemplate.baselines) {
            let guide = root.element(id: SymbolTemplateFormat.baseline(row))
            baselines[row.rawValue] = guide.flatMap { $0.attributes["y1"] }.flatMap(Double.init) ?? standard
        }
        return SymbolTemplateLayout(variants: variants, baselines: baselines)
    }
}
