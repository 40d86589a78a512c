import AssetCore
import Rendering

/// Every app icon of the catalog side by side (issue 26): the primary, its alternates and the
/// flavours' sets (badges included, as rendered) and the `.icon` bundles (as approximated), one
/// column each, in their light, dark and tinted appearances, so a team sees at a glance which
/// icon ships in which configuration.
extension PreviewSheet {
    static let variantTile = 120

    /// nil when the catalog has fewer than two app icons.
    static func iconsSideBySide(_ catalog: PreviewCatalog, icons: [PreviewIcon]) throws(RenderError) -> PreviewSection? {
        var columns: [(name: String, kind: String, renditions: [String: Bitmap])] = []
        for set in catalog.sets where set.type == .appIconSet && !set.images.isEmpty {
            var renditions: [String: Bitmap] = [:]
            for appearance in Appearance.Luminosity.allCases {
                let candidates = set.images.filter { $0.luminosity == appearance }
                if let largest = candidates.max(by: { $0.bitmap.width < $1.bitmap.width }) {
                    renditions[appearance.rawValue] = largest.bitmap
                }
            }
            columns.append((set.name, "app icon set", renditions))
        }
        for icon in icons {
            columns.append((icon.name, ".icon (approximated)",
                            Dictionary(icon.renditions.map { ($0.appearance, $0.bitmap) }, uniquingKeysWith: { first, _ in first })))
        }
        guard columns.count >= 2 else { return nil }
        columns.sort { $0.name < $1.name }
        let left = 90, column = variantTile + 36
        let perLine = max(1, (width - left - Int(margin)) / column)
        // Only the appearances some icon has: no row of empty dark or tinted squares.
        let backgrounds = Appearance.Luminosity.allCases.map { ($0.rawValue, background(of: $0)) }
            .filter { appearance in columns.contains { $0.renditions[appearance.0] != nil } }
        let lineHeight = max(1, backgrounds.count) * (variantTile + 12) + 52
        // Within Cairo's largest picture: the first icons by name, the count of the others said in the title.
        let fitting = max(1, (maximumSide - 10) / lineHeight) * perLine
        let hidden = max(0, columns.count - fitting)
        columns = Array(columns.prefix(fitting))
        let lines = (columns.count + perLine - 1) / perLine
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: lines * lineHeight + 10), background: paper)
        for (index, entry) in columns.enumerated() {
            let line = index / perLine
            let x = Double(left + (index % perLine) * column)
            let top = Double(line * lineHeight)
            canvas.text(fitted(entry.name, width: Double(column - 14), size: 11, canvas: canvas), x: x - 6, y: top + 14, size: 11,
                        bold: true, ink)
            canvas.text(entry.kind, x: x - 6, y: top + 28, size: 10, subtle)
            for (row, (appearance, background)) in backgrounds.enumerated() {
                let y = top + 40 + Double(row * (variantTile + 12))
                if index % perLine == 0 {
                    canvas.text(appearance.prefix(1).uppercased() + appearance.dropFirst(), x: margin, y: y + Double(variantTile) / 2,
                                size: 11, subtle)
                }
                guard let bitmap = entry.renditions[appearance] else {
                    canvas.text("no \(appearance) icon", x: x, y: y + Double(variantTile) / 2, size: 10, subtle)
                    continue
                }
                canvas.fillRounded(x: x - 6, y: y - 6, width: Double(variantTile + 12), height: Double(variantTile + 12),
                                   radius: 10, background)
                canvas.drawThumbnail(bitmap, x: x, y: y, width: Double(variantTile), height: Double(variantTile),
                                     cornerRadius: Double(variantTile) * iconCornerRatio)
            }
        }
        return PreviewSection(title: "App icons side by side: primary, alternates and flavours"
                                  + (hidden > 0 ? " (the first \(columns.count); \(hidden) more not shown)" : ""), picture: try canvas.bitmap(),
                              lines: columns.map(\.name))
    }
}
