import Foundation

/// One painted path read back from Cairo's SVG surface: a fill, or a stroke with its width and
/// the matrix from the stroke's user space to the page.
struct DrawnPath: Sendable {
    enum Paint: Sendable, Equatable {
        /// Filled; `evenOdd` when its fill rule is even-odd.
        case fill(evenOdd: Bool)
        /// Stroked with this width (in the path's own units); `dashed` when a dash pattern was set.
        case stroke(width: Double, dashed: Bool)
    }

    var paint: Paint
    /// In the stroke's user space for a stroke, on the page for a fill.
    var path: SymbolPath
    /// From `path`'s space to the page: Cairo's (xx, yx, xy, yy, x0, y0).
    var matrix: [Double]
}

/// Reads the paths of an SVG document **written by Cairo's own SVG surface** (librsvg drew the
/// source onto it; see `VectorImage.export`), never a document from a user.
///
/// That writer (`cairo-svg-surface.c`, `_cairo_svg_surface_emit_path`) writes each path's data as
/// absolute `M x y`, `L x y`, `C x1 y1 x2 y2 x y` and `Z`, separated by single spaces, numbers in
/// `%f` form; a fill's path is on the page, a stroke's is in its user space with a
/// `transform="matrix(…)"` and its width in a `style` attribute; a group with opacity becomes a
/// `<g>` in `<defs>` drawn by `<use>`. Reading that one machine-written form is a tokenizer over
/// four letters, not an SVG path parser: arcs, relative and shorthand commands, which Cairo never
/// writes, are refused as an internal error rather than guessed at. The XML itself is read by
/// libxml2.
enum CairoPaths {
    /// The painted paths in drawing order, and what was left out (warnings' words).
    static func read(_ data: Data) throws(SymbolError) -> (paths: [DrawnPath], ignored: [String]) {
        let root = try XMLElement.parse(data, name: "Cairo's SVG output")
        var paths: [DrawnPath] = []
        var ignored: Set<String> = []
        try walk(root, matrix: identity, root: root, depth: 0, into: &paths, ignored: &ignored)
        return (paths, ignored.sorted())
    }

    static let identity: [Double] = [1, 0, 0, 1, 0, 0]

    private static func walk(_ element: XMLElement, matrix: [Double], root: XMLElement, depth: Int,
                             into paths: inout [DrawnPath], ignored: inout Set<String>) throws(SymbolError) {
        guard depth < 64 else { throw .unsupported("groups nested more than 64 deep") }
        let here = try element.attributes["transform"].map { (text: String) throws(SymbolError) in multiply(matrix, try parseMatrix(text)) } ?? matrix
        switch element.name {
        case "defs", "mask", "clipPath", "filter", "pattern", "linearGradient", "radialGradient":
            return
        case "path":
            paths += try Self.paths(element, matrix: here)
            if element.attributes["mask"] != nil { ignored.insert("opacity") }
        case "use":
            let link = element.attributes["href"] ?? ""
            guard link.hasPrefix("#"), let target = root.element(id: String(link.dropFirst())) else { return }
            if element.attributes["mask"] != nil { ignored.insert("opacity") }
            let moved = multiply(here, [1, 0, 0, 1, Double(element.attributes["x"] ?? "") ?? 0, Double(element.attributes["y"] ?? "") ?? 0])
            for child in target.children {
                try walk(child, matrix: moved, root: root, depth: depth + 1, into: &paths, ignored: &ignored)
            }
        case "image":
            throw .unsupported("a bitmap image")
        case "svg", "g":
            for child in element.children {
                try walk(child, matrix: here, root: root, depth: depth + 1, into: &paths, ignored: &ignored)
            }
        default:
            ignored.insert("<\(element.name)>")
        }
    }

