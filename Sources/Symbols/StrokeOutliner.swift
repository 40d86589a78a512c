internal import CFreeType
import Foundation

/// Outlines strokes with FreeType's stroker (`FT_Stroker`): round joins and round caps, the one
/// setting that keeps the outline's point count the same at every width on lines, circles and
/// tight curves (bevel and miter joins add or drop points as the width changes). Its outline is
/// filled with nonzero winding.
///
/// FreeType works in 26.6 fixed point (1/64 of a unit), with 32-bit-safe arithmetic inside: each
/// path is scaled so that its largest coordinate is 2^20 (in units of 1/64) before stroking,
/// and back afterwards, which keeps a millionth of the path's extent as precision. One
/// instance owns one `FT_Library` and one `FT_Stroker`; use it from one thread at a time.
final class StrokeOutliner {
    /// The widest stroke outlined, as a multiple of the path's largest coordinate.
    static let widthPerReach = 64.0
    private var library: FT_Library?
    private var stroker: FT_Stroker?

    init() throws(SymbolError) {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else { throw .stroker(status) }
        var stroker: FT_Stroker?
        let made = FT_Stroker_New(library, &stroker)
        guard made == 0, stroker != nil else {
            FT_Done_FreeType(library)
            throw .stroker(made)
        }
        self.library = library
        self.stroker = stroker
    }

    deinit {
        FT_Stroker_Done(stroker)
        FT_Done_FreeType(library)
    }

    /// The outline of `path` stroked `width` wide (same units as the path). Closed contours give
    /// two outline contours (outer and inner border), open ones one; a contour without length
    /// gives none.
    func outline(_ path: SymbolPath, width: Double) throws(SymbolError) -> SymbolPath {
        guard let bounds = path.bounds, width > 0 else { return SymbolPath() }
        let reach = max(abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY), 1)
        // A radius far beyond the path's coordinates leaves them a few 1/64 units in FreeType's
        // fixed point, where its stroker writes out of bounds (a 1e7-wide stroke: SIGSEGV).
        guard width.isFinite, width <= reach * Self.widthPerReach else {
            throw .unsupported("a stroke \(SymbolPath.number(width)) units wide, more than \(Int(Self.widthPerReach)) times the drawing's extent (\(SymbolPath.number(reach)) units)")
        }
        let extent = max(abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY), width, 1e-9)
        let scale = Double(1 << 20) / extent
        func vector(_ p: SymbolPoint) -> FT_Vector {
            FT_Vector(x: FT_Pos((p.x * scale).rounded()), y: FT_Pos((p.y * scale).rounded()))
        }
        let radius = FT_Fixed((width / 2 * scale).rounded())
        guard radius > 0 else { return SymbolPath() }
        FT_Stroker_Set(stroker, radius, FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 4 << 16)
        var drawn = false
        for contour in path.contours where !contour.segments.isEmpty {
            var start = vector(contour.start)
            var status = FT_Stroker_BeginSubPath(stroker, &start, contour.closed ? 0 : 1)
            for segment in contour.segments where status == 0 {
                switch segment {
                case .line(let p):
                    var to = vector(p)
                    status = FT_Stroker_LineTo(stroker, &to)
                case .cubic(let a, let b, let p):
                    var c1 = vector(a), c2 = vector(b), to = vector(p)
                    status = FT_Stroker_CubicTo(stroker, &c1, &c2, &to)
                }
            }
            if status == 0 { status = FT_Stroker_EndSubPath(stroker) }
            guard status == 0 else { throw .stroker(status) }
            drawn = true
        }
        guard drawn else { return SymbolPath() }
        var points: FT_UInt = 0, contours: FT_UInt = 0
        var status = FT_Stroker_GetCounts(stroker, &points, &contours)
        guard status == 0 else { throw .stroker(status) }
        guard points > 0, contours > 0 else { return SymbolPath() }
        var outline = FT_Outline()
        status = FT_Outline_New(library, points, Int32(contours), &outline)
        guard status == 0 else { throw .stroker(status) }
        defer { FT_Outline_Done(library, &outline) }
        outline.n_points = 0
        outline.n_contours = 0
        FT_Stroker_Export(stroker, &outline)
        return try Self.decompose(&outline, scale: 1 / scale)
    }

    /// The outline's contours as lines and cubics (a conic, which the stroker only makes from
    /// conic input, is raised to the cubic it equals), scaled by `scale`.
    private static func decompose(_ outline: inout FT_Outline, scale: Double) throws(SymbolError) -> SymbolPath {
        final class Builder {
            var contours: [SymbolContour] = []
            var current: SymbolPoint = SymbolPoint(0, 0)
            let scale: Double
            init(scale: Double) { self.scale = scale }
            func point(_ v: UnsafePointer<FT_Vector>?) -> SymbolPoint {
                guard let v else { return current }
                return SymbolPoint(Double(v.pointee.x) * scale, Double(v.pointee.y) * scale)
            }
        }
        let builder = Builder(scale: scale)
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                guard let user else { return 1 }
                let builder = Unmanaged<Builder>.fromOpaque(user).takeUnretainedValue()
                let p = builder.point(to)
                builder.contours.append(SymbolContour(start: p, closed: true))
                builder.current = p
                return 0
            },
            line_to: { to, user in
                guard let user else { return 1 }
                let builder = Unmanaged<Builder>.fromOpaque(user).takeUnretainedValue()
                guard !builder.contours.isEmpty else { return 1 }
                let p = builder.point(to)
                builder.contours[builder.contours.count - 1].segments.append(.line(p))
                builder.current = p
                return 0
            },
            conic_to: { control, to, user in
                guard let user else { return 1 }
                let builder = Unmanaged<Builder>.fromOpaque(user).takeUnretainedValue()
                guard !builder.contours.isEmpty else { return 1 }
                let from = builder.current, c = builder.point(control), p = builder.point(to)
                let a = SymbolPoint(from.x + 2 / 3 * (c.x - from.x), from.y + 2 / 3 * (c.y - from.y))
                let b = SymbolPoint(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y))
                builder.contours[builder.contours.count - 1].segments.append(.cubic(a, b, p))
                builder.current = p
                return 0
            },
            cubic_to: { c1, c2, to, user in
                guard let user else { return 1 }
                let builder = Unmanaged<Builder>.fromOpaque(user).takeUnretainedValue()
                guard !builder.contours.isEmpty else { return 1 }
                let p = builder.point(to)
                builder.contours[builder.contours.count - 1].segments.append(.cubic(builder.point(c1), builder.point(c2), p))
                builder.current = p
                return 0
            },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard status == 0 else { throw .stroker(status) }
        return SymbolPath(contours: builder.contours.filter { !$0.segments.isEmpty })
    }
}
