import AssetCore
import Rendering

/// Custom symbols (issue 27): each symbol set's three drawn weights at the small, medium and large
/// scales beside text, its `.fill` twin, the bitmap glyph of the same asset beside them, and a tab
/// bar drawn with the symbols (the selected tab shows the `.fill` twin, the others the outline).
extension PreviewCatalog {
    /// Symbol sets shown with their own row: every drawn symbol set except a `.fill` twin whose
    /// outline is there (the twin is shown under it).
    package var symbolSets: [Set] {
        sets.filter { set in
            guard set.type == .symbolSet, set.symbol != nil else { return false }
            guard set.name.hasSuffix(SetNaming.fill) else { return true }
            return self.set(named: String(set.name.dropLast(SetNaming.fill.count)))?.symbol == nil
        }
    }

    /// The drawn symbol set `name`, if any.
    func symbol(named name: String) -> PreviewSymbol? {
        sets.first { $0.name == name && $0.type == .symbolSet }?.symbol
    }

    /// The image set a symbol was made beside (`Home.symbol` → `Home`; its `.fill` twin →
    /// `Home.selected`), if the catalog has it.
    func bitmapGlyph(ofSymbol name: String) -> Set? {
        var base = name
        var filled = false
        if base.hasSuffix(SetNaming.fill) {
            base.removeLast(SetNaming.fill.count)
            filled = true
        }
        guard base.hasSuffix(SetNaming.symbol) else { return nil }
        base.removeLast(SetNaming.symbol.count)
        return set(named: base + (filled ? SetNaming.selected : "")).flatMap { $0.type == .imageSet ? $0 : nil }
    }
}

extension PreviewSheet {
    static let guideColor = RGBAColor(red: 0x27, green: 0xAA, blue: 0xE1, alpha: 0x80)
    /// Space between the cells of one weight, between weights, and above a row for its headings.
    static let symbolCellGap = 14.0
    static let symbolWeightGap = 28.0
    static let symbolHeading = 34

    /// The grid of every symbol set (nil when the catalog has none).
    static func symbols(_ catalog: PreviewCatalog, notes: [PreviewNote]) throws(RenderError) -> PreviewSection? {
        let shown = catalog.symbolSets
        guard !shown.isEmpty else { return nil }
        // Each row with the build's warnings about its symbol (on the outline's row only).
        var rows: [(name: String, symbol: PreviewSymbol, glyph: PreviewCatalog.Set?, notes: [PreviewNote])] = []
        for set in shown {
            guard let symbol = set.symbol else { continue }
            let asset = set.name.hasSuffix(SetNaming.symbol) ? String(set.name.dropLast(SetNaming.symbol.count)) : set.name
            let said = notes.filter { $0.asset == asset && $0.text.contains("symbol") }
            rows.append((set.name, symbol, catalog.bitmapGlyph(ofSymbol: set.name), said + cannotDraw(symbol, set.name)))
            let twin = set.name + SetNaming.fill
            if let fill = catalog.symbol(named: twin) {
                rows.append((twin, fill, catalog.bitmapGlyph(ofSymbol: twin), cannotDraw(fill, twin)))
            }
        }
        var lines: [String] = []
        let heights = rows.map { symbolRowHeight($0.symbol) + 20 * $0.notes.count }
        let captions = [
            "Each drawn weight at the small, medium and large scales beside \(Int(PreviewSymbol.textPoints))-pt text at "
                + "@\(PreviewSymbol.gridScale)x, on its baseline and cap line (blue); M and L are the small variant enlarged ×1.28 and "
                + "×1.65, as Xcode derives them.",
            "On the right, the bitmap glyph of the same asset @3x. Drawn by librsvg from the template's variant groups.",
        ]
        let height = 44 + heights.reduce(0, +) + 10
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        for (index, caption) in captions.enumerated() {
            canvas.text(caption, x: margin, y: Double(16 + 16 * index), size: 11, subtle)
        }
        var y = 44
        for (row, rowHeight) in zip(rows, heights) {
            let summary = symbolRow(row.symbol, name: row.name, glyph: row.glyph, at: y, on: canvas)
            lines.append("\(row.name): \(summary)")
            // Under the ink line; cut to the sheet's width (the HTML page has the whole text).
            var noteY = y + symbolRowHeight(row.symbol) + 6
            for said in row.notes {
                canvas.text(fitted("⚠ " + said.text, width: Double(width) - 2 * margin, size: 12, canvas: canvas), x: margin,
                            y: Double(noteY), size: 12, said.isError ? RGBAColor(red: 0xD7, green: 0, blue: 0x15) : warning)
                lines.append("\(note(prefix: said)) \(row.name): \(said.text)")
                noteY += 20
            }
            y += rowHeight
        }
        return PreviewSection(title: "Custom symbols", picture: try canvas.bitmap(), lines: lines)
    }

