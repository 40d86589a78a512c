/// Keeping a drawing's parts apart in its filled form (issue 52).
extension GlyphMorphology {
    /// The gap, in stroke widths `w`, kept between a part of the drawing and the fill of a
    /// container it lies outside of, and the share of a part within the container's convex hull
    /// up to which it counts as outside it.
    enum PartRule {
        static let gap = 1.0
        static let inside = 0.5
    }

    /// Cuts the fill back from parts of the drawing it would join: for each connected piece of
    /// the filled form (`values`, made from `drawn`) that holds two or more parts of the drawing
    /// (8-connected strokes), the part holding most of the piece's fill within its convex hull is
    /// the container; the fill comes no nearer than `PartRule.gap × w` to every other part that
    /// lies mostly outside that hull (the arrow above a tray's mouth), so the parts stay apart.
    /// A part mostly inside the container (an arrow into a tray, a slash across a circle) is left
    /// as the fill made it.
    static func keepPartsApart(_ values: inout [Float], drawn: [Float], width: Int, height: Int, w: Double) {
        let ink = drawn.map { $0 >= 0.5 }
        let parts = label(ink, width: width, height: height, diagonal: true)
        guard parts.count >= 2 else { return }
        let pieces = label(values.map { $0 >= 0.5 }, width: width, height: height, diagonal: true)
        // The piece each part lies in (its first filled pixel), and each piece's fill pixels.
        var pieceOf = [Int32](repeating: -1, count: parts.count)
        var size = [Int](repeating: 0, count: parts.count)
        for i in 0..<ink.count where parts.labels[i] >= 0 {
            let part = Int(parts.labels[i])
            size[part] += 1
            if pieceOf[part] < 0, pieces.labels[i] >= 0 { pieceOf[part] = pieces.labels[i] }
        }
        // Pieces holding two parts or more, their parts and their fill pixels, in one pass each.
        var membersOf: [Int32: [Int]] = [:]
        for part in 0..<parts.count where pieceOf[part] >= 0 { membersOf[pieceOf[part], default: []].append(part) }
        membersOf = membersOf.filter { $0.value.count >= 2 }
        guard !membersOf.isEmpty else { return }
        var fillOf: [Int32: [Int]] = [:]
        for i in 0..<ink.count where !ink[i] && pieces.labels[i] >= 0 && membersOf[pieces.labels[i]] != nil {
            fillOf[pieces.labels[i], default: []].append(i)
        }
        for piece in membersOf.keys.sorted() {
            guard let members = membersOf[piece], let fill = fillOf[piece] else { continue }
            let hulls = members.map { hullSpans(of: Int32($0), labels: parts.labels, width: width, height: height) }
            func within(_ spans: [(lo: Double, hi: Double)], _ i: Int) -> Bool {
                let x = Double(i % width), span = spans[i / width]
                return x >= span.lo && x <= span.hi
            }
            let held = hulls.map { spans in fill.filter { within(spans, $0) }.count }
            guard let best = held.indices.max(by: { held[$0] < held[$1] }) else { continue }
            var apart = [Bool](repeating: false, count: ink.count)
            var any = false
            for (k, part) in members.enumerated() where k != best {
                var inHull = 0
                for i in 0..<ink.count where parts.labels[i] == Int32(part) && within(hulls[best], i) { inHull += 1 }
                guard Double(inHull) < PartRule.inside * Double(size[part]) else { continue }
                for i in 0..<ink.count where parts.labels[i] == Int32(part) { apart[i] = true }
                any = true
            }
            guard any else { continue }
            let distance = squaredDistance(to: apart, width: width, height: height)
            let gap = Float(PartRule.gap * w)
            for i in fill {
                let ramp = min(1, max(0, distance[i].squareRoot() - gap + 0.5))
                values[i] = max(drawn[i], min(values[i], ramp))
            }
        }
    }

    /// The drawing at a heavier weight, each stroke widened by `r` pixels on either side (the
    /// selected form when no filled form can be derived): anti-aliased by the distance to the ink.
    static func heavier(_ drawn: [Float], width: Int, height: Int, by r: Double) -> [Float] {
        let distance = squaredDistance(to: drawn.map { $0 >= 0.5 }, width: width, height: height)
        return drawn.indices.map { i in
            max(drawn[i], min(1, max(0, Float(r) + 0.5 - distance[i].squareRoot())))
        }
    }
}
