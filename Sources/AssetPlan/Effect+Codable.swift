import AssetCore

/// Plan JSON form of `Effect`: the plain effects stay strings (`"none"`, `"greyscale"`), the ones
/// with parameters are objects with one key (`{"glyph": {…}}`, `{"tone": {…}}`).
extension Effect: Codable {
    private enum CodingKeys: String, CodingKey {
        case glyph, tone
        case macGrid = "mac-grid"
    }

    package init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let word = try? single.decode(String.self) {
            switch word {
            case "none": self = .none
            case "greyscale": self = .greyscale
            default:
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "unknown effect \"\(word)\"")
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let glyph = try container.decodeIfPresent(GlyphTreatment.self, forKey: .glyph) {
            self = .glyph(glyph)
        } else if let grid = try container.decodeIfPresent(MacIconGrid.self, forKey: .macGrid) {
            self = .macGrid(grid)
        } else {
            self = .tone(try container.decode(ToneAdjustment.self, forKey: .tone))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .none:
            var single = encoder.singleValueContainer()
            try single.encode("none")
        case .greyscale:
            var single = encoder.singleValueContainer()
            try single.encode("greyscale")
        case .glyph(let treatment):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(treatment, forKey: .glyph)
        case .tone(let tone):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(tone, forKey: .tone)
        case .macGrid(let grid):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(grid, forKey: .macGrid)
        }
    }
}
