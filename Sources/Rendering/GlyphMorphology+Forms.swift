import AssetCore

/// The two derived forms of a tab icon, on supersampled coverage (row-major, 0…1; a pixel is
/// inside the drawing when its coverage is at least 0.5).
///
/// - `filledFromOutline`: the silhouette, with the drawing's inner strokes kept as knockouts.
/// - `outlineFromFilled`: an inner stroke along the outer contour and around wide holes; thin
///   knockouts become the strokes they stand for; thin parts stay solid.
extension GlyphMorphology {
    /// Knockouts and band, relative to the measured stroke width `w`.
    enum FilledRule {
        /// Gaps up to `2 × closing × w` wide are closed for the fill (about one stroke width).
        static let closing = 0.55
        /// Strokes within `band × w` of the outside are the outer contour and stay solid; strokes
        /// further in are knocked out.
        static let band = 1.5
        /// A shape inside the silhouette, detached from its outer contour and thicker than
        /// `thickIsland × w` (a disc, a bar), is drawn content: kept as drawn, with the regions
        /// around it left open.
        static let thickIsland = 2.5
        /// ... when it takes at least this share of the region around it.
        static let contentShare = 0.5
        /// A region whose gap was closed is filled only when it holds a disc `deep × w` across.
        static let deep = 3.0
        /// Parts of the outer contour's drawing thicker than `thickPart × w` stay solid.
        static let thickPart = 1.8
        /// A region enclosed only by closing a gap between two different strokes is filled when
        /// at least this share of it lies within the convex hull of one stroke bordering it: its
        /// container (a tray or a door with an arrow through its opening: 0.9 and more), or one
        /// side of a shape cut by a slash (an "off" icon: 0.6 to 0.8). Strokes that meet end to
        /// end around a region (the two arcs of a repeat icon) each hold less than half of it
        /// (0.45 and less).
        static let contained = 0.55
        /// A container whose mouth another stroke runs through (a box with an arrow out of its
        /// corner, a square with an arrow into it) fills when the gaps on either side of that
        /// stroke are at most `2 × mouthClosing × w` wide and the container holds at least
        /// `mouthContained` of the region within its hull; a mouth nothing runs through (a house
        /// without a floor, a chevron, a cup) stays open whatever its width.
        static let mouthClosing = 1.3
        static let mouthContained = 0.75
    }

    enum OutlineRule {
        /// An enclosed knockout at most `thinHole × w` wide is an inner stroke of the outline.
        static let thinHole = 2.0
        /// A part of the shape at most `thinPart × w` thick is kept solid rather than hollowed.
        static let thinPart = 2.6
        /// Gaps up to `2 × closing × w` wide are closed before looking for knockouts.
        static let closing = 0.6
    }

    /// The filled form of a line drawing. Measures the stroke width `w` (twice the median of the
    /// distance transform's ridge), closes gaps up to about `w` for the fill (only strokes that
    /// enclose nothing by themselves close gaps, so a grid of squares is not merged) and undoes
    /// the closing on the outer contour (`outsideRegion`); a closed region holding no disc of
    /// `FilledRule.deep × w` is a closing artefact (a slot, an inner corner) and stays open, and
    /// so does one closed by a gap between two different strokes (separate open strokes, like the
    /// arcs of a repeat icon, enclose nothing) unless one stroke holds most of the region within
    /// its hull (a tray with an arrow through its opening, a shape cut by a slash). Then:
    /// - strokes within `FilledRule.band × w` of the outside (the outer contour) stay solid, and
    ///   so do parts of it thicker than a stroke (a solid half of a heart);
    /// - every other stroke becomes a knockout of its own width (coverage inverted, so its edges
    ///   stay anti-aliased), and so do solid dots inside the silhouette;
    /// - a region enclosed only by an island stroke (one that touches neither the outer contour
    ///   nor anything connected to it, like a gear's centre circle) stays a hole, its stroke
    ///   knocked out with it; what is drawn inside such a hole stays as drawn;
    /// - a region mostly taken by a thick island (a disc in a ring) is drawn content, left open.
    /// Returns the measured stroke width in pixels, nil when nothing is drawn.
    @discardableResult
    ///
    /// Works on the drawing's bounding box with a margin of the closing radius and two pixels
    /// (`CropRect`): every pixel outside it is outside the shape and stays empty, and every
    /// distance the rules compare is the same as on the whole image (the nearest outside pixel
    /// of any pixel in the box is on the box's border or nearer).
    static func filledFromOutline(_ values: inout [Float], width: Int, height: Int) -> Double? {
        guard let bounds = CropRect.covered(values, width: width, height: height) else { return nil }
        // The stroke width, measured on the box with one empty pixel around it.
        let narrow = bounds.expanded(by: 1, width: width, height: height)
        let narrowSolid = narrow.crop(values, width: width).map { $0 >= 0.5 }
        let narrowInside = squaredDistanceToEmpty(narrowSolid, width: narrow.width, height: narrow.height)
        guard let w = strokeWidth(narrowInside, width: narrow.width, height: narrow.height) else { return nil }
        let r = max(1, Int((FilledRule.mouthClosing * w).rounded()))
        let box = bounds.expanded(by: r + 2, width: width, height: height)
        var part = box.crop(values, width: width)
        let inside = box.embed(narrowInside, from: narrow)
        filledFromOutline(&part, width: box.width, height: box.height, w: w, inside: inside)
        box.paste(part, into: &values, width: width)
        return w
    }

