import AssetCore
import Rendering

/// Keeps the preview's memory bounded on a catalog of hundreds of sets: an image set's file is
/// held as a thumbnail of the box the images section draws it in (420x150 px), its own size kept
/// for the label.
enum PreviewThumbnail {
    static let box = PixelSize(width: 420, height: 150)

    static func reduced(_ image: PreviewCatalog.Image) -> PreviewCatalog.Image {
        let bitmap = image.bitmap
        guard bitmap.width > box.width || bitmap.height > box.height else { return image }
        let factor = min(Double(box.width) / Double(bitmap.width), Double(box.height) / Double(bitmap.height))
        let size = PixelSize(width: max(1, Int(Double(bitmap.width) * factor)), height: max(1, Int(Double(bitmap.height) * factor)))
        guard let canvas = try? SheetCanvas(size: size, background: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)) else { return image }
        canvas.drawThumbnail(bitmap, x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        guard let small = try? canvas.bitmap() else { return image }
        var reduced = image
        reduced.filePixels = image.pixels
        reduced.bitmap = small
        return reduced
    }
}

