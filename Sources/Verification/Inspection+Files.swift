import AssetCatalog
import AssetCore
import Foundation
import PNGCodec

/// What the PNG files say about themselves: really PNG, no alpha where the App Store forbids it,
/// opaque app icons, an accepted colour space.
extension Inspection {
    /// The role an app icon entry plays, which decides what its PNG may contain.
    enum IconRole {
        /// The App Store icon (`ios-marketing`, or the single-size 1024 entry without appearance).
        case marketing
        case tinted
        case dark
        case other
    }

    static func iconRole(_ fields: [String: JSONValue]) -> IconRole {
        let appearance = fields["appearances"]?.arrayValue?.first { $0["appearance"]?.stringValue == "luminosity" }?["value"]?
            .stringValue
        if appearance == "dark" { return .dark }
        if appearance == "tinted" { return .tinted }
        if fields["idiom"]?.stringValue == "ios-marketing" { return .marketing }
        if fields["size"]?.stringValue == "1024x1024", fields["idiom"]?.stringValue == "universal" { return .marketing }
        return .other
    }

    /// Profile names Xcode and the App Store accept: sRGB, grey (Gray Gamma 2.2…) and Display P3.
    static func acceptedProfile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["srgb", "display p3", "displayp3", "gray", "grey"].contains { lower.contains($0) }
    }

    func checkPNGFacts(_ set: CatalogSet) {
        for (_, fields) in set.images {
            guard let name = fields["filename"]?.stringValue, exists(name, in: set) else { continue }
            let relative = set.path + "/" + name
            let ext = (name as NSString).pathExtension.lowercased()
            if set.kind == .image, ["pdf", "svg"].contains(ext) { continue } // vector images
            guard let result = info(relative) else { continue }
            let file = shown(relative)
            let info: PNGInfo
            switch result {
            case .success(let read): info = read
            case .failure(.notPNG):
                let bytes = [UInt8](data(relative)?.prefix(4) ?? Data())
                let other = bytes.starts(with: [0xFF, 0xD8, 0xFF]) ? "JPEG" : bytes.starts(with: [0x47, 0x49, 0x46]) ? "GIF" : nil
                let what = other.map { "is a \($0) file, not a PNG" + (ext == "png" ? " (whatever its .png extension says)" : "") }
                    ?? (bytes.isEmpty ? "is empty, not a PNG" : "is not a PNG file (no PNG signature)")
                add(.error, .notPNG, file: file, asset: set.path,
                    message: what,
                    fix: "export it as PNG" + (ext == "png" ? "" : " and name it .png"))
                continue
            case .failure(let error):
                add(.error, .notPNG, file: file, asset: set.path, message: "\(error)",
                    fix: "export the image again as PNG")
                continue
            }
            if let profile = info.iccProfileName, !Self.acceptedProfile(profile) {
                add(.warning, .colorSpace, file: file, asset: set.path,
                    message: "embeds the colour profile \"\(profile)\"; Xcode expects sRGB, grey or Display P3",
                    fix: "convert it to sRGB (or Display P3) when exporting")
            }
            guard set.kind == .appIcon else { continue }
            let role = Self.iconRole(fields)
            if role == .marketing || role == .tinted {
                let what = role == .marketing ? "the App Store icon" : "the tinted icon"
                if info.hasAlphaChannel {
                    add(.error, .alphaChannel, file: file, asset: set.path,
                        message: "has an alpha channel (\(info.colorType)); \(what) must be colour type 2 (RGB) "
                            + "without alpha, even when every pixel is opaque (ITMS-90717)",
                        fix: "export it as RGB without alpha (flatten it onto a background colour)")
                } else if info.hasTRNS {
                    add(.error, .alphaChannel, file: file, asset: set.path,
                        message: "has a tRNS chunk (transparency for \(info.colorType)); \(what) must have no "
                            + "transparency at all (ITMS-90717)",
                        fix: "export it as RGB without a transparent colour")
                }
            }
            if role != .dark, info.canBeTransparent, let bitmap = bitmap(relative), !bitmap.isOpaque {
                var transparent = 0
                var i = 3
                while i < bitmap.pixels.count {
                    if bitmap.pixels[i] != 255 { transparent += 1 }
                    i += 4
                }
                add(.error, .transparency, file: file, asset: set.path,
                    message: "has \(transparent) transparent pixel\(transparent == 1 ? "" : "s"); app icons must be "
                        + "fully opaque (only the dark appearance may be transparent)",
                    fix: "flatten the icon onto a background colour")
            }
        }
    }
}
