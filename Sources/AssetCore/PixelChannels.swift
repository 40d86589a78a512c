/// Which channels an output PNG carries.
package enum PixelChannels: String, Hashable, Sendable, Codable {
    /// PNG colour type 2: no alpha channel and no tRNS. The App Store requires it for the
    /// marketing icon (ITMS-90717); the bitmap must be opaque before it is encoded this way.
    case rgb
    /// PNG colour type 6: straight alpha.
    case rgba
}
