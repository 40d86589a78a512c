import AssetCore
import Foundation

/// The geometry of the SF Symbols template, copied from real exports by the SF Symbols app
/// (template v5.0 and v6.0 in nextcloud/talk-ios, for example
/// `NextcloudTalk/Images.xcassets/custom.bubble.badge.symbolset` @ 2d31eda5): a 3300 × 2200
/// canvas, Small/Medium/Large rows with their baselines at 696, 1126 and 1556, cap lines 70.459
/// above them (the cap height of SF Pro at 100 pt), nine weight columns, margin guides from
/// 600.785 to 720.121 on the Small row.
package enum SymbolTemplate {
    package static let width = 3300.0
    package static let height = 2200.0
    /// Small, Medium, Large.
    package static let baselines = [696.0, 1126.0, 1556.0]
    package static let capHeight = 70.459
    package static let marginTop = 600.785
    package static let marginBottom = 720.121
    /// Written in the notes layer (`<text id="template-version">`). 6.0 is the newest version we
    /// hold real exports of; Xcode 16 and later compile it.
    package static let version = "Template v.6.0"
    package static let requirement = "Requires Xcode 16 or greater"
    /// The rows' guide names.
    package static let rows = SymbolTemplateFormat.Scale.allCases.map(\.rawValue)

    /// The placement rule: the source's canvas (its viewBox) becomes `boxHeight` units tall,
    /// centred on the midline between the Small baseline and its cap line, as SF Symbols sit
    /// beside text. In Apple's export the three bars of `line.3.horizontal` are centred on
    /// y = −35.26 at every weight (the midline is −35.23), and a 24-px stroke icon's 2-px line
    /// becomes 7.17 units, Apple's Regular-S bar being 7.06.
    package static let boxHeight = 86.0

    /// One drawn variant: its paths in template units relative to the baseline (y up is negative),
    /// x from the left margin.
    struct Column {
        var variant: SymbolVariant
        var paths: [SymbolPath]
        var width: Double
    }

    /// The template document: notes, guides (baselines, cap lines, margins equal to each
    /// variant's ink bounds) and the three variants, every path in layer 0 (`monochrome-0`,
    /// `hierarchical-0:primary`).
    static func document(_ columns: [Column], name: String) -> String {
        let number = SymbolPath.number
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!--Generator: Assetsmith-->
        <!DOCTYPE svg
        PUBLIC "-//W3C//DTD SVG 1.1//EN"
               "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
        <svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(number(width))" height="\(number(height))">
         <style>.monochrome-0 {-sfsymbols-motion-group:0}
        .hierarchical-0:primary {-sfsymbols-motion-group:0}
        </style>
         <g id="Notes">
          <rect height="\(number(height))" id="artboard" style="fill:white;opacity:1" width="\(number(width))" x="0" y="0"/>
          <line style="fill:none;stroke:black;opacity:1;stroke-width:0.5;" x1="263" x2="3036" y1="292" y2="292"/>
          <text style="stroke:none;fill:black;font-family:sans-serif;font-size:13;font-weight:bold;" transform="matrix(1 0 0 1 263 322)">Weight/Scale Variations</text>

        """
        for variant in SymbolVariant.allCases {
            out += "  <text style=\"stroke:none;fill:black;font-family:sans-serif;font-size:13;text-anchor:middle;\" transform=\"matrix(1 0 0 1 \(number(variant.columnCentre)) 322)\">\(variant.weight.rawValue)</text>\n"
        }
        for (label, baseline) in zip(SymbolTemplateFormat.Scale.allCases.map(\.title), baselines) {
            out += "  <text style=\"stroke:none;fill:black;font-family:sans-serif;font-size:13;\" transform=\"matrix(1 0 0 1 263 \(number(baseline + 30)))\">\(label)</text>\n"
        }
        out += """
          <line style="fill:none;stroke:black;opacity:1;stroke-width:0.5;" x1="263" x2="3036" y1="1903" y2="1903"/>
          <text id="template-version" style="stroke:none;fill:black;font-family:sans-serif;font-size:13;text-anchor:end;" transform="matrix(1 0 0 1 3036 1933)">\(version)</text>
          <text style="stroke:none;fill:black;font-family:sans-serif;font-size:13;text-anchor:end;" transform="matrix(1 0 0 1 3036 1951)">\(requirement)</text>
          <text id="descriptive-name" style="stroke:none;fill:black;font-family:sans-serif;font-size:13;text-anchor:end;" transform="matrix(1 0 0 1 3036 1969)">Generated from \(escaped(name))</text>
          <text style="stroke:none;fill:black;font-family:sans-serif;font-size:13;text-anchor:end;" transform="matrix(1 0 0 1 3036 1987)">Typeset at 100.0 points</text>
         </g>
         <g id="Guides">

        """
        for (row, baseline) in zip(SymbolTemplateFormat.Scale.allCases, baselines) {
            out += "  <line id=\"\(SymbolTemplateFormat.baseline(row))\" style=\"fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;\" x1=\"263\" x2=\"3036\" y1=\"\(number(baseline))\" y2=\"\(number(baseline))\"/>\n"
            out += "  <line id=\"\(SymbolTemplateFormat.capline(row))\" style=\"fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;\" x1=\"263\" x2=\"3036\" y1=\"\(number(baseline - capHeight))\" y2=\"\(number(baseline - capHeight))\"/>\n"
        }
        for column in columns {
            let left = column.variant.columnCentre - column.width / 2
            for (side, x) in [(SymbolTemplateFormat.MarginSide.left, left), (.right, left + column.width)] {
                out += "  <line id=\"\(SymbolTemplateFormat.margin(side, of: column.variant.rawValue))\" style=\"fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;\" x1=\"\(number(x))\" x2=\"\(number(x))\" y1=\"\(number(marginTop))\" y2=\"\(number(marginBottom))\"/>\n"
            }
        }
        out += " </g>\n <g id=\"Symbols\">\n"
        for column in columns {
            let left = column.variant.columnCentre - column.width / 2
            out += "  <g id=\"\(column.variant.rawValue)\" transform=\"matrix(1 0 0 1 \(number(left)) \(number(baselines[0])))\">\n"
            for path in column.paths {
                out += "   <path class=\"monochrome-0 hierarchical-0:primary\" d=\"\(path.pathData)\"/>\n"
            }
            out += "  </g>\n"
        }
        out += " </g>\n</svg>\n"
        return out
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
