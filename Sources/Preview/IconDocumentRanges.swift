import AssetCore

/// Every number of an `icon.json` checked against a range before the preview draws anything:
/// `"scale": 1e300` made a canvas size overflow (SIGILL) and `"scale": 3000` asked for 6 GB.
/// The ranges are wide around what Icon Composer writes (scale 0.1–2, translations within the
/// 1024 pt canvas, opacity 0–1).
enum IconDocumentRanges {
    /// A key's allowed values; numbers under other keys only have to be finite and within `other`.
    static let ranges: [String: ClosedRange<Double>] = [
        "scale": 0...8,
        "translation-in-points": -2048...2048,
        "opacity": 0...1,
    ]
    static let other: ClosedRange<Double> = -1_000_000...1_000_000
    /// Deepest nesting read (Icon Composer writes five levels).
    static let maximumDepth = 32

    /// The first number out of its range, as words naming its key and place; nil when all fit.
    static func problem(in document: JSONValue) -> String? {
        problem(document, key: nil, path: "", depth: 0)
    }

    private static func problem(_ value: JSONValue, key: String?, path: String, depth: Int) -> String? {
        guard depth <= maximumDepth else { return "icon.json nests deeper than \(maximumDepth) levels at \(path)" }
        switch value {
        case .number(let number):
            let range = key.flatMap { ranges[$0] } ?? other
            guard number.isFinite, range.contains(number) else {
                return "\(path.isEmpty ? "a number" : "\"\(path)\"") in icon.json is \(number), outside \(text(range.lowerBound)) to \(text(range.upperBound))"
            }
            return nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = problem(item, key: key, path: path + "[\(index)]", depth: depth + 1) { return found }
            }
            return nil
        case .object(let members):
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                let inner = path.isEmpty ? name : path + "." + name
                if let found = problem(member, key: name, path: inner, depth: depth + 1) { return found }
            }
            return nil
        case .string, .bool, .null:
            return nil
        }
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
