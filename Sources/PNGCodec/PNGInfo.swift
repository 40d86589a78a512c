import AssetCore

/// What a PNG file says about itself: the IHDR fields and the colour chunks before the first IDAT,
/// exactly as stored (an sRGB chunk does not make a gAMA appear). Read by `PNGCodec.info(_:)`
/// without decompressing any pixel data, so it says nothing about whether the pixels are intact
/// (decode for that) or whether they are all opaque (`Bitmap.isOpaque` on the decoded pixels).
package struct PNGInfo: Sendable, Hashable {
    /// The IHDR colour type, with PNG's numbers as raw values.
    package enum ColorType: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case grayscale = 0
        case rgb = 2
        case palette = 3
        case grayscaleAlpha = 4
        case rgba = 6

        /// True for the two types with an alpha channel (4 and 6). A tRNS chunk is separate.
        package var hasAlphaChannel: Bool { self == .grayscaleAlpha || self == .rgba }

        /// `colour type 2 (RGB)`, as messages name it.
        package var description: String {
            let name = switch self {
            case .grayscale: "greyscale"
            case .rgb: "RGB"
            case .palette: "palette"
            case .grayscaleAlpha: "greyscale with alpha"
            case .rgba: "RGBA"
            }
            return "colour type \(rawValue) (\(name))"
        }
    }

    /// The rendering intent of an sRGB chunk, with PNG's numbers as raw values.
    package enum RenderingIntent: Int, Sendable, Hashable, CaseIterable {
        case perceptual = 0
        case relativeColorimetric = 1
        case saturation = 2
        case absoluteColorimetric = 3
    }

    /// Width and height from IHDR, in pixels.
    package var size: PixelSize
    /// Bits per sample from IHDR: 1, 2, 4, 8 or 16.
    package var bitDepth: Int
    /// The IHDR colour type: 2 (RGB) and no tRNS is what the App Store wants for the marketing icon.
    package var colorType: ColorType
    /// True for Adam7 interlacing.
    package var isInterlaced: Bool
    /// True when a tRNS chunk is present (simple transparency for colour types 0, 2 and 3).
    package var hasTRNS: Bool
    /// True when an sRGB chunk is present, even a malformed one.
    package var hasSRGB: Bool
    /// The intent of the sRGB chunk; nil when there is none or its intent byte is invalid.
    package var sRGBIntent: RenderingIntent?
    /// The gAMA value as stored: gamma × 100000 (45455 for 1/2.2, 100000 for linear data);
    /// nil without a gAMA chunk, 0 when the chunk is malformed.
    package var gamma: UInt32?
    /// True when a cHRM chunk is present.
    package var hasCHRM: Bool
    /// The name of the embedded ICC profile (iCCP chunk, Latin-1), nil without one. The profile
    /// itself is never applied: Assetsmith does no colour management.
    package var iccProfileName: String?
    /// Entries in the PLTE chunk, 0 without one.
    package var paletteEntries: Int

    /// Every fact at once; the chunk facts default to "absent". For tests and for callers that
    /// describe an expected file.
    package init(size: PixelSize, bitDepth: Int, colorType: ColorType, isInterlaced: Bool = false,
                 hasTRNS: Bool = false, hasSRGB: Bool = false, sRGBIntent: RenderingIntent? = nil,
                 gamma: UInt32? = nil, hasCHRM: Bool = false, iccProfileName: String? = nil,
                 paletteEntries: Int = 0) {
        self.size = size
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = isInterlaced
        self.hasTRNS = hasTRNS
        self.hasSRGB = hasSRGB
        self.sRGBIntent = sRGBIntent
        self.gamma = gamma
        self.hasCHRM = hasCHRM
        self.iccProfileName = iccProfileName
        self.paletteEntries = paletteEntries
    }

    /// True for colour types 4 and 6. The App Store marketing icon needs false here and no tRNS.
    package var hasAlphaChannel: Bool { colorType.hasAlphaChannel }

    /// True when the file can describe a transparent pixel at all: an alpha channel or a tRNS
    /// chunk. Whether any pixel actually is transparent needs the decoded pixels.
    package var canBeTransparent: Bool { hasAlphaChannel || hasTRNS }

    /// True when an iCCP chunk is present.
    package var hasICCP: Bool { iccProfileName != nil }

    /// The gAMA value as a number (0.45455 for 1/2.2), nil without a well-formed gAMA chunk.
    package var gammaValue: Double? {
        guard let gamma, gamma > 0 else { return nil }
        return Double(gamma) / 100_000
    }
}
