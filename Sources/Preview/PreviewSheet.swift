import AssetCore
import Foundation
import Rendering

/// Colours the mocks are drawn with (from the manifest's tab bar settings when it has them).
package struct PreviewStyle: Sendable {
    package var tint = RGBAColor(red: 0x00, green: 0x7A, blue: 0xFF)
    package var unselectedTint = RGBAColor(red: 0x8E, green: 0x8E, blue: 0x93)
    package var barBackground = RGBAColor(red: 0xF9, green: 0xF9, blue: 0xF9)
    /// The bars the mocks are drawn with, from the requirement table; nil (a table without bar
    /// geometry) draws no bar mocks.
    package var bars: PreviewBars?

    package init(bars: PreviewBars?) {
        self.bars = bars
    }
}

/// A warning or error to show next to the asset it concerns.
package struct PreviewNote: Sendable {
    package var asset: String
    package var text: String
    package var isError: Bool

    package init(asset: String, text: String, isError: Bool) {
        self.asset = asset
        self.text = text
        self.isError = isError
    }
}

/// One titled part of the sheet, drawn on its own (the HTML page shows the same parts).
package struct PreviewSection: Sendable {
    package var title: String
    package var picture: Bitmap
    /// Plain-text lines shown under the picture in HTML (findings, notes).
    package var lines: [String]
}

