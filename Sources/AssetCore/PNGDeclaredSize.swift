import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A PNG's size on disk against what its header declares, checked before the file is read whole:
/// a PNG holds at most its pixels uncompressed (8 bytes a pixel at 16-bit RGBA, a filter byte a
/// row, deflate's stored-block overhead) plus its other chunks, so a 250 MB file declaring a
/// 100×100 image (a sparse file, or a padded one) is refused from 33 bytes, not read.
package enum PNGDeclaredSize {
    /// Room for chunks other than the image data (text, EXIF, an ICC profile): 16 MB.
    package static let otherChunkBytes = 16 << 20

    /// The width and height in the IHDR of the file at `path`, or nil when it has no PNG header.
    package static func dimensions(_ path: String) -> (width: Int, height: Int)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 24)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 24, 0) }
        guard count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// The most bytes a PNG of `width` × `height` pixels can take.
    package static func maximumBytes(width: Int, height: Int) -> Int {
        let (raw, overflow) = height.multipliedReportingOverflow(by: width &* 8 &+ 1)
        guard !overflow, width >= 0, height >= 0, raw < Int.max / 2 else { return Int.max }
        return raw + raw / 1000 + otherChunkBytes
    }

    /// Words for a PNG file larger than its header allows (`is 250 MB, but its header declares
    /// 100×100 px, which a PNG holds in at most 16 MB`); nil when it fits or is no PNG.
    package static func refusal(_ path: String) -> String? {
        guard let size = BoundedFile.size(path), size > otherChunkBytes, let (width, height) = dimensions(path) else { return nil }
        let most = maximumBytes(width: width, height: height)
        guard size > most else { return nil }
        return "is \(Budgets.bytesText(size)), but its header declares \(width)x\(height) px, which a PNG holds in at most "
            + "\(Budgets.bytesText(most)) (a sparse or padded file?); it was not read"
    }
}
