/// An sRGB colour with straight alpha, written in manifests as `#RRGGBB` or `#RRGGBBAA`.
package struct RGBAColor: Hashable, Sendable, Codable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8
    package var alpha: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    package static let white = RGBAColor(red: 255, green: 255, blue: 255)
    package static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA` (case-insensitive); nil otherwise.
    package init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let byte = UInt8(String(digits[index..<index + 2]), radix: 16) else { return nil }
            bytes.append(byte)
            index += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    package var description: String {
        let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + parts.map { byte in
            let s = String(byte, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    /// WCAG relative luminance in 0…1 (sRGB decoded to linear light).
    package var relativeLuminance: Double {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}

import Foundation