/// The preview sheet: the catalog's assets the way they will appear in an app. Pure drawing;
/// the CLI decides where the picture and the page go.
package enum PreviewSheet {
    static let width = 1400
    /// Cairo's largest image side (pixels): no picture of the preview is taller.
    package static let maximumSide = 32767
    /// The tallest preview.png: below `maximumSide`, so the sheet (drawn, then copied out of Cairo)
    /// stays near 110 MB; the sections that do not fit are in preview.html.
    package static let sheetHeightLimit = 20_000
    /// Image sets per images section (190 px a row), so one section stays far below `maximumSide`.
    static let imagesPerSection = 40
    static let margin = 24.0
    static let ink = RGBAColor(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let subtle = RGBAColor(red: 0x6E, green: 0x6E, blue: 0x73)
    static let paper = RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    static let warning = RGBAColor(red: 0xC2, green: 0x41, blue: 0x0C)
    static let light = RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7)
    static let dark = RGBAColor(red: 0x1C, green: 0x1C, blue: 0x1E)
    /// The home screen's icon mask: corner radius ≈ 22.37% of the side (drawn as circular arcs).
    static let iconCornerRatio = 0.2237

    /// Every section, in order.
    package static func sections(_ catalog: PreviewCatalog, style: PreviewStyle,
                                 notes: [PreviewNote], icons: [PreviewIcon] = []) throws(RenderError) -> [PreviewSection] {
        var all: [PreviewSection] = []
        try sections(catalog, style: style, notes: notes, icons: icons) { all.append($0) }
        return all
    }

    /// Every section, in order, each given to `emit` as soon as it is drawn, so a caller that
    /// encodes and lets go of each holds one section's pixels at a time (a catalog of 500 sets).
    package static func sections(_ catalog: PreviewCatalog, style: PreviewStyle, notes: [PreviewNote], icons: [PreviewIcon] = [],
                                 emit: (PreviewSection) -> Void) throws(RenderError) {
        if let variants = try iconsSideBySide(catalog, icons: icons) { emit(variants) }
        for icon in icons { emit(try iconComposer(icon, notes: notes.filter { $0.asset == icon.name })) }
        for set in catalog.sets where set.type == .appIconSet && !set.images.isEmpty {
            emit(try appIcon(set, notes: notes.filter { $0.asset == set.name }))
        }
        guard let metrics = style.bars else { return }
        let pairs = catalog.tabPairs
        var bars: [PreviewSection] = []
        if !pairs.isEmpty { bars.append(try tabBars(pairs, style: style, bars: metrics, notes: notes)) }
        if let symbolBars = try symbolTabBars(catalog, style: style, bars: metrics) { bars.append(symbolBars) }
        if !catalog.barGlyphs.isEmpty || !catalog.backIndicators.isEmpty {
            bars.append(try navigationBars(catalog, style: style, bars: metrics, notes: notes))
        }
        for bar in bars { emit(bar) }
        if !bars.isEmpty { emit(try greyscale(bars, style: style)) }
        if let symbols = try symbols(catalog, notes: notes) { emit(symbols) }
        let launch = catalog.sets.filter { $0.type == .launchImage && !$0.images.isEmpty }
        for set in launch { emit(try launchImages(set)) }
        let shown = Set(pairs.flatMap { [$0.unselected.name, $0.selected.name] } + catalog.barGlyphs.map(\.name)
            + catalog.backIndicators.flatMap { [$0.name, $0.name + SetNaming.mask] })
        if !catalog.stacks.isEmpty { emit(try stacks(catalog.stacks)) }
        let layerSets = Set(catalog.stacks.flatMap(\.contentPaths))
        let others = catalog.sets.filter { $0.type == .imageSet && !$0.images.isEmpty && !shown.contains($0.name)
            && !layerSets.contains($0.path) }
        let chunks = stride(from: 0, to: others.count, by: imagesPerSection).map { Array(others[$0..<min($0 + imagesPerSection, others.count)]) }
        for (index, chunk) in chunks.enumerated() {
            var section = try images(chunk, notes: notes)
            if chunks.count > 1 {
                let first = index * imagesPerSection + 1
                section.title += " \(first)–\(first + chunk.count - 1) of \(others.count)"
            }
            emit(section)
        }
    }

    /// All sections stacked on one picture under a title, as many as fit Cairo's largest picture
    /// (`maximumSide`); the rest are named at the bottom (preview.html shows every section).
    package static func sheet(_ catalog: PreviewCatalog, sections: [PreviewSection]) throws(RenderError) -> Bitmap {
        try sheet(catalogName: catalog.name, headers: sections.map { ($0.title, $0.picture.height) }) { sections[$0].picture }
    }

    /// The sheet from each section's title and height, `picture(i)` giving section i's picture
    /// when it is drawn (nil: left blank), one at a time.
    package static func sheet(catalogName: String, headers: [(title: String, height: Int)],
                              picture: (Int) -> Bitmap?) throws(RenderError) -> Bitmap {
        let titleHeight = 64, moreHeight = 40
        var shown = 0
        var height = titleHeight + 24
        for header in headers {
            guard height + header.height + 48 + moreHeight <= sheetHeightLimit else { break }
            shown += 1
            height += header.height + 48
        }
        let left = headers.count - shown
        if left > 0 { height += moreHeight }
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        canvas.text("\(FolderKind.catalog.folder(catalogName)) — Assetsmith preview", x: margin, y: 42, size: 26, bold: true, ink)
        if left > 0 {
            canvas.text("… and \(left) more section\(left == 1 ? "" : "s") (\(headers[shown...].prefix(3).map(\.title).joined(separator: ", "))"
                        + (left > 3 ? ", …" : "") + "): see preview.html", x: margin, y: Double(height - 30), size: 14, bold: true, warning)
        }
        var y = titleHeight
        for (index, header) in headers.prefix(shown).enumerated() {
            canvas.text(header.title, x: margin, y: Double(y) + 30, size: 18, bold: true, ink)
            canvas.line(from: (margin, Double(y) + 40), to: (Double(width) - margin, Double(y) + 40), width: 1,
                        RGBAColor(red: 0xD1, green: 0xD1, blue: 0xD6))
            if let bitmap = picture(index) { canvas.draw(bitmap, x: 0, y: y + 48) }
            y += header.height + 48
        }
        return try canvas.bitmap()
    }

    // MARK: App icons

    static func appIcon(_ set: PreviewCatalog.Set, notes: [PreviewNote]) throws(RenderError) -> PreviewSection {
        let defaults = set.images.filter { $0.appearance == nil }.sorted { $0.bitmap.width < $1.bitmap.width }
        let (small, derivedNote) = smallIcons(defaults)
        // Lines of icons at 1:1 that fit the sheet, never scaled.
        let left = 110
        let lines = iconLines(small, available: width - left - 24)
        let lineHeights = lines.map { ($0.map(\.bitmap.height).max() ?? 0) + 30 }
        let rowHeight = lineHeights.reduce(0, +) + 8
        let tile = 232
        let height = 30 + tile + 58 + SlotBackground.allCases.count * (rowHeight + 10) + 20 + notes.count * 20
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        canvas.text("\(set.name)  ·  \(set.images.count) image\(set.images.count == 1 ? "" : "s")\(derivedNote)",
                    x: margin, y: 18, size: 14, bold: true, ink)
        var y = 30
        drawLargeIcons(set, master: defaults.last, canvas: canvas, y: y, tile: tile)
        y += tile + 58
        for background in SlotBackground.allCases {
            drawSlotRow(lines, lineHeights: lineHeights, on: background, canvas: canvas, y: y, height: rowHeight, left: left)
            y += rowHeight + 10
        }
        y += 12
        for note in notes {
            canvas.text("⚠ " + note.text, x: margin, y: Double(y), size: 12, note.isError ? RGBAColor(red: 0xD7, green: 0, blue: 0x15) : warning)
            y += 20
        }
        return PreviewSection(title: "App icon \(set.name)", picture: try canvas.bitmap(),
                              lines: notes.map { "\(note(prefix: $0)) \($0.text)" })
    }

    /// The icons smaller than 512 px; for a single-size set, its master at the sizes iOS derives
    /// (with the words that say so).
    private static func smallIcons(_ defaults: [PreviewCatalog.Image]) -> ([PreviewCatalog.Image], String) {
        let small = defaults.filter { $0.bitmap.width < 512 }
        guard small.isEmpty, let master = defaults.last else { return (small, "") }
        // Single-size catalogs: iOS makes the small sizes; show the master at common sizes.
        let derived = [180, 120, 87, 80, 58, 40].map { side in
            var image = master
            image.bitmap = downscale(master.bitmap, to: side)
            image.file = "\(side) px"
            return image
        }
        return (derived, " (single-size: shown at the sizes iOS derives, via a quick preview filter)")
    }

    /// `images` in lines `available` px wide, 16 px apart.
    private static func iconLines(_ images: [PreviewCatalog.Image], available: Int) -> [[PreviewCatalog.Image]] {
        var lines: [[PreviewCatalog.Image]] = [[]]
        var used = 0
        for image in images {
            if used + image.bitmap.width > available, !lines[lines.count - 1].isEmpty {
                lines.append([])
                used = 0
            }
            lines[lines.count - 1].append(image)
            used += image.bitmap.width + 16
        }
        return lines
    }

    /// The colour an icon of `appearance` is shown on.
    static func background(of appearance: Appearance.Luminosity) -> RGBAColor {
        switch appearance {
        case .light: light
        case .dark: dark
        case .tinted: RGBAColor(red: 0, green: 0, blue: 0)
        }
    }

    /// Marketing master and the iOS 18 appearances, large.
    private static func drawLargeIcons(_ set: PreviewCatalog.Set, master: PreviewCatalog.Image?, canvas: SheetCanvas,
                                       y: Int, tile: Int) {
        var x = Int(margin)
        let large: [(String, PreviewCatalog.Image?, RGBAColor)] = [("Default", master, light)]
            + [Appearance.Luminosity.dark, .tinted].map { appearance in
                (appearance.title, set.images.first { $0.luminosity == appearance }, background(of: appearance))
            }
        for (label, image, background) in large {
            guard let image else { continue }
            canvas.fillRounded(x: Double(x), y: Double(y), width: Double(tile), height: Double(tile), radius: 16, background)
            canvas.drawThumbnail(image.bitmap, x: Double(x + 16), y: Double(y + 16), width: 200, height: 200,
                                 cornerRadius: image.isMac ? 0 : 200 * iconCornerRatio)
            canvas.text("\(label) · \(image.bitmap.width) px, shown at \(Int(20000 / Double(image.bitmap.width)))%",
                        x: Double(x), y: Double(y + tile + 18), size: 11, bold: true, subtle)
            canvas.text(image.file, x: Double(x), y: Double(y + tile + 33), size: 10, subtle)
            x += tile + 40
        }
    }

    /// The backgrounds every slot is shown on at 1:1 pixels.
    private enum SlotBackground: String, CaseIterable {
        case light, dark, wallpaper
    }

    /// Every slot at 1:1 pixels on one background, in `lines`.
    private static func drawSlotRow(_ lines: [[PreviewCatalog.Image]], lineHeights: [Int], on background: SlotBackground,
                                    canvas: SheetCanvas, y: Int, height: Int, left: Int) {
        switch background {
        case .light: canvas.fill(x: 0, y: Double(y), width: Double(width), height: Double(height), light)
        case .dark: canvas.fill(x: 0, y: Double(y), width: Double(width), height: Double(height), dark)
        case .wallpaper:
            canvas.fillGradient(x: 0, y: Double(y), width: Double(width), height: Double(height),
                                top: RGBAColor(red: 0x3A, green: 0x6F, blue: 0xD8), bottom: RGBAColor(red: 0xD8, green: 0x6A, blue: 0x9B))
        }
        let labelColor = background == .light ? subtle : RGBAColor(red: 0xEB, green: 0xEB, blue: 0xF5)
        canvas.text(background.rawValue, x: margin, y: Double(y + 22), size: 12, bold: true, labelColor)
        var lineY = y + 8
        for (line, lineHeight) in zip(lines, lineHeights) {
            var x = left
            for image in line {
                canvas.draw(image.bitmap, x: x, y: lineY, cornerRadius: image.isMac ? 0 : Double(image.bitmap.width) * iconCornerRatio)
                canvas.text("\(image.bitmap.width)", x: Double(x), y: Double(lineY + lineHeight - 12), size: 10, labelColor)
                x += image.bitmap.width + 16
            }
            lineY += lineHeight
        }
    }

    // MARK: Icon Composer icons

    /// The words under every `.icon` section: what the picture is not.
    static let approximationNote = "APPROXIMATION: layers composited flat on the fill and masked to the rounded square; "
        + "no Liquid Glass, specular highlights, shadows or translucency. Icon Composer and Xcode render the real icon."

    static func iconComposer(_ icon: PreviewIcon, notes: [PreviewNote]) throws(RenderError) -> PreviewSection {
        let tile = 232
        let lines = [approximationNote] + icon.problems.map { "warning: \($0)" } + notes.map { "\(note(prefix: $0)) \($0.text)" }
        let height = 30 + tile + 40 + lines.count * 20 + 10
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        canvas.text("\(icon.name).icon  ·  approximation of the Liquid Glass icon", x: margin, y: 18, size: 14, bold: true, ink)
        var x = Int(margin)
        for (word, bitmap) in icon.renditions {
            let appearance = Appearance.Luminosity(rawValue: word)
            canvas.fillRounded(x: Double(x), y: 30, width: Double(tile), height: Double(tile), radius: 16,
                               appearance.map(background(of:)) ?? light)
            canvas.drawThumbnail(bitmap, x: Double(x + 16), y: 46, width: 200, height: 200, cornerRadius: 200 * iconCornerRatio)
            canvas.text(word.prefix(1).uppercased() + word.dropFirst() + (appearance == .tinted ? " (greyscale)" : ""),
                        x: Double(x), y: Double(30 + tile + 18), size: 11, bold: true, subtle)
            x += tile + 40
        }
        var y = 30 + tile + 44
        for (index, line) in lines.enumerated() {
            canvas.text(line, x: margin, y: Double(y), size: 12, bold: index == 0, index == 0 ? warning : subtle)
            y += 20
        }
        return PreviewSection(title: "Icon Composer icon \(icon.name) (approximation)", picture: try canvas.bitmap(), lines: lines)
    }

    // MARK: Bars

    struct BarDevice {
        var name: String
        var points: Double
        var height: Double
        var compact: Bool
        /// Glyph beside the title (landscape iPhone, iPad) rather than above it.
        var inline: Bool
        var maximumTabs: Int
        var scales: [Int]
    }

    /// The devices the tab bar is shown on: their heights and tab counts from the table.
    static func barDevices(_ bars: PreviewBars) -> [BarDevice] {
        [
            BarDevice(name: "iPhone portrait (regular)", points: 390, height: bars.phone.tabBar, compact: false, inline: false,
                      maximumTabs: bars.phoneTabs, scales: [2, 3]),
            BarDevice(name: "iPhone landscape (compact)", points: 430, height: bars.phoneCompact.tabBar, compact: true, inline: true,
                      maximumTabs: bars.phoneTabs, scales: [2, 3]),
            BarDevice(name: "iPad", points: 650, height: bars.pad.tabBar, compact: false, inline: true,
                      maximumTabs: bars.padTabs, scales: [2]),
        ]
    }

    static func tabBars(_ pairs: [(unselected: PreviewCatalog.Set, selected: PreviewCatalog.Set)], style: PreviewStyle,
                        bars: PreviewBars, notes: [PreviewNote]) throws(RenderError) -> PreviewSection {
        let mocks = barDevices(bars).flatMap { device in device.scales.map { (device, $0) } }
        let relevant = notes.filter { note in pairs.contains { note.asset == $0.unselected.name || note.asset == $0.selected.name } }
        let height = mocks.reduce(0) { $0 + Int($1.0.height) * $1.1 + 40 } + 20 + relevant.count * 20
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        var y = 0
        for (device, scale) in mocks {
            let s = Double(scale)
            let tabs = Array(pairs.prefix(device.maximumTabs))
            var caption = "\(device.name) @\(scale)x · \(tabs.count) tab\(tabs.count == 1 ? "" : "s")"
            if pairs.count > device.maximumTabs { caption += " (\(pairs.count - device.maximumTabs) more go under \"More\")" }
            caption += " · first selected, badge on the second, last disabled"
            canvas.text(caption, x: margin, y: Double(y + 20), size: 12, subtle)
            let barX = margin, barY = Double(y + 28)
            let barWidth = device.points * s, barHeight = device.height * s
            canvas.fill(x: barX, y: barY, width: barWidth, height: barHeight, style.barBackground)
            canvas.fill(x: barX, y: barY, width: barWidth, height: max(1, s / 2), RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x4D))
            let itemWidth = barWidth / Double(max(1, tabs.count))
            for (index, pair) in tabs.enumerated() {
                let selected = index == 0
                let disabled = tabs.count >= 3 && index == tabs.count - 1
                let set = selected ? pair.selected : pair.unselected
                let color = selected ? style.tint : style.unselectedTint
                let opacity = disabled ? 0.35 : 1
                let centre = barX + itemWidth * (Double(index) + 0.5)
                let fontSize = (device.inline ? (device.compact ? 11 : 13) : 10) * s
                let title = fitted(tabTitle(pair.unselected.name), width: itemWidth * (device.inline ? 0.55 : 0.9),
                                   size: fontSize, canvas: canvas)
                let titleWidth = canvas.textWidth(title, size: fontSize)
                var glyphRight = centre
                if let image = set.image(scale: scale, compact: device.compact) {
                    let bitmap = image.bitmap
                    let gx: Double, gy: Double
                    if device.inline {
                        gx = centre - (Double(bitmap.width) + 6 * s + titleWidth) / 2
                        gy = barY + (barHeight - Double(bitmap.height)) / 2
                    } else {
                        gx = centre - Double(bitmap.width) / 2
                        gy = barY + 4 * s + (30 * s - Double(bitmap.height)) / 2
                    }
                    canvas.draw(bitmap, x: Int(gx.rounded()), y: Int(gy.rounded()), tint: set.isTemplate ? color : nil,
                                opacity: opacity)
                    glyphRight = gx + Double(bitmap.width)
                    if index == 1 {
                        let badge = 18 * s
                        canvas.fillEllipse(x: glyphRight - badge / 2, y: gy - badge / 3, width: badge, height: badge,
                                           RGBAColor(red: 0xFF, green: 0x3B, blue: 0x30))
                        let digit = canvas.textWidth("3", size: 12 * s, bold: true)
                        canvas.text("3", x: glyphRight - digit / 2, y: gy - badge / 3 + badge * 0.73, size: 12 * s, bold: true, paper)
                    }
                }
                var titleColor = color
                titleColor.alpha = UInt8(Double(color.alpha) * opacity)
                if device.inline {
                    canvas.text(title, x: glyphRight + 6 * s, y: barY + barHeight / 2 + fontSize * 0.35, size: fontSize, titleColor)
                } else {
                    canvas.text(title, x: centre - titleWidth / 2, y: barY + barHeight - 5 * s, size: fontSize, titleColor)
                }
            }
            y += Int(barHeight) + 40
        }
        y += 10
        for note in relevant {
            canvas.text("⚠ \(note.asset): \(note.text)", x: margin, y: Double(y), size: 12, warning)
            y += 20
        }
        return PreviewSection(title: "Tab bars", picture: try canvas.bitmap(),
                              lines: relevant.map { "\(note(prefix: $0)) \($0.asset): \($0.text)" })
    }

    static func navigationBars(_ catalog: PreviewCatalog, style: PreviewStyle, bars: PreviewBars,
                               notes: [PreviewNote]) throws(RenderError) -> PreviewSection {
        let navigationBar = Int(bars.phone.navigationBar)
        let glyphs = catalog.barGlyphs
        let back = catalog.backIndicators.first
        let scales = [2, 3]
        let names = Set(glyphs.map(\.name) + catalog.backIndicators.map(\.name))
        let relevant = notes.filter { names.contains($0.asset) }
        let height = scales.reduce(0) { $0 + 2 * (navigationBar * $1 + 40) } + 20 + relevant.count * 20
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        var y = 0
        for scale in scales {
            let s = Double(scale)
            let barWidth = 390 * s, barHeight = Double(navigationBar) * s
            // Navigation bar: back indicator and "Back", centred title, bar glyphs on the right.
            canvas.text("Navigation bar @\(scale)x" + (back.map { " · back indicator \($0.name)" } ?? ""),
                        x: margin, y: Double(y + 20), size: 12, subtle)
            var barY = Double(y + 28)
            canvas.fill(x: margin, y: barY, width: barWidth, height: barHeight, style.barBackground)
            canvas.fill(x: margin, y: barY + barHeight - max(1, s / 2), width: barWidth, height: max(1, s / 2),
                        RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x4D))
            var x = margin + 8 * s
            if let image = back?.image(scale: scale) {
                canvas.draw(image.bitmap, x: Int(x), y: Int((barY + (barHeight - Double(image.bitmap.height)) / 2).rounded()),
                            tint: style.tint)
                x += Double(image.bitmap.width) + 6 * s
                canvas.text("Back", x: x, y: barY + barHeight / 2 + 6 * s, size: 17 * s, style.tint)
            }
            let title = "Title"
            let titleWidth = canvas.textWidth(title, size: 17 * s, bold: true)
            canvas.text(title, x: margin + (barWidth - titleWidth) / 2, y: barY + barHeight / 2 + 6 * s, size: 17 * s, bold: true, ink)
            var right = margin + barWidth - 16 * s
            for set in glyphs.prefix(2) {
                guard let image = set.image(scale: scale) else { continue }
                right -= Double(image.bitmap.width)
                canvas.draw(image.bitmap, x: Int(right.rounded()), y: Int((barY + (barHeight - Double(image.bitmap.height)) / 2).rounded()),
                            tint: set.isTemplate ? style.tint : nil)
                right -= 20 * s
            }
            y += Int(barHeight) + 40

            // Toolbar: bar glyphs spread evenly.
            canvas.text("Toolbar @\(scale)x · \(glyphs.map(\.name).joined(separator: ", "))", x: margin, y: Double(y + 20), size: 12, subtle)
            barY = Double(y + 28)
            canvas.fill(x: margin, y: barY, width: barWidth, height: barHeight, style.barBackground)
            canvas.fill(x: margin, y: barY, width: barWidth, height: max(1, s / 2), RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x4D))
            let shown = Array(glyphs.prefix(5))
            for (index, set) in shown.enumerated() {
                guard let image = set.image(scale: scale) else { continue }
                let centre = margin + barWidth * (Double(index) + 0.5) / Double(shown.count)
                canvas.draw(image.bitmap, x: Int((centre - Double(image.bitmap.width) / 2).rounded()),
                            y: Int((barY + (barHeight - Double(image.bitmap.height)) / 2).rounded()),
                            tint: set.isTemplate ? style.tint : nil)
            }
            y += Int(barHeight) + 40
        }
        y += 10
        for note in relevant {
            canvas.text("⚠ \(note.asset): \(note.text)", x: margin, y: Double(y), size: 12, warning)
            y += 20
        }
        return PreviewSection(title: "Navigation bar and toolbar", picture: try canvas.bitmap(),
                              lines: relevant.map { "\(note(prefix: $0)) \($0.asset): \($0.text)" })
    }

    /// The bar mocks again in greyscale (the HIG's contrast check), with the contrast figures.
    static func greyscale(_ bars: [PreviewSection], style: PreviewStyle) throws(RenderError) -> PreviewSection {
        let findings = contrastFindings(style)
        let height = bars.reduce(0) { $0 + $1.picture.height + 10 } + 20 + findings.count * 20
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        var y = 0
        for bar in bars {
            var grey = bar.picture
            grey.applyGreyscale()
            canvas.draw(grey, x: 0, y: y)
            y += grey.height + 10
        }
        y += 14
        for finding in findings {
            canvas.text(finding.text, x: margin, y: Double(y), size: 13, finding.ok ? ink : warning)
            y += 20
        }
        return PreviewSection(title: "Greyscale check", picture: try canvas.bitmap(), lines: findings.map(\.text))
    }

    /// Contrast ratios of the tints against the bar, and of selected against unselected, judged
    /// by the same rule as the manifest's warnings (`Contrast`, rule 23: at least 2:1).
    package static func contrastFindings(_ style: PreviewStyle) -> [(text: String, ok: Bool)] {
        func one(_ a: RGBAColor, _ b: RGBAColor) -> String { String(format: "%.1f:1", Contrast.ratio(a, b)) }
        let minimum = String(format: "%.0f:1", Contrast.minimumRatio)
        let selected = Contrast.isDistinct(style.tint, style.barBackground)
        let unselected = Contrast.isDistinct(style.unselectedTint, style.barBackground)
        let between = Contrast.isDistinct(style.tint, style.unselectedTint)
        let hueOnly = Contrast.differsOnlyInHue(style.tint, style.unselectedTint)
        return [
            ("selected tint \(style.tint) on bar \(style.barBackground): \(one(style.tint, style.barBackground)) "
                + (selected ? "(ok, at least \(minimum))" : "(too low: aim for at least \(minimum))"), selected),
            ("unselected tint \(style.unselectedTint) on bar \(style.barBackground): \(one(style.unselectedTint, style.barBackground)) "
                + (unselected ? "(ok, at least \(minimum))" : "(too low: unselected icons may be hard to see)"), unselected),
            ("selected vs unselected tint: \(one(style.tint, style.unselectedTint)) "
                + (between ? "(ok: they differ in lightness, not only in hue)"
                   : hueOnly ? "(they differ only in hue: colour-blind users may not see the selection)"
                   : "(too close: aim for at least \(minimum))"), between),
        ]
    }

    // MARK: Launch images and other images

    static func launchImages(_ set: PreviewCatalog.Set) throws(RenderError) -> PreviewSection {
        let box = 200
        let columns = (width - Int(margin) * 2) / (box + 16)
        let rows = (set.images.count + columns - 1) / columns
        let height = rows * (box + 44) + 10
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        for (index, image) in set.images.enumerated() {
            let x = Int(margin) + (index % columns) * (box + 16)
            let y = (index / columns) * (box + 44)
            canvas.fillRounded(x: Double(x), y: Double(y), width: Double(box), height: Double(box), radius: 8, light)
            canvas.drawThumbnail(image.bitmap, x: Double(x + 6), y: Double(y + 6), width: Double(box - 12), height: Double(box - 12))
            let device = [ContentsKey.idiom, .subtype, .orientation].map { image.fields[$0.rawValue] }.compactMap { $0 }
                .joined(separator: " ")
            canvas.text(device, x: Double(x), y: Double(y + box + 15), size: 10, ink)
            canvas.text("\(image.bitmap.width)x\(image.bitmap.height) @\(image.scale)x" + (image.isVector ? " vector" : ""), x: Double(x), y: Double(y + box + 30), size: 10, subtle)
        }
        return PreviewSection(title: "Launch images \(set.name) (\(set.images.count))", picture: try canvas.bitmap(), lines: [])
    }

    static func images(_ sets: [PreviewCatalog.Set], notes: [PreviewNote]) throws(RenderError) -> PreviewSection {
        let rowHeight = 190
        let height = sets.count * rowHeight + 10
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: height), background: paper)
        var lines: [String] = []
        for (index, set) in sets.enumerated() {
            let y = index * rowHeight
            canvas.text(set.name, x: margin, y: Double(y + 16), size: 13, bold: true, ink)
            var x = margin
            for image in set.images.sorted(by: { $0.scale < $1.scale }) {
                let w = min(Double(image.bitmap.width), 420), h = min(Double(image.bitmap.height), 150)
                canvas.fill(x: x, y: Double(y + 24), width: w, height: h, light)
                canvas.drawThumbnail(image.bitmap, x: x, y: Double(y + 24), width: w, height: h)
                canvas.text("@\(image.scale)x \(image.pixels.width)x\(image.pixels.height)" + (image.isVector ? " vector \(image.fields["vector"] ?? "")" : ""),
                            x: x, y: Double(y + 24) + h + 14, size: 10, subtle)
                x += w + 16
            }
            for note in notes where note.asset == set.name {
                canvas.text("⚠ " + note.text, x: x + 8, y: Double(y + 40), size: 12, warning)
                lines.append("\(self.note(prefix: note)) \(set.name): \(note.text)")
            }
        }
        return PreviewSection(title: "Images", picture: try canvas.bitmap(), lines: lines)
    }

    /// A tab's title in the mock: its asset name without a leading "Tab" (`TabHome` → `Home`).
    static func tabTitle(_ name: String) -> String {
        let rest = name.dropFirst(3)
        return name.hasPrefix("Tab") && rest.first?.isUppercase == true ? String(rest) : name
    }

    /// `text`, shortened with "…" until it fits `width` at `size`.
    static func fitted(_ text: String, width: Double, size: Double, canvas: SheetCanvas) -> String {
        guard canvas.textWidth(text, size: size) > width else { return text }
        var shortened = text
        while shortened.count > 1 {
            shortened.removeLast()
            if canvas.textWidth(shortened + "…", size: size) <= width { return shortened + "…" }
        }
        return shortened
    }

    static func note(prefix note: PreviewNote) -> String { note.isError ? "error:" : "warning:" }

    /// A quick box-filtered reduction for preview thumbnails (assets never go through this).
    package static func downscale(_ bitmap: Bitmap, to side: Int) -> Bitmap {
        guard let canvas = try? SheetCanvas(size: PixelSize(width: side, height: side * bitmap.height / max(1, bitmap.width)),
                                            background: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)) else { return bitmap }
        canvas.drawThumbnail(bitmap, x: 0, y: 0, width: Double(canvas.size.width), height: Double(canvas.size.height))
        return (try? canvas.bitmap()) ?? bitmap
    }
}
