/// A size in whole device pixels.
package struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package init(square side: Int) {
        self.init(width: side, height: side)
    }

    /// `120x120 px`: the form used in messages.
    package var description: String { "\(width)x\(height) px" }

    /// True when both sides are at least those of `other`.
    package func covers(_ other: PixelSize) -> Bool {
        width >= other.width && height >= other.height
    }
}
