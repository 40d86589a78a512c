import AssetCatalog
import AssetCore
import Foundation
import ImageProbe
import PNGCodec

/// What the image files say about themselves: a type Xcode reads (by content, as actool does) that
/// agrees with the name, a readable bitmap, an accepted colour space, and the alpha and opacity
/// rules where Apple applies them (the App Store icon of the primary iOS or watchOS app icon).
extension Inspection {
    /// The role an app icon entry plays, which decides what its PNG may contain.
    enum IconRole {
        /// The App Store icon (`ios-marketing`, `watch-marketing`, or the single-size 1024 entry
        /// without appearance).
        case marketing
        case tinted
        case dark
        case other
    }

    static func iconRole(_ image: ContentsImage) -> IconRole {
        switch image.luminosity {
        case .dark?: return .dark
        case .tinted?: return .tinted
        default: break
        }
        let idiom = image.idiom.flatMap(Idiom.init(rawValue:))
        if idiom?.isMarketing == true { return .marketing }
        if image.sizeText == "1024x1024", idiom == .universal { return .marketing }
        return .other
    }

    /// The platform an app icon entry is for, from its `idiom` and `platform`.
    static func iconPlatform(_ image: ContentsImage) -> Platform {
        Platform(idiom: image.idiom, platform: image.platform)
    }

    /// Profile names Xcode and the App Store accept: sRGB, grey (Gray Gamma 2.2…) and Display P3.
    /// A generic name (`ICC Profile`, which Photoshop, Sketch and Figma write whatever the profile)
    /// says nothing about the colour space, so it is accepted too rather than guessed at.
    static func acceptedProfile(_ name: String) -> Bool {
        let lower = name.lowercased().trimmingCharacters(in: .whitespaces)
        if ["", "icc", "icc profile", "embedded profile", "photoshop icc profile"].contains(lower) { return true }
        return ["srgb", "display p3", "displayp3", "gray", "grey"].contains { lower.contains($0) }
    }

    func checkFiles(_ set: CatalogSet) {
        guard set.kind != .other else { return }
        for (_, image) in set.images {
            guard let name = image.filename, exists(name, in: set) else { continue }
            let relative = set.path + "/" + name
            guard let format = checkType(relative, name: name, set: set) else { continue }
            let unreadable: ProbeError?
            if format == .png {
                checkPNG(relative, image: image, set: set)
                unreadable = nil
            } else if format.isVector {
                let result = Result { () throws(ProbeError) in
                    try VectorReader.size(ofFileAt: absolute(relative), format: format)
                }
                if case .failure(let error) = result { unreadable = error } else { unreadable = nil }
            } else if case .failure(let error)? = measured(relative) {
                unreadable = error
            } else {
                unreadable = nil
            }
            // A type this machine has no reader for is not checked further (not a fault of the file).
            if let unreadable, !unreadable.isUnsupported {
                add(.error, .fileType, file: shown(relative), asset: set.path, message: unreadable.description,
                    fix: "export the image again")
            }
        }
    }

    /// The file's type by content, reported when it is none Xcode reads (error) or disagrees with
    /// the extension (a warning: actool reads by content; an error for our own outputs).
    private func checkType(_ relative: String, name: String, set: CatalogSet) -> ImageFormat? {
        let ext = PathText.fileExtension(name).lowercased()
        let file = shown(relative)
        guard let format = format(relative) else {
            checkedFiles.insert(relative)
            if let size = BoundedFile.size(absolute(relative)), size > Budgets.standard.sourceBytes {
                add(.error, ext == "png" ? .notPNG : .fileType, file: file, asset: set.path,
                    message: BoundedFile.Failure.tooLarge(size: size, limit: Budgets.standard.sourceBytes)
                        .words(for: "one image") + "; it was not read",
                    fix: "export it again (a catalog image is rarely over a few megabytes)")
                return nil
            }
            if ext == "png", let refusal = PNGDeclaredSize.refusal(absolute(relative)) {
                add(.error, .notPNG, file: file, asset: set.path, message: refusal,
                    fix: "export it again (a catalog image is rarely over a few megabytes)")
                return nil
            }
            if let reason = unreadable(relative) {
                add(.error, ext == "png" ? .notPNG : .fileType, file: file, asset: set.path,
                    message: "cannot read \(PathText.lastComponent(relative)) (\(reason.lowercased()))",
                    fix: reason == Self.linkReason
                        ? "put the file itself in the set instead of a link (assetsmith build does not follow it, and Xcode may not)"
                        : "check the file's permissions (it must be readable by the user running verify)")
                return nil
            }
            if recordLFSPointer(relative) { return nil }
            let empty = data(relative)?.isEmpty ?? true
            if let other = data(relative).flatMap(Self.imageIOOnlyType) {
                // actool reads images through ImageIO, by content: it ships (issue 25).
                add(isOwn(relative) ? .error : .warning, ext == "png" ? .notPNG : .fileType, file: file, asset: set.path,
                    message: "is a \(other) file named .\(ext); Xcode's image reader takes it by its content, so it "
                        + "ships, but verify cannot check its pixels and other tools go by the name",
                    fix: "export it as PNG")
            } else if ext == "png" {
                add(.error, .notPNG, file: file, asset: set.path,
                    message: empty ? "is empty, not a PNG" : "is not a PNG file (no PNG signature)",
                    fix: "export it as PNG")
            } else {
                add(.error, .fileType, file: file, asset: set.path,
                    message: empty ? "is empty" : "is not an image Xcode reads (no PNG, JPEG, HEIC, WebP, GIF, TIFF, PDF or SVG signature)",
                    fix: "export it as PNG (or PDF or SVG for a vector)")
            }
            return nil
        }
        checkedFiles.insert(relative)
        let named = ImageFormat(fileExtension: ext)
        if named != format {
            let own = isOwn(relative)
            let nameSays = named.map { "not a \($0.name) (whatever its .\(ext) extension says)" }
                ?? "named .\(ext)" + (ext.isEmpty ? "" : ", an extension Xcode does not take for images")
            add(own ? .error : .warning, ext == "png" ? .notPNG : .fileType, file: file, asset: set.path,
                message: "is a \(format.name) file, " + nameSays
                    + (own ? "" : "; actool reads it by its content, so Xcode accepts it, but other tools go by the name"),
                fix: own ? "export it as \(named?.name ?? "PNG")" + (ext == "png" || named != nil ? "" : " and name it .png")
                    : "rename it to .\(format.extensions[0]) (and its \"filename\" in Contents.json), or convert it to "
                    + (named?.name ?? "PNG"))
        }
        return format
    }