    /// The first variant that could not be drawn, as a note.
    static func cannotDraw(_ symbol: PreviewSymbol, _ name: String) -> [PreviewNote] {
        symbol.problems.prefix(1).map { PreviewNote(asset: name, text: "cannot draw \($0)", isError: false) }
    }

    /// The height of one symbol's row: headings, the tallest strip, the scale letters, the ink line.
    static func symbolRowHeight(_ symbol: PreviewSymbol) -> Int {
        let strip = symbol.grid.values.flatMap(\.values).map(\.bitmap.height).max() ?? 40
        return symbolHeading + strip + 44
    }

    /// Draws one symbol's row at `top`: "Aa" at the text size, the nine drawings on one baseline,
    /// the bitmap glyph; returns the ink summary (also written under the row).
    static func symbolRow(_ symbol: PreviewSymbol, name: String, glyph: PreviewCatalog.Set?, at top: Int,
                          on canvas: SheetCanvas) -> String {
        let drawings = symbol.grid.values.flatMap(\.values)
        let above = drawings.map(\.baseline).max() ?? 30
        let strip = drawings.map(\.bitmap.height).max() ?? 40
        let baseline = Double(top + symbolHeading + above)
        let textSize = PreviewSymbol.textPoints * Double(PreviewSymbol.gridScale)
        canvas.text(name + (glyph.map { "  ·  beside the bitmap glyph \($0.name)" } ?? ""), x: margin, y: Double(top + 14),
                    size: 13, bold: true, ink)
        // On whole pixel rows: the baseline's row is the one right under the glyphs.
        for y in [baseline + 0.5, (baseline - PreviewSymbol.gridCapHeight).rounded() - 0.5] {
            canvas.line(from: (margin, y), to: (Double(width) - margin, y), width: 1, guideColor)
        }
        var x = margin
        x += canvas.text("Aa", x: x, y: baseline, size: textSize, ink) + symbolWeightGap
        for weight in PreviewSymbol.Weight.allCases {
            let start = x
            canvas.text(weight.weight.rawValue, x: start, y: Double(top + symbolHeading - 6), size: 11, bold: true, subtle)
            for scale in PreviewSymbol.Scale.allCases {
                guard let drawing = symbol.grid[weight]?[scale] else { continue }
                canvas.draw(drawing.bitmap, x: Int(x.rounded()), y: Int(baseline) - drawing.baseline, tint: ink)
                canvas.text(scale.rawValue, x: x + Double(drawing.bitmap.width) / 2 - 4, y: Double(top + symbolHeading + strip + 16),
                            size: 11, subtle)
                x += Double(drawing.bitmap.width) + symbolCellGap
            }
            x += symbolWeightGap - symbolCellGap
        }
        if let image = glyph?.image(scale: 3) {
            x += symbolWeightGap
            canvas.text("bitmap @3x", x: x, y: Double(top + symbolHeading - 6), size: 11, bold: true, subtle)
            let midline = baseline - PreviewSymbol.gridCapHeight / 2
            canvas.draw(image.bitmap, x: Int(x.rounded()), y: Int((midline - Double(image.bitmap.height) / 2).rounded()),
                        tint: glyph?.isTemplate == true ? ink : nil)
        }
        let summary = inkSummary(symbol)
        canvas.text(summary, x: margin, y: Double(top + symbolHeading + strip + 34), size: 11, subtle)
        return summary
    }

