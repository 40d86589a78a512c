@testable import Rendering
import Testing

/// The exact Euclidean distance transform of the derived tab forms (`GlyphMorphology.
/// squaredDistance`) against brute force, and the derived forms on a cropped drawing against the
/// same drawing on a larger canvas.
@Suite struct DistanceTransformTests {
    /// A reproducible pseudo-random mask with about `density` of the pixels set.
    static func mask(width: Int, height: Int, density: Double, seed: UInt64) -> [Bool] {
        var state = seed
        return (0..<(width * height)).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) < density
        }
    }

    static func bruteForce(_ mask: [Bool], to target: Bool, width: Int, height: Int, borderInSet: Bool) -> [Float] {
        var sites: [(Int, Int)] = []
        for y in 0..<height { for x in 0..<width where mask[y * width + x] == target { sites.append((x, y)) } }
        if borderInSet {
            for x in -1...width { sites.append((x, -1)); sites.append((x, height)) }
            for y in 0..<height { sites.append((-1, y)); sites.append((width, y)) }
        }
        return (0..<(width * height)).map { i in
            let x = i % width, y = i / width
            var best = Int.max
            for (sx, sy) in sites { best = min(best, (sx - x) * (sx - x) + (sy - y) * (sy - y)) }
            return best == Int.max ? 1e12 : Float(best)
        }
    }

    @Test(arguments: [(1, 1, 0.5), (7, 3, 0.1), (13, 17, 0.02), (31, 9, 0.3), (24, 24, 0.0), (20, 11, 0.97)])
    func matchesBruteForce(width: Int, height: Int, density: Double) {
        for seed in UInt64(1)...3 {
            let m = Self.mask(width: width, height: height, density: density, seed: seed)
            let toSet = GlyphMorphology.squaredDistance(to: m, width: width, height: height)
            let expected = Self.bruteForce(m, to: true, width: width, height: height, borderInSet: false)
            for (a, b) in zip(toSet, expected) {
                #expect(a == b || (a >= 1e11 && b >= 1e11), "\(width)x\(height) seed \(seed)")
            }
            let toEmpty = GlyphMorphology.squaredDistanceToEmpty(m, width: width, height: height)
            #expect(toEmpty == Self.bruteForce(m, to: false, width: width, height: height, borderInSet: true))
        }
    }

    /// A ring with a narrow gap and a bar inside, drawn into a 60 px canvas: the derived forms are the
    /// same whether the canvas has a wide empty margin around the drawing or none to spare.
    @Test func derivedFormsDoNotDependOnTheEmptyMargin() {
        let side = 60
        var drawing = [Float](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) - 29.5, dy = Double(y) - 29.5
                let r = (dx * dx + dy * dy).squareRoot()
                let ring = r > 20 && r < 24 && !(dy < -15 && abs(dx) < 1.5)
                let bar = abs(dy) < 2 && abs(dx) < 10
                drawing[y * side + x] = ring || bar ? 1 : (abs(r - 22) < 2.6 ? 0.3 : 0)
            }
        }
        let margin = 17, big = side + 2 * margin
        var padded = [Float](repeating: 0, count: big * big)
        for y in 0..<side { for x in 0..<side { padded[(y + margin) * big + x + margin] = drawing[y * side + x] } }

        var filled = drawing, filledPadded = padded
        GlyphMorphology.filledFromOutline(&filled, width: side, height: side)
        GlyphMorphology.filledFromOutline(&filledPadded, width: big, height: big)
        var outline = drawing, outlinePadded = padded
        GlyphMorphology.outlineFromFilled(&outline, width: side, height: side, strokeWidth: 3)
        GlyphMorphology.outlineFromFilled(&outlinePadded, width: big, height: big, strokeWidth: 3)
        for y in 0..<side {
            for x in 0..<side {
                #expect(filled[y * side + x] == filledPadded[(y + margin) * big + x + margin], "filled at \(x),\(y)")
                #expect(outline[y * side + x] == outlinePadded[(y + margin) * big + x + margin], "outline at \(x),\(y)")
            }
        }
        let changed = zip(filled, drawing).filter { ($0 >= 0.5) != ($1 >= 0.5) }.count
        #expect(changed > 500, "the ring with its gap is filled: \(changed) pixels changed")
    }
}