    /// `filledFromOutline` on the whole image, once the stroke width `w` and the squared
    /// distances of the drawn pixels to the nearest empty one are known.
    private static func filledFromOutline(_ values: inout [Float], width: Int, height: Int, w: Double, inside: [Float]) {
        let count = width * height
        var solid = [Bool](repeating: false, count: count)
        for i in 0..<count { solid[i] = values[i] >= 0.5 }
        let r = max(1, Int((FilledRule.closing * w).rounded()))
        // Strokes (8-connected). Only a stroke that encloses nothing by itself (an open bulb, a
        // tray, an arrow) closes gaps: two closed shapes side by side (a grid of squares, a
        // keypad of rings) are complete and are not merged.
        let strokes = label(solid, width: width, height: height, diagonal: true)
        let (closable, anyClosed) = closableStrokes(solid, width: width, height: height, w: w, strokes: strokes)
        var (outside, toSolid, toReached) = outsideRegion(solid, width: width, height: height, closing: r,
                                               closable: anyClosed ? closable : nil)
        let mouths = pluggedMouths(solid, width: width, height: height, w: w, strokes: strokes,
                                   closable: anyClosed ? closable : nil, outside: outside)
        for i in 0..<count where mouths[i] { outside[i] = false }
        let widened = mouths.contains(true)
        func forEachNeighbour(_ i: Int, _ body: (Int) -> Void) {
            let x = i % width, y = i / width
            if x > 0 { body(i - 1) }
            if x < width - 1 { body(i + 1) }
            if y > 0 { body(i - width) }
            if y < height - 1 { body(i + width) }
        }

        // Enclosed empty regions (4-connected). One that borders the outside (its gap was closed)
        // but holds no disc of `deep × w` is a closing artefact (a slot between two parts, a sharp
        // inner corner): it goes back to the outside.
        var enclosed = [Bool](repeating: false, count: count)
        for i in 0..<count where !solid[i] && !outside[i] { enclosed[i] = true }
        var regions = label(enclosed, width: width, height: height, diagonal: false)
        let deepLimit = Float((FilledRule.deep * w / 2) * (FilledRule.deep * w / 2))
        var bordersOutside = [Bool](repeating: false, count: regions.count)
        var isDeep = [Bool](repeating: false, count: regions.count)
        for i in 0..<count where enclosed[i] {
            let region = Int(regions.labels[i])
            if toSolid[i] > deepLimit { isDeep[region] = true }
            forEachNeighbour(i) { j in if outside[j] { bordersOutside[region] = true } }
        }
        // A region the closing created is filled when every gap it closed is a gap of one stroke
        // (a bulb's glass: both sides of each closed gap belong to the same stroke), or when one
        // stroke around it holds most of it within its hull (`FilledRule.contained`: a tray with
        // an arrow through its opening, a shape cut by a slash). Otherwise the closing joined
        // separate open strokes end to end (the two arcs of a repeat icon), which enclose
        // nothing: the region goes back to the outside.
        var candidates = bordersOutside
        for g in 0..<regions.count where !isDeep[g] { candidates[g] = false }
        let bridgesStrokes = closedGapsJoiningStrokes(width: width, height: height, r: r, solid: solid,
                                                      strokes: strokes, outside: outside, enclosed: enclosed,
                                                      regions: regions, candidates: candidates)
        var artefacts = false
        for i in 0..<count where enclosed[i] {
            let region = Int(regions.labels[i])
            if bordersOutside[region] && (!isDeep[region] || bridgesStrokes[region]) {
                outside[i] = true
                enclosed[i] = false
                artefacts = true
            }
        }
        if artefacts { regions = label(enclosed, width: width, height: height, diagonal: false) }
        finishFilled(&values, width: width, height: height, w: w, solid: solid, inside: inside,
                            strokes: strokes, outside: outside, enclosed: enclosed, regions: regions,
                            fromOutside: artefacts || anyClosed || widened ? nil : (toReached, Float(r)))
    }

    /// The drawn pixels that a closing of gaps may join (`closable`): those of strokes that
    /// enclose nothing by themselves. A stroke around a hole of at least `w × w` pixels is a closed
    /// shape already, and its pixels are left out; `anyClosed` says whether there was one.
    private static func closableStrokes(_ solid: [Bool], width: Int, height: Int, w: Double,
                                        strokes: (labels: [Int32], count: Int)) -> (closable: [Bool], anyClosed: Bool) {
        let count = width * height
        var closable = solid
        let reached = floodFromBorder(solid.map { !$0 }, width: width, height: height)
        var holes = [Bool](repeating: false, count: count)
        for i in 0..<count where !solid[i] && !reached[i] { holes[i] = true }
        let enclosedByItself = label(holes, width: width, height: height, diagonal: false)
        var holeArea = [Int](repeating: 0, count: enclosedByItself.count)
        for i in 0..<count where holes[i] { holeArea[Int(enclosedByItself.labels[i])] += 1 }
        var closed = [Bool](repeating: false, count: strokes.count)
        let minimum = Int(w * w)
        for i in 0..<count where holes[i] && holeArea[Int(enclosedByItself.labels[i])] >= minimum {
            let x = i % width, y = i / width
            for j in [x > 0 ? i - 1 : i, x < width - 1 ? i + 1 : i, y > 0 ? i - width : i,
                      y < height - 1 ? i + width : i] where solid[j] {
                closed[Int(strokes.labels[j])] = true
            }
        }
        for i in 0..<count where solid[i] && closed[Int(strokes.labels[i])] { closable[i] = false }
        return (closable, closed.contains(true))
    }

