import AssetCore
import Foundation
internal import CPNGShim

/// PNGCodec: `Bitmap` ↔ PNG bytes through libpng, behind the C shim `CPNGShim` (the only code that
/// meets libpng's setjmp/longjmp). It knows nothing of plans, catalogs or files: bytes in, bytes
/// out, and every failure a typed `PNGError` that keeps libpng's text.
///
/// - Decoding accepts every PNG colour type, bit depth, palette, tRNS and interlace, and always
///   gives straight RGBA8 in sRGB. A gAMA chunk is honoured (the samples are converted to sRGB);
///   16-bit data without gAMA or sRGB is taken as sRGB-encoded. An iCCP profile is *not* applied:
///   there is no colour management, so a Display P3 or Adobe RGB file decodes as if it were sRGB
///   (`info` reports the profile name so a caller can warn). Only the first frame of an APNG is
///   read. A side above `maxSide` is refused after the header, before any pixel memory exists.
/// - Encoding writes 8-bit RGBA (colour type 6) or RGB (colour type 2, alpha dropped, no tRNS),
///   not interlaced, with an sRGB chunk and no time or text chunks: the same bitmap gives the same
///   bytes with the same libpng and zlib. Bytes may differ across zlib versions, so compare
///   decoded pixels, never PNG bytes.
/// - `info` reads the header and the colour chunks as stored, without decompressing pixels.
///
/// All functions are thread-safe and may run concurrently: each call has its own libpng state.
package enum PNGCodec {
    /// The largest side `decode` accepts by default, in pixels. 16384 px is far above any iOS
    /// asset (the marketing icon is 1024 px) and bounds a decode to 1 GiB of RGBA.
    package static let defaultMaxSide = 16384

    /// Decodes PNG bytes to straight sRGB RGBA8.
    ///
    /// - Parameter maxSide: the largest width or height accepted, in pixels; a larger declared
    ///   size throws `.tooLarge` before the pixels are allocated.
    /// - Throws: `.notPNG` without a PNG signature, `.tooLarge`, `.corrupt` for anything libpng
    ///   rejects (truncation, bad CRC, broken zlib data), `.outOfMemory`.
    package static func decode(_ data: Data, maxSide: Int = defaultMaxSide) throws(PNGError) -> Bitmap {
        let result = data.withUnsafeBytes { bytes -> Result<Bitmap, PNGError> in
            Result { () throws(PNGError) -> Bitmap in
                let session = try DecodeSession(bytes: bytes)
                let size = session.size
                guard size.width <= maxSide, size.height <= maxSide else {
                    throw .tooLarge(size, limit: maxSide) // the session's deinit frees the decoder
                }
                return try session.finish()
            }
        }
        return try result.get()
    }

    /// Encodes a bitmap as an 8-bit PNG.
    ///
    /// - Parameter channels: `.rgba` writes colour type 6. `.rgb` writes colour type 2 with no
    ///   tRNS: the alpha byte of every pixel is simply dropped, nothing is composited. The bitmap
    ///   should therefore already be opaque (the caller flattens it onto its background first);
    ///   if it is not, the colour of transparent pixels shows.
    /// - Returns: the whole file, an sRGB chunk (perceptual) included; byte-stable for a given
    ///   libpng and zlib.
    /// - Throws: `.encodeFailed` with libpng's message, `.outOfMemory`.
    package static func encode(_ bitmap: Bitmap, channels: PixelChannels) throws(PNGError) -> Data {
        guard let width = UInt32(exactly: bitmap.width), let height = UInt32(exactly: bitmap.height) else {
            throw .encodeFailed("\(bitmap.size) is beyond PNG's limits")
        }
        var message = ShimMessage()
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            message.withBuffer { text, capacity in
                pngshim_encode_png(pixels.baseAddress, width, height, channels == .rgba ? 1 : 0,
                                   &bytes, &count, text, capacity)
            }
        }
        if let error = message.error(for: status, writing: true) { throw error }
        guard let bytes, count > 0 else { throw .internalError("pngshim_encode_png returned no bytes") }
        // The shim allocated with malloc; Data takes ownership and frees it.
        return Data(bytesNoCopy: bytes, count: count, deallocator: .free)
    }

    /// Whether `data`'s header says its stored rows may be an output's as they are (8 bits a
    /// channel, RGB or RGBA, not interlaced, no tRNS, gAMA or cHRM): `rewrapped` decides for sure.
    package static func storesOutputRows(_ data: Data) -> Bool {
        guard let info = try? info(data) else { return false }
        return info.bitDepth == 8 && (info.colorType == .rgb || info.colorType == .rgba) && !info.isInterlaced
            && !info.hasTRNS && info.gamma == nil && !info.hasCHRM
    }

    /// `data` (a PNG that `decode` accepted) written as `encode` would write its decoded pixels,
    /// without decompressing it, when its stored rows already are those pixels: 8 bits a channel,
    /// not interlaced, colour type 6 for `.rgba` or 2 for `.rgb`, and no tRNS, gAMA or cHRM chunk
    /// (which make a decoder change the samples). The file's image data is kept as it is; the
    /// header, an sRGB chunk and IEND are written around it, and no other chunk is kept. A 1024 px
    /// master for a 1024 px icon is then copied, not compressed again (issue 38). nil when the file
    /// does not qualify: encode its pixels instead.
    /// - Throws: `.encodeFailed` with libpng's message, `.outOfMemory`.
    package static func rewrapped(_ data: Data, channels: PixelChannels) throws(PNGError) -> Data? {
        var message = ShimMessage()
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        let status = data.withUnsafeBytes { raw in
            message.withBuffer { text, capacity in
                pngshim_rewrap_png(raw.baseAddress, raw.count, channels == .rgba ? 1 : 0, &bytes, &count, text, capacity)
            }
        }
        if let error = message.error(for: status, writing: true) { throw error }
        guard let bytes, count > 0 else { return nil }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .free)
    }

    /// Reads what a PNG says about itself (IHDR and the chunks before the first IDAT) without
    /// decompressing pixels. libpng checks the signature, the IHDR values and the CRC of each
    /// chunk read; the image data and anything after it are not checked, so a file can pass here
    /// and still fail `decode`.
    ///
    /// - Throws: `.notPNG`, `.corrupt` (bad IHDR, CRC, truncated header), `.outOfMemory`.
    package static func info(_ data: Data) throws(PNGError) -> PNGInfo {
        var message = ShimMessage()
        var facts = pngshim_info()
        let status = data.withUnsafeBytes { bytes in
            message.withBuffer { text, capacity in
                pngshim_read_info(bytes.baseAddress, bytes.count, &facts, text, capacity)
            }
        }
        if let error = message.error(for: status) { throw error }
        return try PNGInfo(facts)
    }
}
