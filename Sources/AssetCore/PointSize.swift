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

    /// Pixels at `scale`, or nil when a side is not a whole number of pixels.
    package func pixels(at scale: Scale) -> PixelSize? {
        guard WholePixels.isWhole(width, at: scale), WholePixels.isWhole(height, at: scale),
              width * Double(scale.factor) >= 1, height * Double(scale.factor) >= 1 else { return nil }
        return PixelSize(width: Int(width * Double(scale.factor)), height: Int(height * Double(scale.factor)))
    }

    /// `20`, `83.5`: a point value without a trailing `.0`.
    package static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Parses `24`, `24x24`, `83.5x83.5` (points); nil when malformed or not positive.
    package init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        switch numbers.count {
        case 1: self.init(square: numbers[0])
        case 2: self.init(width: numbers[0], height: numbers[1])
        default: return nil
        }
    }
}

