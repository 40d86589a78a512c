import AssetCore

/// Pixel-grid snapping of glyphs: the translation, in output pixels, that puts the glyph's
/// straight edges on pixel boundaries.
///
/// Measured on the supersampled coverage: the bounding box's left and right (top and bottom)
/// edges, to 1/255 of a supersampled pixel (from the coverage of the outermost column). When
/// the box is a whole number of pixels wide both edges land on the grid; otherwise the edge with
/// the longer straight run (more coverage in its outermost column) does. The shift is at most
/// half a pixel and never moves the glyph out of the image.
enum GlyphSnap {
    static func shift(for coverage: GlyphCoverage, factor s: Int, box: PixelSize) -> (Double, Double) {
        let (columns, rows) = coverage.profiles()
        let dx = axisShift(columns, factor: s, limit: Double(box.width), mass: coverage.columnMass)
        let dy = axisShift(rows, factor: s, limit: Double(box.height), mass: coverage.rowMass)
        return (dx, dy)
    }

    static func axisShift(_ profile: [Float], factor s: Int, limit: Double, mass: (Int) -> Float) -> Double {
        let noise: Float = 0.02
        guard let first = profile.firstIndex(where: { $0 > noise }),
              let last = profile.lastIndex(where: { $0 > noise }) else { return 0 }
        let f = Double(s)
        let lo = (Double(first) + 1 - Double(profile[first])) / f
        let hi = (Double(last) + Double(profile[last])) / f
        let fracLo = lo - lo.rounded(), fracHi = hi - hi.rounded()
        var shift: Double
        if abs(fracLo - fracHi) < 0.1 {
            shift = -(fracLo + fracHi) / 2
        } else {
            // A straight edge covers a long run of its outermost column; a curve only a point.
            let massLo = mass(first) / max(profile[first], 0.01) / Float(s)
            let massHi = mass(last) / max(profile[last], 0.01) / Float(s)
            guard max(massLo, massHi) >= 1 else { return 0 }
            shift = massLo >= massHi ? -fracLo : -fracHi
        }
        if abs(shift) < 0.01 || lo + shift < 0 || hi + shift > limit { return 0 }
        shift = (shift * 1024).rounded() / 1024
        return shift
    }
}