    /// The empty pixels of containers whose mouth another stroke runs through
    /// (`FilledRule.mouthClosing`): the regions a closing of gaps up to `2 × mouthClosing × w`
    /// encloses that lie mostly in `outside` (the closing of one stroke width enclosed little of
    /// them), taken when the region borders at least two strokes (the container and the one
    /// through its mouth) and one of them that encloses nothing by itself holds
    /// `FilledRule.mouthContained` of it within its convex hull.
    private static func pluggedMouths(_ solid: [Bool], width: Int, height: Int, w: Double,
                                      strokes: (labels: [Int32], count: Int), closable: [Bool]?,
                                      outside: [Bool]) -> [Bool] {
        let count = width * height
        var taken = [Bool](repeating: false, count: count)
        guard strokes.count >= 2 else { return taken }
        let wide = max(1, Int((FilledRule.mouthClosing * w).rounded()))
        let (wideOutside, _, _) = outsideRegion(solid, width: width, height: height, closing: wide, closable: closable)
        var enclosed = [Bool](repeating: false, count: count)
        var any = false
        for i in 0..<count where !solid[i] && !wideOutside[i] {
            enclosed[i] = true
            if outside[i] { any = true }
        }
        guard any else { return taken }
        let regions = label(enclosed, width: width, height: height, diagonal: false)
        var new = [Bool](repeating: false, count: regions.count)
        var known = [Int](repeating: 0, count: regions.count)
        var area = [Int](repeating: 0, count: regions.count)
        var bordering = [Set<Int32>](repeating: [], count: regions.count)
        for i in 0..<count where enclosed[i] {
            let g = Int(regions.labels[i])
            area[g] += 1
            if outside[i] { new[g] = true } else { known[g] += 1 }
            let x = i % width, y = i / width
            for j in [x > 0 ? i - 1 : i, x < width - 1 ? i + 1 : i, y > 0 ? i - width : i,
                      y < height - 1 ? i + width : i] where solid[j] {
                bordering[g].insert(strokes.labels[j])
            }
        }
        var hulls: [Int32: [(lo: Double, hi: Double)]] = [:]
        var held: [Int32: [Int]] = [:]
        // A region the closing of one stroke width mostly enclosed already (a bulb and the neck
        // below its glass, a tray and the corners of its mouth) is left as that closing made it.
        for g in 0..<regions.count where 4 * known[g] >= area[g] { new[g] = false }
        for g in 0..<regions.count where new[g] && bordering[g].count >= 2 {
            for s in bordering[g] where hulls[s] == nil {
                hulls[s] = hullSpans(of: s, labels: strokes.labels, width: width, height: height)
            }
        }
        for i in 0..<count where enclosed[i] {
            let g = Int(regions.labels[i])
            guard new[g], bordering[g].count >= 2 else { continue }
            let x = Double(i % width), y = i / width
            for s in bordering[g] {
                guard let span = hulls[s]?[y], x >= span.lo - 0.5, x <= span.hi + 0.5 else { continue }
                held[s, default: [Int](repeating: 0, count: regions.count)][g] += 1
            }
        }
        // The container is a stroke that encloses nothing by itself (`closable`): a tray that
        // closes a compartment of its own (an inbox with an arrow into it) is complete as drawn.
        var complete = Set<Int32>()
        if let closable {
            for i in 0..<count where solid[i] && !closable[i] { complete.insert(strokes.labels[i]) }
        }
        var accepted = [Bool](repeating: false, count: regions.count)
        for g in 0..<regions.count where new[g] && bordering[g].count >= 2 {
            let most = bordering[g].filter { !complete.contains($0) }.map { held[$0]?[g] ?? 0 }.max() ?? 0
            accepted[g] = Double(most) >= FilledRule.mouthContained * Double(area[g])
        }
        for i in 0..<count where enclosed[i] && accepted[Int(regions.labels[i])] { taken[i] = true }
        return taken
    }

