/// A point in a plane (px of the source drawing, or template units once placed).
package struct SymbolPoint: Hashable, Sendable {
    package var x: Double
    package var y: Double

    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// One piece of a contour after its start point.
package enum SymbolSegment: Hashable, Sendable {
    case line(SymbolPoint)
    case cubic(SymbolPoint, SymbolPoint, SymbolPoint)

    /// The segment's end point.
    var end: SymbolPoint {
        switch self {
        case .line(let p): p
        case .cubic(_, _, let p): p
        }
    }

    /// Every point the segment writes (controls and end), in order.
    var points: [SymbolPoint] {
        switch self {
        case .line(let p): [p]
        case .cubic(let a, let b, let p): [a, b, p]
        }
    }

    /// `L` or `C`: what a template's path data says for it.
    var command: Character {
        switch self {
        case .line: "L"
        case .cubic: "C"
        }
    }
}

/// A contour: a start point and its segments; `closed` when it ends with `Z`.
package struct SymbolContour: Hashable, Sendable {
    package var start: SymbolPoint
    package var segments: [SymbolSegment]
    package var closed: Bool

    package init(start: SymbolPoint, segments: [SymbolSegment] = [], closed: Bool = false) {
        self.start = start
        self.segments = segments
        self.closed = closed
    }
}

/// A filled outline: contours filled together with nonzero winding, the way a template's
/// `<path>` is filled in every rendering mode.
package struct SymbolPath: Hashable, Sendable {
    package var contours: [SymbolContour]

    package init(contours: [SymbolContour] = []) {
        self.contours = contours
    }

    /// The points written (start points, controls and ends).
    package var pointCount: Int {
        contours.reduce(0) { total, contour in total + 1 + contour.segments.reduce(0) { $0 + $1.points.count } }
    }

    /// The commands in order (`MLCZ`…): two paths Xcode can interpolate between have the same
    /// shape (and so the same point count).
    package var shape: String {
        var text = ""
        for contour in contours {
            text.append("M")
            for segment in contour.segments { text.append(segment.command) }
            if contour.closed { text.append("Z") }
        }
        return text
    }

    /// Each segment as its own open contour (a zero-length line kept as a line of a thousandth of
    /// a unit, so that its round caps still draw a dot); cubics cut into `curvePieces` lines when
    /// given. Stroked with round caps, the pieces cover exactly what the whole path stroked with
    /// round joins covers (both are the path swept by a disc), and the outline of each piece has
    /// a structure that does not depend on the width.
    package func pieces(curvePieces: Int? = nil) -> SymbolPath {
        var out: [SymbolContour] = []
        for contour in contours {
            var from = contour.start
            var segments = contour.segments
            if contour.closed, let last = segments.last?.end, last != contour.start { segments.append(.line(contour.start)) }
            for segment in segments {
                switch segment {
                case .line(let p):
                    let end = p == from ? SymbolPoint(p.x + 0.001, p.y) : p
                    out.append(SymbolContour(start: from, segments: [.line(end)]))
                case .cubic(let a, let b, let p):
                    if let count = curvePieces {
                        var previous = from
                        for step in 1...count {
                            let t = Double(step) / Double(count), u = 1 - t
                            let point = SymbolPoint(u * u * u * from.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * p.x,
                                                    u * u * u * from.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * p.y)
                            out.append(SymbolContour(start: previous, segments: [.line(point == previous ? SymbolPoint(point.x + 0.001, point.y) : point)]))
                            previous = point
                        }
                    } else {
                        out.append(SymbolContour(start: from, segments: [segment]))
                    }
                }
                from = segment.end
            }
        }
        return SymbolPath(contours: out)
    }

    /// The same path with every point moved by `transform`.
    package func mapped(_ transform: (SymbolPoint) -> SymbolPoint) -> SymbolPath {
        SymbolPath(contours: contours.map { contour in
            SymbolContour(start: transform(contour.start), segments: contour.segments.map { segment in
                switch segment {
                case .line(let p): .line(transform(p))
                case .cubic(let a, let b, let p): .cubic(transform(a), transform(b), transform(p))
                }
            }, closed: contour.closed)
        })
    }

    /// The box of the drawn outline (curves sampled 32 times each, so within a thousandth of a
    /// unit of the true box at template sizes), or nil when the path is empty.
    package var bounds: SymbolBounds? {
        var bounds: SymbolBounds?
        func add(_ point: SymbolPoint) {
            bounds = bounds?.including(point) ?? SymbolBounds(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)
        }
        for contour in contours {
            add(contour.start)
            var from = contour.start
            for segment in contour.segments {
                if case .cubic(let a, let b, let p) = segment {
                    for step in 1..<32 {
                        let t = Double(step) / 32, u = 1 - t
                        add(SymbolPoint(u * u * u * from.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * p.x,
                                        u * u * u * from.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * p.y))
                    }
                }
                add(segment.end)
                from = segment.end
            }
        }
        return bounds
    }

    /// Path data in the one form templates use: absolute `M`, `L`, `C`, `Z`, numbers rounded to
    /// 1/1000 of a unit (Apple's exports write 6 significant digits).
    package var pathData: String {
        var parts: [String] = []
        for contour in contours {
            parts.append("M" + Self.format(contour.start))
            for segment in contour.segments {
                parts.append(String(segment.command) + segment.points.map(Self.format).joined(separator: " "))
            }
            if contour.closed { parts.append("Z") }
        }
        return parts.joined()
    }

    static func format(_ point: SymbolPoint) -> String { number(point.x) + " " + number(point.y) }

    /// A number with at most three decimals and no trailing zeros (`-0` written as `0`).
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// An axis-aligned box.
package struct SymbolBounds: Hashable, Sendable {
    package var minX: Double
    package var minY: Double
    package var maxX: Double
    package var maxY: Double

    package var width: Double { maxX - minX }
    package var height: Double { maxY - minY }

    func including(_ point: SymbolPoint) -> SymbolBounds {
        SymbolBounds(minX: min(minX, point.x), minY: min(minY, point.y), maxX: max(maxX, point.x), maxY: max(maxY, point.y))
    }

    func union(_ other: SymbolBounds) -> SymbolBounds {
        SymbolBounds(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
                     maxY: max(maxY, other.maxY))
    }
}
