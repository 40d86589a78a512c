import AssetCore
internal import CPNGShim

extension PNGInfo {
    /// Converts the shim's plain C facts. Throws `.corrupt` for values libpng should already have
    /// refused (an unknown colour type), rather than trusting them.
    init(_ facts: pngshim_info) throws(PNGError) {
        guard let colorType = ColorType(rawValue: Int(facts.color_type)) else {
            throw .corrupt("invalid colour type \(facts.color_type) in IHDR")
        }
        var name: String?
        if facts.has_iccp != 0 {
            name = withUnsafeBytes(of: facts.iccp_name) { raw in
                // Latin-1: each byte is the Unicode scalar with the same number.
                String(String.UnicodeScalarView(raw.prefix { $0 != 0 }.map { Unicode.Scalar($0) }))
            }
        }
        self.init(size: PixelSize(width: Int(facts.width), height: Int(facts.height)),
                  bitDepth: Int(facts.bit_depth),
                  colorType: colorType,
                  isInterlaced: facts.interlace_method != 0,
                  hasTRNS: facts.has_trns != 0,
                  hasSRGB: facts.has_srgb != 0,
                  sRGBIntent: facts.has_srgb != 0 ? RenderingIntent(rawValue: Int(facts.srgb_intent)) : nil,
                  gamma: facts.has_gama != 0 ? facts.gama : nil,
                  hasCHRM: facts.has_chrm != 0,
                  iccProfileName: name,
                  paletteEntries: Int(facts.palette_entries))
    }
}
