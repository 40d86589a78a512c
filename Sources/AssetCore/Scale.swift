/// A display scale: the @1x/@2x/@3x of a file name and the `scale` of Contents.json.
package enum Scale: String, CaseIterable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    case x1 = "1x"
    case x2 = "2x"
    case x3 = "3x"

    package var factor: Int {
        switch self {
        case .x1: 1
        case .x2: 2
        case .x3: 3
        }
    }

    /// `@2x`; empty for @1x, as Xcode names files.
    package var fileSuffix: String { self == .x1 ? "" : "@\(rawValue)" }

    /// `@2x` for messages (including `@1x`).
    package var description: String { "@\(rawValue)" }

    package static func < (a: Scale, b: Scale) -> Bool { a.factor < b.factor }
}
