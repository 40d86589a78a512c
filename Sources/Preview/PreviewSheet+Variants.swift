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
            for appearance in ["light", "dark", "tinted"] {
                let candidates = set.images.filter { ($0.appearance ?? "light") == appearance }
                if let largest = candidates.max(by: { $0.bitmap.width < $1.bitmap.width }) {
                    renditions[appearance] = largest.bitmap
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
        let lines = (columns.count + perLine - 1) / perLine
        let lineHeight = 3 * (variantTile + 12) + 52
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: lines * lineHeight + 10), background: paper)
        let backgrounds: [(String, RGBAColor)] = [("light", light), ("dark", dark), ("tinted", RGBAColor(red: 0, green: 0, blue: 0))]
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
                canvas.fillRounded(x: x - 6, y: y - 6, width: Double(variantTile + 12), height: Double(variantTile + 12),
                                   radius: 10, background)
                guard let bitmap = entry.renditions[appearance] else { continue }
                canvas.drawThumbnail(bitmap, x: x, y: y, width: Double(variantTile), height: Double(variantTile),
                                     cornerRadius: Double(variantTile) * iconCornerRatio)
            }
        }
        return PreviewSection(title: "App icons side by side: primary, alternates and flavours", picture: try canvas.bitmap(),
                              lines: columns.map(\.name))
    }
}