    /// For each enclosed region that borders the outside (`candidates`: a gap of it was closed),
    /// whether one of its closed gaps joins two different strokes. A closed gap is a piece of the
    /// region's mouth (its pixels next to the outside, 8-connected); the strokes it joins are
    /// those with a drawn pixel within the closing radius and a pixel of the piece.
    private static func closedGapsJoiningStrokes(width: Int, height: Int, r: Int, solid: [Bool],
                                                 strokes: (labels: [Int32], count: Int), outside: [Bool],
                                                 enclosed: [Bool], regions: (labels: [Int32], count: Int),
                                                 candidates: [Bool]) -> [Bool] {
        var joins = [Bool](repeating: false, count: regions.count)
        guard candidates.contains(true) else { return joins }
        let count = width * height
        var mouth = [Bool](repeating: false, count: count)
        for i in 0..<count where enclosed[i] && candidates[Int(regions.labels[i])] {
            let x = i % width, y = i / width
            if (x > 0 && outside[i - 1]) || (x < width - 1 && outside[i + 1])
                || (y > 0 && outside[i - width]) || (y < height - 1 && outside[i + width]) {
                mouth[i] = true
            }
        }
        let pieces = label(mouth, width: width, height: height, diagonal: true)
        var stroke = [Int32](repeating: -1, count: pieces.count)
        var joinsTwo = [Bool](repeating: false, count: pieces.count)
        let reach = r + 1, limit = (r + 1) * (r + 1)
        for i in 0..<count where mouth[i] {
            let piece = Int(pieces.labels[i])
            guard !joinsTwo[piece] else { continue }
            let x = i % width, y = i / width
            for yy in max(0, y - reach)...min(height - 1, y + reach) {
                for xx in max(0, x - reach)...min(width - 1, x + reach) {
                    let dx = xx - x, dy = yy - y
                    let j = yy * width + xx
                    guard dx * dx + dy * dy <= limit, solid[j] else { continue }
                    let s = strokes.labels[j]
                    if stroke[piece] < 0 { stroke[piece] = s } else if stroke[piece] != s { joinsTwo[piece] = true }
                }
            }
        }
        for i in 0..<count where mouth[i] && joinsTwo[Int(pieces.labels[i])] {
            joins[Int(regions.labels[i])] = true
        }
        guard joins.contains(true) else { return joins }
        // A stroke that holds the region within its convex hull is its container (a tray or a
        // door with an arrow through its opening): the region is filled after all.
        var area = [Int](repeating: 0, count: regions.count)
        var bordering = [Set<Int32>](repeating: [], count: regions.count)
        for i in 0..<count where enclosed[i] {
            let region = Int(regions.labels[i])
            guard joins[region] else { continue }
            area[region] += 1
            let x = i % width, y = i / width
            for j in [x > 0 ? i - 1 : i, x < width - 1 ? i + 1 : i, y > 0 ? i - width : i,
                      y < height - 1 ? i + width : i] where solid[j] {
                bordering[region].insert(strokes.labels[j])
            }
        }
        var hulls: [Int32: [(lo: Double, hi: Double)]] = [:]
        for g in 0..<regions.count where joins[g] {
            for s in bordering[g] where hulls[s] == nil {
                hulls[s] = hullSpans(of: s, labels: strokes.labels, width: width, height: height)
            }
        }
        var held = [Int32: [Int]]()
        for i in 0..<count where enclosed[i] {
            let region = Int(regions.labels[i])
            guard joins[region] else { continue }
            let x = Double(i % width), y = i / width
            for s in bordering[region] {
                guard let span = hulls[s]?[y] else { continue }
                if x >= span.lo - 0.5 && x <= span.hi + 0.5 {
                    held[s, default: [Int](repeating: 0, count: regions.count)][region] += 1
                }
            }
        }
        for g in 0..<regions.count where joins[g] {
            let most = bordering[g].map { held[$0]?[g] ?? 0 }.max() ?? 0
            if Double(most) >= FilledRule.contained * Double(area[g]) { joins[g] = false }
        }
        return joins
    }

