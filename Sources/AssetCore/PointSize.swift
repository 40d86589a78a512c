import Foundation

/// A size in points, as Apple's tables and Contents.json give it (`83.5x83.5`).
package struct PointSize: Hashable, Sendable, Codable, CustomStringConvertible {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    package init(square side: Double) {
        self.init(width: side, height: side)
    }

    /// `83.5x83.5`, the Contents.json form (no unit, shortest number).
    package var description: String { "\(PointSize.format(width))x\(PointSize.format(height))" }

    /// Pixels at `scale`, or nil when a side is not a whole number of pixels (or is beyond any
    /// image: more than 2^31 px, such as a Contents.json `size` of `1e300x768`).
    package func pixels(at scale: Scale) -> PixelSize? {
        let w = width * Double(scale.factor)
        let h = height * Double(scale.factor)
        guard WholePixels.isWhole(width, at: scale), WholePixels.isWhole(height, at: scale),
              w >= 1, h >= 1, w <= Double(Int32.max), h <= Double(Int32.max) else { return nil }
        return PixelSize(width: Int(w), height: Int(h))
    }

    /// `20`, `83.5`: a point value without a trailing `.0`.
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Parses `24`, `24x24`, `83.5x83.5` (points); nil when malformed or not positive.
    package init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part -> Double? in
            // Foundation's trimming only where an end may be a space: a part that starts and ends
            // with a visible ASCII character has none to trim (a manifest's `24`, once per asset).
            if let first = part.utf8.first, let last = part.utf8.last, (0x21...0x7E).contains(first),
               (0x21...0x7E).contains(last) {
                return Double(part)
            }
            return Double(part.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        switch numbers.count {
        case 1: self.init(square: numbers[0])
        case 2: self.init(width: numbers[0], height: numbers[1])
        default: return nil
        }
    }
}