    /// The fill and the stroke of one `<path>` (Cairo writes a shape both filled and stroked as
    /// one element with both in its style), fill first, as SVG paints them.
    private static func paths(_ element: XMLElement, matrix: [Double]) throws(SymbolError) -> [DrawnPath] {
        let style = styleProperties(element.attributes["style"] ?? "")
        let path = try pathData(element.attributes["d"] ?? "")
        guard !path.contours.isEmpty else { return [] }
        var drawn: [DrawnPath] = []
        if (style["fill"] ?? "black") != "none", (Double(style["fill-opacity"] ?? "1") ?? 1) > 0 {
            drawn.append(DrawnPath(paint: .fill(evenOdd: style["fill-rule"] == "evenodd"), path: path, matrix: matrix))
        }
        if let stroke = style["stroke"], stroke != "none", (Double(style["stroke-opacity"] ?? "1") ?? 1) > 0 {
            let width = Double(style["stroke-width"] ?? "1") ?? 1
            if width > 0 {
                drawn.append(DrawnPath(paint: .stroke(width: width, dashed: style["stroke-dasharray"] != nil), path: path, matrix: matrix))
            }
        }
        return drawn
    }

    /// `a:b;c:d;` → [a: b, c: d] (Cairo's style attribute: no quoting, no comments).
    static func styleProperties(_ text: String) -> [String: String] {
        var properties: [String: String] = [:]
        for declaration in text.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            properties[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return properties
    }

    /// Cairo's `matrix(a,b,c,d,e,f)`.
    static func parseMatrix(_ text: String) throws(SymbolError) -> [Double] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("matrix("), trimmed.hasSuffix(")") else { throw .unexpectedPathData(text) }
        let numbers = trimmed.dropFirst(7).dropLast().split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard numbers.count == 6, numbers.allSatisfy(\.isFinite) else { throw .unexpectedPathData(text) }
        return numbers
    }

    /// `a` then `b`: the matrix that applies `b` first, then `a` (as SVG nests transforms).
    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1],
         a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
         a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5]]
    }

    static func apply(_ m: [Double], _ p: SymbolPoint) -> SymbolPoint {
        SymbolPoint(m[0] * p.x + m[2] * p.y + m[4], m[1] * p.x + m[3] * p.y + m[5])
    }

    /// Cairo's path data: `M x y`, `L x y`, `C x1 y1 x2 y2 x y`, `Z`, space separated. A move
    /// with nothing after it (Cairo writes one after every `Z`) starts no contour.
    static func pathData(_ text: String) throws(SymbolError) -> SymbolPath {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: true)
        var contours: [SymbolContour] = []
        var current: SymbolContour?
        var index = 0
        func numbers(_ count: Int) throws(SymbolError) -> [SymbolPoint] {
            guard index + count * 2 <= tokens.count else { throw .unexpectedPathData(text) }
            var points: [SymbolPoint] = []
            for pair in 0..<count {
                guard let x = Double(tokens[index + pair * 2]), let y = Double(tokens[index + pair * 2 + 1]),
                      x.isFinite, y.isFinite else { throw .unexpectedPathData(text) }
                points.append(SymbolPoint(x, y))
            }
            index += count * 2
            return points
        }
        func finish() {
            if let contour = current, !contour.segments.isEmpty { contours.append(contour) }
            current = nil
        }
        while index < tokens.count {
            let command = tokens[index]
            index += 1
            switch command {
            case "M":
                finish()
                current = SymbolContour(start: try numbers(1)[0])
            case "L":
                guard current != nil else { throw .unexpectedPathData(text) }
                current?.segments.append(.line(try numbers(1)[0]))
            case "C":
                guard current != nil else { throw .unexpectedPathData(text) }
                let points = try numbers(3)
                current?.segments.append(.cubic(points[0], points[1], points[2]))
            case "Z":
                guard current != nil else { throw .unexpectedPathData(text) }
                current?.closed = true
                let start = current?.start
                finish()
                if let start { current = SymbolContour(start: start) }
            default:
                throw .unexpectedPathData(text)
            }
        }
        finish()
        return SymbolPath(contours: contours)
    }
}