    /// The rows of the convex hull of the pixels labelled `stroke`: for each row, the span of x
    /// (pixel centres) inside the hull; empty (lo > hi) off it.
    static func hullSpans(of stroke: Int32, labels: [Int32], width: Int, height: Int) -> [(lo: Double, hi: Double)] {
        var points: [(x: Double, y: Double)] = []
        for y in 0..<height {
            var first = -1, last = -1
            for x in 0..<width where labels[y * width + x] == stroke {
                if first < 0 { first = x }
                last = x
            }
            if first >= 0 {
                points.append((Double(first), Double(y)))
                if last != first { points.append((Double(last), Double(y))) }
            }
        }
        var spans = [(lo: Double, hi: Double)](repeating: (1, 0), count: height)
        guard !points.isEmpty else { return spans }
        // Andrew's monotone chain (points are sorted by y, then x).
        func cross(_ o: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            (a.y - o.y) * (b.x - o.x) - (a.x - o.x) * (b.y - o.y)
        }
        var lower: [(x: Double, y: Double)] = [], upper: [(x: Double, y: Double)] = []
        for p in points {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in points.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        let hull = Array(lower.dropLast()) + Array(upper.dropLast())
        for k in 0..<hull.count {
            let a = hull[k], b = hull[(k + 1) % hull.count]
            let y0 = Int(min(a.y, b.y).rounded(.up)), y1 = Int(max(a.y, b.y).rounded(.down))
            guard y0 <= y1 else { continue }
            for y in y0...y1 {
                let x = a.y == b.y ? nil : a.x + (b.x - a.x) * (Double(y) - a.y) / (b.y - a.y)
                for v in x.map({ [$0] }) ?? [a.x, b.x] {
                    if spans[y].lo > spans[y].hi { spans[y] = (v, v) } else {
                        spans[y] = (min(spans[y].lo, v), max(spans[y].hi, v))
                    }
                }
            }
        }
        if hull.count == 1 { spans[Int(hull[0].y)] = (hull[0].x, hull[0].x) }
        return spans
    }

    /// The squared distance to the outside: when it is the flood grown by the closing radius (no
    /// artefact added, every stroke closing gaps, so the flood keeps that radius from all of
    /// them), the distance to the flood less that radius, without another transform.
    private static func squaredDistanceFromOutside(_ outside: [Bool], width: Int, height: Int,
                                                   reachedAndClosing: ([Float], Float)?) -> [Float] {
        guard let (toReached, radius) = reachedAndClosing else {
            return squaredDistance(to: outside, width: width, height: height)
        }
        return toReached.map { reached in
            let d = max(0, reached.squareRoot() - radius)
            return d * d
        }
    }

    /// `filledFromOutline` once the outside and the enclosed regions are known.
    private static func finishFilled(_ values: inout [Float], width: Int, height: Int, w: Double, solid: [Bool],
                                     inside: [Float], strokes: (labels: [Int32], count: Int), outside: [Bool],
                                     enclosed: [Bool], regions: (labels: [Int32], count: Int),
                                     fromOutside reachedAndClosing: ([Float], Float)?) {
        let count = width * height
        var facts = strokeFacts(width: width, height: height, solid: solid, inside: inside, strokes: strokes, outside: outside)
        let isFilled = filledRegions(width: width, height: height, w: w, solid: solid, strokes: strokes, facts: facts,
                                     outside: outside, enclosed: enclosed, regions: regions)
        for i in 0..<count where solid[i] {
            let stroke = Int(strokes.labels[i])
            forEachNeighbour(i, width: width, height: height) { j in
                guard enclosed[j] else { return }
                if isFilled[Int(regions.labels[j])] { facts.nextToFilled[stroke] = true } else { facts.nextToHole[stroke] = true }
            }
        }
        let fromOutside = squaredDistanceFromOutside(outside, width: width, height: height, reachedAndClosing: reachedAndClosing)
        let bandLimit = Float(FilledRule.band * w * FilledRule.band * w)
        // Parts of the outer contour thicker than a stroke (a solid half of a heart) are fills, not
        // strokes: the pixels within `thickPart × w / 2` of a point that deep stay solid.
        let coreLimit = Float((FilledRule.thickPart * w + 1) / 2 * (FilledRule.thickPart * w + 1) / 2)
        var core = [Bool](repeating: false, count: count)
        var hasCore = false
        for i in 0..<count where solid[i] && inside[i] > coreLimit && facts.touchesOutside[Int(strokes.labels[i])] {
            core[i] = true
            hasCore = true
        }
        let toCore = hasCore ? squaredDistance(to: core, width: width, height: height) : []
        // An island stroke inside a filled region (a tablet's button, a flap drawn apart from the
        // frame) is knocked out whole, near the outer contour too: the contour's own stroke and
        // the gap to it keep the rim.
        var knockedIsland = [Bool](repeating: false, count: strokes.count)
        for s in 0..<strokes.count where !facts.touchesOutside[s] && facts.nextToFilled[s] && !facts.nextToHole[s] {
            knockedIsland[s] = true
        }
        func nextToKnockedIsland(_ i: Int) -> Bool {
            var next = false
            forEachNeighbour(i, width: width, height: height) { j in if solid[j] && knockedIsland[Int(strokes.labels[j])] { next = true } }
            return next
        }
        for i in 0..<count where !outside[i] {
            if fromOutside[i] <= bandLimit {
                if solid[i] && knockedIsland[Int(strokes.labels[i])] {
                    values[i] = 1 - values[i]
                } else if enclosed[i] && !isFilled[Int(regions.labels[i])] {
                    values[i] = 0
                } else if !solid[i] && nextToKnockedIsland(i) {
                    values[i] = 1 - values[i]
                } else {
                    values[i] = 1
                }
            } else if solid[i] {
                let stroke = Int(strokes.labels[i])
                if hasCore && toCore[i] <= coreLimit {
                    values[i] = 1
                } else if facts.touchesOutside[stroke] || (facts.nextToFilled[stroke] && !facts.nextToHole[stroke]) {
                    values[i] = 1 - values[i]
                } else if facts.nextToFilled[stroke] {
                    values[i] = 0
                }
                // else: drawn inside a hole, kept as drawn.
            } else if isFilled[Int(regions.labels[i])] {
                // The anti-aliased edge of a knockout; next to the contour's band, solid.
                var edge = false
                forEachNeighbour(i, width: width, height: height) { j in if solid[j] && fromOutside[j] > bandLimit { edge = true } }
                values[i] = edge ? 1 - values[i] : 1
            } else {
                values[i] = 0
            }
        }
    }

    /// What `finishFilled` knows of each stroke: whether it touches the outside (it is part of the
    /// outer contour; otherwise an island), its area in pixels, its depth (the largest squared
    /// distance of its pixels to an empty one), and whether it borders filled regions or holes.
    private struct StrokeFacts {
        var touchesOutside: [Bool]
        var area: [Int]
        var depth: [Float]
        var nextToFilled: [Bool]
        var nextToHole: [Bool]
    }

    /// Each stroke's contact with the outside, area and depth (its neighbours are found later).
    private static func strokeFacts(width: Int, height: Int, solid: [Bool], inside: [Float],
                                    strokes: (labels: [Int32], count: Int), outside: [Bool]) -> StrokeFacts {
        var facts = StrokeFacts(touchesOutside: [Bool](repeating: false, count: strokes.count),
                                area: [Int](repeating: 0, count: strokes.count), depth: [Float](repeating: 0, count: strokes.count),
                                nextToFilled: [Bool](repeating: false, count: strokes.count),
                                nextToHole: [Bool](repeating: false, count: strokes.count))
        for i in 0..<width * height where solid[i] {
            let stroke = Int(strokes.labels[i])
            facts.area[stroke] += 1
            facts.depth[stroke] = max(facts.depth[stroke], inside[i])
            forEachNeighbour(i, width: width, height: height) { j in if outside[j] { facts.touchesOutside[stroke] = true } }
        }
        return facts
    }

    /// Which enclosed regions are filled. A region is filled when it borders the outside (a
    /// closed gap) or a stroke connected to the outer contour; otherwise only island strokes
    /// enclose it and it is a hole. A region mostly taken by a thick island (a disc in a ring, the
    /// charge in a battery) is drawn content: left open.
    private static func filledRegions(width: Int, height: Int, w: Double, solid: [Bool], strokes: (labels: [Int32], count: Int),
                                      facts: StrokeFacts, outside: [Bool], enclosed: [Bool],
                                      regions: (labels: [Int32], count: Int)) -> [Bool] {
        let thickLimit = Float((FilledRule.thickIsland * w + 1) / 2 * (FilledRule.thickIsland * w + 1) / 2)
        var regionArea = [Int](repeating: 0, count: regions.count)
        var isFilled = [Bool](repeating: false, count: regions.count)
        var thickIsland = [Int](repeating: -1, count: regions.count)
        for i in 0..<width * height where enclosed[i] {
            let region = Int(regions.labels[i])
            regionArea[region] += 1
            forEachNeighbour(i, width: width, height: height) { j in
                if outside[j] { isFilled[region] = true }
                guard solid[j] else { return }
                let stroke = Int(strokes.labels[j])
                if facts.touchesOutside[stroke] { isFilled[region] = true }
                if !facts.touchesOutside[stroke] && facts.depth[stroke] > thickLimit && thickIsland[region] < 0 {
                    thickIsland[region] = stroke
                }
            }
        }
        for g in 0..<regions.count where thickIsland[g] >= 0 {
            let island = facts.area[thickIsland[g]]
            if Double(island) >= FilledRule.contentShare * Double(island + regionArea[g]) { isFilled[g] = false }
        }
        return isFilled
    }

    /// Calls `body` with each 4-connected neighbour of pixel `i` inside the image.
    @inline(__always)
    private static func forEachNeighbour(_ i: Int, width: Int, height: Int, _ body: (Int) -> Void) {
        let x = i % width, y = i / width
        if x > 0 { body(i - 1) }
        if x < width - 1 { body(i + 1) }
        if y > 0 { body(i - width) }
        if y < height - 1 { body(i + width) }
    }

    /// The outline form of a filled drawing, with strokes `strokeWidth` pixels wide:
    /// - enclosed knockouts at most `OutlineRule.thinHole × strokeWidth` wide are inner strokes
    ///   of the outline: they become ink (the knockout's coverage inverted), widened to the stroke
    ///   width when narrower, and get no stroke around them;
    /// - an inner stroke runs along the outer contour and around every wider hole;
    /// - a part of the shape no thicker than `OutlineRule.thinPart × strokeWidth` stays solid.
    ///
    /// Works on the drawing's bounding box with a margin of the closing radius and two pixels,
    /// like `filledFromOutline`: the same result as on the whole image.
    static func outlineFromFilled(_ values: inout [Float], width: Int, height: Int, strokeWidth w: Double) {
        guard let bounds = CropRect.covered(values, width: width, height: height) else { return }
        let r = max(1, Int((OutlineRule.closing * w).rounded()))
        let box = bounds.expanded(by: r + 2, width: width, height: height)
        var part = box.crop(values, width: width)
        outlineFromFilled(&part, width: box.width, height: box.height, strokeWidth: w, closing: r)
        box.paste(part, into: &values, width: width)
    }

    private static func outlineFromFilled(_ values: inout [Float], width: Int, height: Int, strokeWidth w: Double,
                                          closing r: Int) {
        let count = width * height
        var solid = [Bool](repeating: false, count: count)
        for i in 0..<count { solid[i] = values[i] >= 0.5 }
        // Gaps up to about a stroke wide (cuts through the shape, slots between its parts) are
        // closed first, so they count as knockouts rather than as the outside.
        let (outside, toSolid, _) = outsideRegion(solid, width: width, height: height, closing: r)
        var empty = [Bool](repeating: false, count: count)
        for i in 0..<count where !solid[i] && !outside[i] { empty[i] = true }
        let holes = label(empty, width: width, height: height, diagonal: false)
        // Each hole's thickness: the diameter of the largest disc it holds, and its area.
        var deepest = [Float](repeating: 0, count: holes.count)
        var area = [Int](repeating: 0, count: holes.count)
        for i in 0..<count where empty[i] {
            let h = Int(holes.labels[i])
            deepest[h] = max(deepest[h], toSolid[i])
            area[h] += 1
        }
        var thin = [Bool](repeating: false, count: holes.count)
        var thinWidths: [Double] = []
        var tiny = [Bool](repeating: false, count: holes.count)
        for h in 0..<holes.count {
            let thickness = 2 * Double(deepest[h]).squareRoot() - 1
            guard thickness <= OutlineRule.thinHole * w else { continue }
            thin[h] = true
            // Smaller than a stroke's square: a closed inner corner or a speck, filled, no ink.
            if Double(area[h]) < w * w { tiny[h] = true } else { thinWidths.append(thickness) }
        }
        var filled = solid
        var ink = [Bool](repeating: false, count: count)
        for i in 0..<count where empty[i] && thin[Int(holes.labels[i])] {
            filled[i] = true
            if !tiny[Int(holes.labels[i])] { ink[i] = true }
        }
        // Knockouts narrower than the stroke are widened to it (by the median knockout's shortfall).
        var grow: Float = 0
        if !thinWidths.isEmpty {
            thinWidths.sort()
            let g = max(0, (w - thinWidths[thinWidths.count / 2]) / 2)
            grow = Float(g * g)
        }
        let toInk = grow > 0 ? squaredDistance(to: ink, width: width, height: height) : []
        let depth = squaredDistanceToEmpty(filled, width: width, height: height)
        let strokeLimit = Float(w * w)
        var interior = [Bool](repeating: false, count: count)
        for i in 0..<count where filled[i] && depth[i] > strokeLimit { interior[i] = true }
        let parts = label(interior, width: width, height: height, diagonal: true)
        var partDepth = [Float](repeating: 0, count: parts.count)
        for i in 0..<count where interior[i] {
            let p = Int(parts.labels[i])
            partDepth[p] = max(partDepth[p], depth[i])
        }
        let thinPart = Float(OutlineRule.thinPart * w / 2 * OutlineRule.thinPart * w / 2)
        for i in 0..<count {
            if ink[i] {
                values[i] = 1 - values[i]
            } else if grow > 0 && toInk[i] <= grow {
                values[i] = 1
            } else if interior[i] && partDepth[Int(parts.labels[i])] > thinPart {
                values[i] = 0
            }
        }
    }

    /// How the stroke width of a derived outline is measured from the filled drawing
    /// (`detailWidth`), relative to the drawing's size (the longer side of its bounding box).
    enum DetailRule {
        /// Knockouts thicker than this share of the drawing anywhere are windows, not details.
        static let thickest = 0.16
        /// Knockouts are measured when their centre lines (ridge pixels) add up to at least this
        /// share of the drawing's size; otherwise there is nothing to measure.
        static let shortest = 0.15
    }

    /// The stroke width a filled drawing's own details are drawn with, in pixels (nil when it
    /// has none to measure): the median thickness of its knockouts, the empty regions the
    /// drawing encloses that are nowhere thicker than `DetailRule.thickest` of its size (a flap's
    /// line, a calendar's rule, the slash of a "no entry" sign; a window with dots drawn in it is
    /// not a detail). Its thin parts are not measured: a solid set draws them heavier than its
    /// outline's strokes (a cuff, a rim). The thickness at a pixel of a knockout's centre line
    /// (a ridge of the distance transform) is `2 × distance − 0.5`, the unbiased width of a
    /// stroke drawn at any sub-pixel offset.
    static func detailWidth(_ values: [Float], width: Int, height: Int) -> Double? {
        guard let bounds = CropRect.covered(values, width: width, height: height) else { return nil }
        let box = bounds.expanded(by: 1, width: width, height: height)
        let solid = box.crop(values, width: width).map { $0 >= 0.5 }
        let size = Double(max(bounds.width, bounds.height))
        let limit = DetailRule.thickest * size, enough = Int((DetailRule.shortest * size).rounded(.up))
        // Knockouts: enclosed empty regions no thicker than the limit anywhere (a wide hole with
        // dots drawn in it is a window, not a detail).
        let reached = floodFromBorder(solid.map { !$0 }, width: box.width, height: box.height)
        var holes = [Bool](repeating: false, count: solid.count)
        for i in 0..<solid.count where !solid[i] && !reached[i] { holes[i] = true }
        var toInk = squaredDistanceToEmpty(holes, width: box.width, height: box.height)
        let regions = label(holes, width: box.width, height: box.height, diagonal: false)
        var deepest = [Float](repeating: 0, count: regions.count)
        for i in 0..<solid.count where holes[i] {
            deepest[Int(regions.labels[i])] = max(deepest[Int(regions.labels[i])], toInk[i])
        }
        for i in 0..<solid.count where holes[i] && 2 * Double(deepest[Int(regions.labels[i])]).squareRoot() - 0.5 > limit {
            toInk[i] = 0
        }
        let widths = ridge(toInk, width: box.width, height: box.height)
            .map { 2 * Double($0).squareRoot() - 0.5 }.filter { $0 <= limit }.sorted()
        return widths.count >= max(1, enough) ? widths[widths.count / 2] : nil
    }

    /// The squared distances at the ridge of a distance transform: pixels inside (distance > 0)
    /// at least as far from the edge as their eight neighbours.
    static func ridge(_ distance: [Float], width: Int, height: Int) -> [Float] {
        var ridge: [Float] = []
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let d = distance[i]
                guard d > 0 else { continue }
                var top = true
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let xx = x + dx, yy = y + dy
                        guard xx >= 0, xx < width, yy >= 0, yy < height else { continue }
                        if distance[yy * width + xx] > d { top = false }
                    }
                }
                if top { ridge.append(d) }
            }
        }
        return ridge
    }

    /// Stroke width of a drawing in pixels: from the ridge of the distance transform (pixels at
    /// least as far from the edge as their eight neighbours), `2 × median distance − 1`. Nil
    /// when nothing is drawn.
    static func strokeWidth(_ distance: [Float], width: Int, height: Int) -> Double? {
        var ridge = ridge(distance, width: width, height: height)
        guard !ridge.isEmpty else { return nil }
        ridge.sort()
        return max(1, 2 * Double(ridge[ridge.count / 2]).squareRoot() - 1)
    }

    /// The empty pixels a flood fill from the image border reaches through gaps wider than
    /// `2 × closing` pixels, grown back by `closing` (so the closing is undone on the outer
    /// contour and drawn pixels are never outside).
    /// Also returns the squared distances of every pixel to the nearest drawn pixel and to the
    /// nearest pixel the flood reached.
    /// Only the drawn pixels in `closable` (nil: all) close gaps; the others are plain walls.
    static func outsideRegion(_ solid: [Bool], width: Int, height: Int, closing r: Int,
                              closable: [Bool]? = nil) -> (outside: [Bool], toSolid: [Float], toReached: [Float]) {
        let count = width * height
        let limit = Float(r * r)
        let toSolid = squaredDistance(to: solid, width: width, height: height)
        let toClosable = closable.map { squaredDistance(to: $0, width: width, height: height) } ?? toSolid
        var passable = [Bool](repeating: false, count: count)
        for i in 0..<count { passable[i] = !solid[i] && toClosable[i] > limit }
        let reached = floodFromBorder(passable, width: width, height: height)
        let toReached = squaredDistance(to: reached, width: width, height: height)
        var outside = [Bool](repeating: false, count: count)
        for i in 0..<count where toReached[i] <= limit && !solid[i] { outside[i] = true }
        return (outside, toSolid, toReached)
    }

    /// The `passable` pixels a 4-connected flood fill from the image border reaches.
    static func floodFromBorder(_ passable: [Bool], width: Int, height: Int) -> [Bool] {
        var reached = [Bool](repeating: false, count: passable.count)
        guard width > 0, height > 0 else { return reached }
        // Each pixel is pushed at most once (marked first), so `count` entries suffice. All
        // state is local to the closure (no captured variables: no dynamic exclusivity checks).
        passable.withUnsafeBufferPointer { open in
            reached.withUnsafeMutableBufferPointer { seen in
                let count = open.count
                let stack = UnsafeMutablePointer<Int32>.allocate(capacity: count)
                defer { stack.deallocate() }
                var top = 0
                let last = (height - 1) * width
                for k in 0..<(2 * width + 2 * height) {
                    let i = k < width ? k : k < 2 * width ? last + k - width
                        : k < 2 * width + height ? (k - 2 * width) * width : (k - 2 * width - height) * width + width - 1
                    if open[i] && !seen[i] { seen[i] = true; stack[top] = Int32(i); top += 1 }
                }
                while top > 0 {
                    top -= 1
                    let i = Int(stack[top])
                    let x = i % width
                    var j = i - 1
                    if x > 0 && open[j] && !seen[j] { seen[j] = true; stack[top] = Int32(j); top += 1 }
                    j = i + 1
                    if x < width - 1 && open[j] && !seen[j] { seen[j] = true; stack[top] = Int32(j); top += 1 }
                    j = i - width
                    if j >= 0 && open[j] && !seen[j] { seen[j] = true; stack[top] = Int32(j); top += 1 }
                    j = i + width
                    if j < count && open[j] && !seen[j] { seen[j] = true; stack[top] = Int32(j); top += 1 }
                }
            }
        }
        return reached
    }

    /// Connected components of `mask` (4-connected, or 8 with `diagonal`): a label per pixel
    /// (−1 off the mask) and the count. Labels are numbered in scan order of the components'
    /// first pixels.
    static func label(_ mask: [Bool], width: Int, height: Int, diagonal: Bool) -> (labels: [Int32], count: Int) {
        var labels = [Int32](repeating: -1, count: mask.count)
        let offsets = diagonal ? [-1, 1, -width, width, -width - 1, -width + 1, width - 1, width + 1]
                               : [-1, 1, -width, width]
        let dxs = diagonal ? [-1, 1, 0, 0, -1, 1, -1, 1] : [-1, 1, 0, 0]
        // Each pixel is pushed at most once (labelled first), so `count` entries suffice. All
        // state is local to the closure (no captured variables: no dynamic exclusivity checks).
        let next = mask.withUnsafeBufferPointer { m in
            labels.withUnsafeMutableBufferPointer { l -> Int32 in
                let count = m.count
                let stack = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, count))
                defer { stack.deallocate() }
                var next: Int32 = 0
                for start in 0..<count where m[start] && l[start] < 0 {
                    l[start] = next
                    stack[0] = Int32(start)
                    var top = 1
                    while top > 0 {
                        top -= 1
                        let i = Int(stack[top])
                        let x = i % width
                        for k in 0..<offsets.count {
                            let j = i + offsets[k], xx = x + dxs[k]
                            guard xx >= 0, xx < width, j >= 0, j < count, m[j], l[j] < 0 else { continue }
                            l[j] = next
                            stack[top] = Int32(j)
                            top += 1
                        }
                    }
                    next += 1
                }
                return next
            }
        }
        return (labels, Int(next))
    }
}

