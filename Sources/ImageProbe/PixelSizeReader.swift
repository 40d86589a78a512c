/// ImageProbe: what an image file is and how many pixels it has, for the formats Xcode accepts
/// besides PNG (JPEG, HEIC, WebP, GIF, TIFF); `VectorReader` opens PDF and SVG files. The type comes from the file's first bytes
/// (`ImageFormat(sniffing:)`); the pixel size from the platform's image library, which reads the
/// header and never decodes more than it must: gdk-pixbuf and its loaders on Linux
/// (`gdk_pixbuf_get_file_info`; WebP and HEIC need the `webp-pixbuf-loader` and `heif-gdk-pixbuf`
/// packages), ImageIO on macOS (`CGImageSourceCopyPropertiesAtIndex`). PDF and SVG have no pixel
/// size. It prints nothing and keeps no state between calls.
import AssetCore
import Foundation
#if os(Linux)
internal import CGdkPixbuf
#elseif canImport(ImageIO)
import ImageIO
#endif

/// Pixel sizes of bitmap files through the platform's image library.
package enum PixelSizeReader {
    /// The width and height stored in the file at `path`, which the caller has sniffed as `format`.
    /// PDF has none (`.unsupported`); an SVG is measured only on Linux (librsvg's gdk-pixbuf loader,
    /// for `VectorReader`), at its own width and height.
    package static func pixelSize(ofFileAt path: String, format: ImageFormat) throws(ProbeError) -> PixelSize {
        guard format != .pdf else { throw .unsupported(format) }
        #if os(Linux)
        guard loaderNames.contains(where: { loaderName($0, reads: format) }) else { throw .unsupported(format) }
        var width: Int32 = 0
        var height: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil, width > 0, height > 0 else {
            throw .unreadable(format)
        }
        return PixelSize(width: Int(width), height: Int(height))
        #elseif canImport(ImageIO)
        guard format != .svg else { throw .unsupported(format) }
        let url = URL(fileURLWithPath: path) as CFURL
        guard let source = CGImageSourceCreateWithURL(url, nil),
              let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
              let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue,
              let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue,
              width > 0, height > 0 else {
            throw .unreadable(format)
        }
        return PixelSize(width: width, height: height)
        #else
        throw .unsupported(format)
        #endif
    }

    #if os(Linux)
    /// The names of the gdk-pixbuf loaders installed (`jpeg`, `webp`, `heif/avif`…), read once.
    private static let loaderNames: [String] = {
        // Some loaders (libheif's) print warnings about bad input with g_warning in GLib's default
        // domain; ImageProbe reports a bad file as `.unreadable` and prints nothing itself.
        g_log_set_handler(nil, GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue),
                          { _, _, _, _ in }, nil)
        var names: [String] = []
        var node = gdk_pixbuf_get_formats()
        let list = node
        while let current = node {
            if let format = current.pointee.data.map(OpaquePointer.init),
               let name = gdk_pixbuf_format_get_name(format) {
                names.append(String(cString: name).lowercased())
                g_free(name)
            }
            node = current.pointee.next
        }
        g_slist_free(list)
        return names
    }()

    private static func loaderName(_ name: String, reads format: ImageFormat) -> Bool {
        switch format {
        case .heic: name.hasPrefix("heif")
        case .svg: name == "svg"
        default: name == format.rawValue
        }
    }
    #endif
}
