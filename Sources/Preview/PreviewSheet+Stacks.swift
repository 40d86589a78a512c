import AssetCore
import Rendering

extension PreviewSheet {
    /// tvOS image stacks drawn as the parallax effect moves them (at rest, then tilted left and
    /// right: each layer shifted by its depth, the front most, the back not at all), and visionOS
    /// stacks as the circle visionOS shows, with their layers side by side.
    static func stacks(_ stacks: [PreviewCatalog.Stack]) throws(RenderError) -> PreviewSection {
        let rowHeight = 280
        let canvas = try SheetCanvas(size: PixelSize(width: width, height: stacks.count * rowHeight + 10), background: paper)
        var lines: [String] = []
        for (index, stack) in stacks.enumerated() {
            let y = Double(index * rowHeight)
            let title = stack.isSolid ? "visionOS \(FolderKind.solidImageStack.folder(stack.name))" : "tvOS \(stack.brand.map { $0 + " / " } ?? "")\(stack.name)"
            let filled = stack.layers.filter { $0.bitmap != nil }.count
            canvas.text(title + " · \(stack.layers.count) layers, front to back: "
                        + stack.layers.map { $0.bitmap == nil ? "\($0.name) (empty)" : $0.name }.joined(separator: ", "),
                        x: margin, y: y + 16, size: 13, bold: true, ink)
            if filled < 2 { lines.append("warning: \(title) has \(filled) layer\(filled == 1 ? "" : "s") with an image") }
            let backToFront = stack.layers.reversed().compactMap(\.bitmap)
            if stack.isSolid {
                // The circle visionOS masks the icon to, then each layer alone.
                let side = 220.0
                for bitmap in backToFront {
                    canvas.drawThumbnail(bitmap, x: margin, y: y + 30, width: side, height: side, cornerRadius: side / 2)
                }
                var x = margin + side + 40
                for layer in stack.layers {
                    canvas.fill(x: x, y: y + 60, width: 160, height: 160, light)
                    if let bitmap = layer.bitmap { canvas.drawThumbnail(bitmap, x: x, y: y + 60, width: 160, height: 160) }
                    canvas.text(layer.name, x: x, y: y + 236, size: 10, subtle)
                    x += 176
                }
                continue
            }
            // tvOS: 5:3 tiles, rest / left / right, layers shifted by depth (the back stays).
            let tileWidth = 360.0, tileHeight = 216.0
            for (column, (label, direction)) in [("at rest", 0.0), ("tilted left", -1.0), ("tilted right", 1.0)].enumerated() {
                let x = margin + Double(column) * (tileWidth + 40)
                canvas.fillRounded(x: x - 4, y: y + 26, width: tileWidth + 8, height: tileHeight + 8, radius: 12, dark)
                for (depth, bitmap) in backToFront.enumerated() {
                    let shift = direction * Double(depth) * 7
                    canvas.drawThumbnail(bitmap, x: x + shift, y: y + 30 - abs(shift) / 3, width: tileWidth, height: tileHeight,
                                         cornerRadius: 10)
                }
                canvas.text(label, x: x, y: y + 30 + tileHeight + 18, size: 10, subtle)
            }
        }
        return PreviewSection(title: "Layered app icons (tvOS parallax, visionOS)", picture: try canvas.bitmap(), lines: lines)
    }
}