/// A rectangle of an image (`x0..<x1`, `y0..<y1`) that the derived forms work on.
struct CropRect {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    /// The bounding box of the pixels with any coverage, or nil when there are none.
    static func covered(_ values: [Float], width: Int, height: Int) -> CropRect? {
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            let row = y * width
            var first = -1, last = -1
            for x in 0..<width where values[row + x] > 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            x0 = min(x0, first); x1 = max(x1, last + 1)
            y0 = min(y0, y); y1 = y + 1
        }
        return x1 > x0 ? CropRect(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }

    /// Grown by `margin` on each side, within the image.
    func expanded(by margin: Int, width: Int, height: Int) -> CropRect {
        CropRect(x0: max(0, x0 - margin), y0: max(0, y0 - margin), x1: min(width, x1 + margin), y1: min(height, y1 + margin))
    }

    /// The rectangle's pixels of an image `imageWidth` wide.
    func crop<T>(_ image: [T], width imageWidth: Int) -> [T] {
        var out: [T] = []
        out.reserveCapacity(width * height)
        for y in y0..<y1 { out.append(contentsOf: image[(y * imageWidth + x0)..<(y * imageWidth + x1)]) }
        return out
    }

    /// `part` (this rectangle's pixels) written back into the image.
    func paste(_ part: [Float], into image: inout [Float], width imageWidth: Int) {
        for y in y0..<y1 {
            let from = (y - y0) * width
            image.replaceSubrange((y * imageWidth + x0)..<(y * imageWidth + x1), with: part[from..<(from + width)])
        }
    }

    /// `part`, the pixels of `inner` (a rectangle inside this one), placed in this rectangle with
    /// zeros around.
    func embed(_ part: [Float], from inner: CropRect) -> [Float] {
        var out = [Float](repeating: 0, count: width * height)
        for y in inner.y0..<inner.y1 {
            let to = (y - y0) * width + (inner.x0 - x0), from = (y - inner.y0) * inner.width
            out.replaceSubrange(to..<(to + inner.width), with: part[from..<(from + inner.width)])
        }
        return out
    }
}