    /// The ink (alpha summed) of the three weights at the medium scale, relative to Regular: the
    /// figure that says whether the weights are real.
    static func inkSummary(_ symbol: PreviewSymbol) -> String {
        let inks = PreviewSymbol.Weight.allCases.map { weight in symbol.grid[weight]?[.medium].map { ink(of: $0.bitmap) } ?? 0 }
        guard inks[1] > 0 else { return "no Regular variant drawn" }
        if inks[0] == inks[1] && inks[1] == inks[2] {
            return "ink at M: the same in every weight (a drawing of fills only, which keep their shape at every weight, "
                + "or weights that could not be interpolated: see the build's warnings)"
        }
        func percent(_ value: Double) -> String { "\(Int((value / inks[1] * 100).rounded()))%" }
        return "ink at M: Ultralight \(percent(inks[0])), Black \(percent(inks[2])) of Regular"
    }

    static func ink(of bitmap: Bitmap) -> Double {
        var total = 0
        for index in stride(from: 3, to: bitmap.pixels.count, by: 4) { total += Int(bitmap.pixels[index]) }
        return Double(total)
    }

    /// The iPhone tab bar drawn with the tabs' symbols at @2x, once with each tab selected: the
    /// selected tab shows its `.fill` twin (the outline when it has none) in the tint, the others
    /// their outline; a tab without a symbol shows its bitmaps. nil when no tab has a symbol.
    static func symbolTabBars(_ catalog: PreviewCatalog, style: PreviewStyle, bars: PreviewBars) throws(RenderError) -> PreviewSection? {
        let tabs = Array(catalog.tabPairs.prefix(bars.phoneTabs))
        let symbols = tabs.map { catalog.symbol(named: $0.unselected.name + SetNaming.symbol) }
        let fills = tabs.map { catalog.symbol(named: $0.unselected.name + SetNaming.symbol + SetNaming.fill) }
        guard symbols.contains(where: { $0 != nil }) else { return nil }
        let scale = 2, s = 2.0
        let barWidth = 390 * s, barHeight = bars.phone.tabBar * s
        let height = tabs.count * (Int(barHeight) + 40) + 10
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        var lines: [String] = []
        for selected in tabs.indices {
            let top = Double(selected) * (barHeight + 40)
            let name = tabs[selected].unselected.name
            let shows = fills[selected] != nil ? "\(name)\(SetNaming.symbol)\(SetNaming.fill)"
                : symbols[selected] != nil ? "\(name)\(SetNaming.symbol) (no .fill twin)" : "its bitmap (no symbol)"
            let caption = "iPhone portrait @\(scale)x, symbols at the medium scale of \(Int(PreviewSymbol.tabTextPoints))-pt text · "
                + "\(tabTitle(name)) selected: \(shows)"
            lines.append(caption)
            canvas.text(caption, x: margin, y: top + 20, size: 12, subtle)
            let barY = top + 28
            canvas.fill(x: margin, y: barY, width: barWidth, height: barHeight, style.barBackground)
            canvas.fill(x: margin, y: barY, width: barWidth, height: max(1, s / 2), RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x4D))
            let itemWidth = barWidth / Double(tabs.count)
            for (index, pair) in tabs.enumerated() {
                let isSelected = index == selected
                let color = isSelected ? style.tint : style.unselectedTint
                let centre = margin + itemWidth * (Double(index) + 0.5)
                let glyphCentre = barY + 4 * s + 15 * s
                if let drawing = (isSelected ? fills[index] ?? symbols[index] : symbols[index])?.tab[scale] {
                    let capHeight = PreviewSymbol.capHeight(points: PreviewSymbol.tabTextPoints, pixelsPerPoint: s)
                    let baseline = glyphCentre + capHeight / 2
                    canvas.draw(drawing.bitmap, x: Int((centre - Double(drawing.bitmap.width) / 2).rounded()),
                                y: Int(baseline.rounded()) - drawing.baseline, tint: color)
                } else if let image = (isSelected ? pair.selected : pair.unselected).image(scale: scale) {
                    canvas.draw(image.bitmap, x: Int((centre - Double(image.bitmap.width) / 2).rounded()),
                                y: Int((glyphCentre - Double(image.bitmap.height) / 2).rounded()),
                                tint: pair.unselected.isTemplate ? color : nil)
                }
                let fontSize = 10 * s
                let title = fitted(tabTitle(pair.unselected.name), width: itemWidth * 0.9, size: fontSize, canvas: canvas)
                canvas.text(title, x: centre - canvas.textWidth(title, size: fontSize) / 2, y: barY + barHeight - 5 * s,
                            size: fontSize, color)
            }
        }
        return PreviewSection(title: "Tab bar with custom symbols", picture: try canvas.bitmap(), lines: lines)
    }
}
