import Foundation

/// The image file types Xcode accepts in an asset catalog, recognised by their first bytes (as
/// actool does), never by the file name.
package enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    case png
    case jpeg
    case heic
    case webp
    case gif
    case tiff
    case pdf
    case svg

    /// `PNG`, `JPEG`…: the name messages use.
    package var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .heic: "HEIC"
        case .webp: "WebP"
        case .gif: "GIF"
        case .tiff: "TIFF"
        case .pdf: "PDF"
        case .svg: "SVG"
        }
    }

    /// The file name extensions (lower case) that say this type; the first is the usual one.
    package var extensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .heic: ["heic", "heif", "avci"]
        case .webp: ["webp"]
        case .gif: ["gif"]
        case .tiff: ["tiff", "tif"]
        case .pdf: ["pdf"]
        case .svg: ["svg"]
        }
    }

    /// PDF and SVG: drawn at any size, so they have no pixel size and no scale arithmetic.
    package var isVector: Bool { self == .pdf || self == .svg }

    /// Every extension of every type: the files of a set that are images.
    package static let allExtensions: Set<String> = Set(allCases.flatMap(\.extensions))

    /// The type the bytes say, nil when they are none of these (or empty).
    ///
    /// Signatures: PNG `89 50 4E 47 0D 0A 1A 0A`; JPEG `FF D8 FF`; GIF `GIF87a`/`GIF89a`; TIFF `II*\0`
    /// or `MM\0*`; WebP `RIFF….WEBP`; HEIC an ISO BMFF `ftyp` box whose brand is a HEIF one; PDF
    /// `%PDF-` within the first 1024 bytes; SVG an `<svg` element within the first 64 KiB of a
    /// text that starts with `<` (after a BOM and white space).
    package init?(sniffing data: Data) {
        let bytes = [UInt8](data.prefix(4096))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png; return }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg; return }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif; return }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff; return }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { self = .webp; return }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avci"].contains(brand) { self = .heic; return }
        }
        let head = bytes.prefix(1024)
        let pdf = Array("%PDF-".utf8)
        if head.count >= pdf.count, (0...(head.count - pdf.count)).contains(where: { Array(head[$0..<$0 + pdf.count]) == pdf }) {
            self = .pdf
            return
        }
        // An SVG may open with a long comment or DOCTYPE: look further for its element.
        var text = String(decoding: data.prefix(65536), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<"), trimmed.contains("<svg") { self = .svg; return }
        return nil
    }

    /// The type the file name's extension says, nil for any other extension.
    package init?(fileExtension: String) {
        let lower = fileExtension.lowercased()
        guard let format = ImageFormat.allCases.first(where: { $0.extensions.contains(lower) }) else { return nil }
        self = format
    }
}
