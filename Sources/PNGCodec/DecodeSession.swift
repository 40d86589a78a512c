import AssetCore
internal import CPNGShim

/// Owns a shim decoder between reading the header and reading the pixels, so the size can be
/// checked before any pixel memory is allocated. The PNG bytes given to `init` must stay alive
/// and unchanged until the session is finished or destroyed; `PNGCodec.decode` keeps the whole
/// session inside one `withUnsafeBytes`.
struct DecodeSession: ~Copyable {
    private let handle: OpaquePointer
    /// The size declared by IHDR.
    let size: PixelSize

    /// Reads the signature and the chunks up to the first IDAT. Throws before the session exists.
    init(bytes: UnsafeRawBufferPointer) throws(PNGError) {
        var message = ShimMessage()
        var decoder: OpaquePointer?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = message.withBuffer { text, capacity in
            pngshim_begin_decode(bytes.baseAddress, bytes.count, &decoder, &width, &height, text, capacity)
        }
        if let error = message.error(for: status) { throw error }
        guard let decoder else { throw .internalError("pngshim_begin_decode returned no decoder") }
        handle = decoder
        size = PixelSize(width: Int(width), height: Int(height))
    }

    /// Decodes the pixels as straight sRGB RGBA8 and ends the session.
    consuming func finish() throws(PNGError) -> Bitmap {
        let handle = self.handle
        let size = self.size
        discard self // pngshim_finish_decode frees the decoder, whatever happens
        let (count, overflow) = size.width.multipliedReportingOverflow(by: size.height * 4)
        guard !overflow, size.width > 0, size.height > 0 else {
            pngshim_free_decoder(handle)
            throw .internalError("cannot hold \(size) in memory")
        }
        var message = ShimMessage()
        var status = PNGSHIM_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = message.withBuffer { text, capacity in
                pngshim_finish_decode(handle, buffer.baseAddress, count, text, capacity)
            }
            initialized = status == PNGSHIM_OK ? count : 0
        }
        if let error = message.error(for: status) { throw error }
        return Bitmap(width: size.width, height: size.height, pixels: pixels)
    }

    deinit {
        pngshim_free_decoder(handle)
    }
}
