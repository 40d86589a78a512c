import AssetCore

/// The `glyphs` part of a requirement table: bar glyph boxes, tab bar boxes by shape, the
/// largest glyph the era allows and the line weight derived outlines are drawn with.
/// Tables of eras without these (ios6) leave the section out; the glyph kinds then fail to plan.
package struct GlyphRequirements: Hashable, Sendable, Decodable {
    package var barGlyph: BoxSizes
    package var tabIcon: TabBoxes
    /// Line weight in points of a regular and a compact glyph (derived outlines use it).
    package var lineWeight: LineWeights

    enum CodingKeys: String, CodingKey {
        case barGlyph = "bar-glyph"
        case tabIcon = "tab-icon"
        case lineWeight = "line-weight"
    }

    /// A regular and an optional compact (landscape) box, and the largest glyph allowed.
    package struct BoxSizes: Hashable, Sendable, Decodable {
        /// Points, `24x24`.
        package var regular: String
        package var compact: String?
        package var maximum: String
    }

    /// Tab bar boxes by shape, and how many tabs a bar shows.
    package struct TabBoxes: Hashable, Sendable, Decodable {
        /// Points, `48x32`: the largest tab glyph.
        package var maximum: String
        package var boxes: [String: TabBox]
        /// `maximum-tabs`: the tabs a bar shows before "More", by idiom (`iphone`: 5, `ipad`: 7;
        /// HIG rule 12); empty in a table without it, which then checks no count.
        package var maximumTabs: [String: Int]

        enum CodingKeys: String, CodingKey {
            case maximum, boxes
            case maximumTabs = "maximum-tabs"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            maximum = try container.decode(String.self, forKey: .maximum)
            boxes = try container.decode([String: TabBox].self, forKey: .boxes)
            maximumTabs = try container.decodeIfPresent([String: Int].self, forKey: .maximumTabs) ?? [:]
        }

        /// The tabs a bar of `idiom` shows before "More", when the table says.
        package func maximumTabs(for idiom: Idiom) -> Int? { maximumTabs[idiom.rawValue] }
    }

    /// One shape's box: the side length in points and which side it constrains.
    package struct TabBox: Hashable, Sendable, Decodable {
        /// `both`, `width` or `height`.
        package var constrain: String
        package var regular: Double
        package var compact: Double?
    }

    package struct LineWeights: Hashable, Sendable, Decodable {
        package var regular: Double
        package var compact: Double
    }
}