    /// The name of an image type ImageIO (so actool) reads but catalogs rarely hold, by its first
    /// bytes: a Photoshop file exported under a `.png` name is common in shipping apps.
    static func imageIOOnlyType(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && Array(bytes.prefix(prefix.count)) == prefix }
        if starts(Array("8BPS".utf8)) { return "Photoshop (PSD)" }
        if starts([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) { return "JPEG 2000" }
        if starts(Array("icns".utf8)) { return "Apple icon (ICNS)" }
        if starts([0x76, 0x2F, 0x31, 0x01]) { return "OpenEXR" }
        if starts([0, 0, 1, 0]) && bytes.count >= 6 && bytes[4] > 0 { return "Windows icon (ICO)" }
        if starts(Array("BM".utf8)) && bytes.count >= 6 { return "BMP" }
        return nil
    }

    private func checkPNG(_ relative: String, image: ContentsImage, set: CatalogSet) {
        guard let result = info(relative) else { return }
        let file = shown(relative)
        let info: PNGInfo
        switch result {
        case .success(let read): info = read
        case .failure(let error):
            add(.error, .notPNG, file: file, asset: set.path, message: "\(error)", fix: "export the image again as PNG")
            return
        }
        // actool converts any RGB profile to the catalog's colour space itself (Apple's own Generic
        // RGB icons ship): a note for one set, once, not a warning per PNG.
        if let profile = info.iccProfileName, !Self.acceptedProfile(profile), notedProfiles.insert(set.path).inserted {
            add(isOwn(relative) ? .warning : .note, .colorSpace, file: file, asset: set.path,
                message: "embeds the colour profile \"\(profile)\"; Xcode may convert it to sRGB or Display P3, "
                    + "so the colours may shift slightly",
                fix: "convert it to sRGB (or Display P3) when exporting if the colours must match exactly")
        }
        guard set.kind == .appIcon else { return }
        checkIconAlpha(relative, info: info, image: image, set: set)
    }

    /// No alpha in the App Store icon and opaque icons: for the primary app icon of iOS and watchOS
    /// (macOS icons are transparent by design; alternate and extension icons are not the App Store
    /// icon). Our own sets get every rule as an error; a catalog made elsewhere gets errors only for
    /// what App Store Connect rejects (transparent pixels in the App Store icon), warnings for the rest.
    private func checkIconAlpha(_ relative: String, info: PNGInfo, image: ContentsImage, set: CatalogSet) {
        let platform = Self.iconPlatform(image)
        let own = isOwn(relative)
        guard platform == .ios || platform == .watchos, own || isAppStoreIcon(set) else { return }
        let role = Self.iconRole(image)
        guard role != .dark else { return }
        let file = shown(relative)
        var transparent = 0
        if info.canBeTransparent, let bitmap = bitmap(relative), !bitmap.isOpaque {
            var i = 3
            while i < bitmap.pixels.count {
                if bitmap.pixels[i] != 255 { transparent += 1 }
                i += 4
            }
        }
        let pixels = "\(transparent) transparent pixel\(transparent == 1 ? "" : "s")"
        if role == .marketing || role == .tinted {
            let what = role == .marketing ? "the App Store icon" : "the tinted icon"
            if own {
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
            } else if role == .tinted {
                return // no App Store rule for the tinted icon; iOS draws it from its luminance
            } else if transparent > 0 {
                add(.error, .transparency, file: file, asset: set.path,
                    message: "has \(pixels); App Store Connect rejects a transparent App Store icon (ITMS-90717)",
                    fix: "flatten the icon onto a background colour")
                return
            } else if info.canBeTransparent {
                add(.warning, .alphaChannel, file: file, asset: set.path,
                    message: (info.hasAlphaChannel ? "has an alpha channel (\(info.colorType))" : "has a tRNS chunk (\(info.colorType))")
                        + " although every pixel is opaque; App Store Connect has rejected such App Store icons "
                        + "(ITMS-90717) while shipping apps carry them",
                    fix: "export it as RGB without alpha (colour type 2) to be safe")
            }
        }
        guard transparent > 0 else { return }
        add(own ? .error : .warning, .transparency, file: file, asset: set.path,
            message: "has \(pixels); app icons must be fully opaque (only the dark appearance may be transparent)",
            fix: "flatten the icon onto a background colour")
    }
}
