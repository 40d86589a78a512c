import AssetCatalog
import AssetCore
import Foundation
import PNGCodec
import Rendering

/// An Icon Composer `.icon` bundle drawn as a flat **approximation** for the preview sheet: the
/// layers composited on the fill in their order (icon.json lists the top layer first), placed by
/// `scale` and `translation-in-points` on the 1024 pt canvas, layer `opacity` and solid `fill`
/// applied, in the light, dark and tinted appearances (tinted: the dark rendition in greyscale).
/// No glass, specular highlight, shadow, translucency or blur: only Icon Composer and Xcode
/// render those. Read from the files, like the rest of the preview.
package struct PreviewIcon: Sendable {
    /// icon.json's keys, as the planner writes them and verify reads them.
    typealias Format = IconComposerFormat

    /// `AppIcon` (no extension).
    package var name: String
    /// Light, dark and tinted renditions, `side` px square, unmasked.
    package var renditions: [(appearance: String, bitmap: Bitmap)]
    /// What could not be drawn (a missing or unreadable layer), for the sheet.
    package var problems: [String]

    /// The icon canvas, in points.
    static let canvasPoints = 1024.0

    /// Reads and draws the bundle at `path`; nil when it has no readable icon.json.
    package static func read(at path: String, side: Int = 400) -> PreviewIcon? {
        let name = (PathText.lastComponent(path) as NSString).deletingPathExtension
        let document: JSONValue
        switch ContainedFile.read(under: path, relative: IconComposerFormat.documentName, limit: Budgets.standard.contentsBytes) {
        case .success(let data):
            guard case .success(let parsed) = ContentsReader.parse(data) else { return nil }
            document = parsed
        case .failure(.file(.unreadable)):
            return nil
        case .failure(let failure):
            return PreviewIcon(name: name, renditions: [], problems: ["icon.json " + failure.words(for: "an icon.json", in: ".icon bundle")])
        }
        if let problem = IconDocumentRanges.problem(in: document) {
            return PreviewIcon(name: name, renditions: [], problems: [problem + "; not drawn"])
        }
        var problems: [String] = []
        var renditions: [(String, Bitmap)] = []
        for appearance in IconComposerFormat.Appearance.allCases {
            do {
                var bitmap = try draw(document, assets: path + "/" + IconComposerFormat.assetsFolder, appearance: appearance,
                                      side: side, problems: &problems)
                if appearance == .tinted { bitmap = greyscale(bitmap) }
                renditions.append((appearance.rawValue, bitmap))
            } catch {
                problems.append("cannot draw the \(appearance) appearance: \(error)")
            }
        }
        return PreviewIcon(name: name, renditions: renditions, problems: Array(Set(problems)).sorted())
    }

    /// The value of `key` for `appearance`: its specialisation, else the default entry, else the plain key.
    static func value<Typed: RawRepresentable>(_ typedKey: Typed, in object: JSONValue,
                                               appearance: IconComposerFormat.Appearance) -> JSONValue? where Typed.RawValue == String {
        typealias Key = IconComposerFormat.SpecializationKey
        let key = typedKey.rawValue
        if let plain = object[key] { return plain }
        let entries = object[key + IconComposerFormat.specializationSuffix]?.arrayValue ?? []
        let lookup: [IconComposerFormat.Appearance] = appearance == .tinted ? [.tinted, .dark] : [appearance]
        for wanted in lookup {
            if let entry = entries.first(where: { $0[Key.appearance.rawValue]?.stringValue == wanted.rawValue }) {
                return entry[Key.value.rawValue]
            }
        }
        return entries.first { $0[Key.appearance.rawValue] == nil && $0[Key.idiom.rawValue] == nil }?[Key.value.rawValue]
    }

    static func draw(_ document: JSONValue, assets: String, appearance: IconComposerFormat.Appearance, side: Int,
                     problems: inout [String]) throws(RenderError) -> Bitmap {
        let canvas = try SheetCanvas(size: PixelSize(width: side, height: side), background: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        let dark = appearance != .light
        let size = Double(side)
        // The fill.
        let fill = value(Format.TopKey.fill, in: document, appearance: appearance)
        switch fill {
        case .string(IconComposerFormat.FillWord.none.rawValue)?:
            break
        case .object(let kinds)?:
            if let solid = kinds[IconComposerFormat.FillKind.solid.rawValue]?.stringValue.flatMap(color) {
                canvas.fill(x: 0, y: 0, width: size, height: size, solid)
            } else if let stops = kinds[IconComposerFormat.FillKind.linearGradient.rawValue]?.arrayValue?.compactMap({ $0.stringValue.flatMap(color) }), stops.count == 2 {
                canvas.fillGradient(x: 0, y: 0, width: size, height: size, top: stops[0], bottom: stops[1])
            } else if let base = kinds[IconComposerFormat.FillKind.automaticGradient.rawValue]?.stringValue.flatMap(color) {
                canvas.fillGradient(x: 0, y: 0, width: size, height: size, top: lighter(base), bottom: base)
            }
        default:
            // automatic, system-light, system-dark, or none given: the system's plain backgrounds.
            let system = dark ? RGBAColor(red: 0x1C, green: 0x1C, blue: 0x1E) : RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7)
            canvas.fillGradient(x: 0, y: 0, width: size, height: size, top: dark ? system : .white, bottom: system)
        }
        // Groups and layers, bottom first.
        let scale = size / canvasPoints
        for group in (document[Format.TopKey.groups.rawValue]?.arrayValue ?? []).reversed() {
            if value(Format.GroupKey.hidden, in: group, appearance: appearance) == .bool(true) { continue }
            let groupPosition = position(value(Format.GroupKey.position, in: group, appearance: appearance))
            let groupOpacity = value(Format.GroupKey.opacity, in: group, appearance: appearance)?.numberValue ?? 1
            for layer in (group[Format.GroupKey.layers.rawValue]?.arrayValue ?? []).reversed() {
                if value(Format.LayerKey.hidden, in: layer, appearance: appearance) == .bool(true) { continue }
                guard let imageName = value(Format.LayerKey.imageName, in: layer, appearance: appearance)?.stringValue else { continue }
                guard !imageName.contains("/"), imageName != "..", imageName != "." else {
                    problems.append("layer \"\(imageName)\" is not a file name in Assets/; not drawn")
                    continue
                }
                let file = assets + "/" + imageName
                guard let image = layerBitmap(file, problems: &problems, scale: scale,
                                              layerScale: groupPosition.scale * position(value(Format.LayerKey.position, in: layer, appearance: appearance)).scale)
                else { continue }
                let layerPosition = position(value(Format.LayerKey.position, in: layer, appearance: appearance))
                let x = (size - Double(image.width)) / 2 + (groupPosition.x + layerPosition.x) * scale
                let y = (size - Double(image.height)) / 2 + (groupPosition.y + layerPosition.y) * scale
                let opacity = (value(Format.LayerKey.opacity, in: layer, appearance: appearance)?.numberValue ?? 1) * groupOpacity
                var tint: RGBAColor?
                if case .object(let kinds)? = value(Format.LayerKey.fill, in: layer, appearance: appearance),
                   let solid = kinds[IconComposerFormat.FillKind.solid.rawValue]?.stringValue.flatMap(color) {
                    tint = solid
                }
                canvas.draw(image, x: Int(x.rounded()), y: Int(y.rounded()), tint: tint, opacity: opacity)
            }
        }
        return try canvas.bitmap()
    }

    /// A layer file drawn at `scale` × its size in points (an SVG's px, a PNG's pixels).
    static func layerBitmap(_ file: String, problems: inout [String], scale: Double, layerScale: Double) -> Bitmap? {
        let name = PathText.lastComponent(file)
        let bundle = ((file as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let bytes: Data
        switch ContainedFile.read(under: bundle, relative: IconComposerFormat.assetsFolder + "/" + name, limit: Budgets.standard.sourceBytes) {
        case .success(let read): bytes = read
        case .failure(.file(.unreadable)):
            problems.append("layer \"\(name)\" is missing")
            return nil
        case .failure(let failure):
            problems.append("layer \"\(name)\" " + failure.words(for: "a layer file", in: ".icon bundle"))
            return nil
        }
        do {
            if name.lowercased().hasSuffix(".svg") {
                let image = try VectorImage(path: file)
                guard let size = drawnSize(image.intrinsicWidth, image.intrinsicHeight, scale * layerScale, name, &problems) else { return nil }
                return try image.bitmap(size: size)
            }
            let info = try PNGCodec.info(bytes)
            guard info.size.width * info.size.height <= Budgets.standard.imagePixels else {
                problems.append("layer \"\(name)\" is \(info.size.width)×\(info.size.height) px, over the budget of \(Budgets.standard.imagePixels) pixels")
                return nil
            }
            guard let drawn = drawnSize(Double(info.size.width), Double(info.size.height), scale * layerScale, name, &problems) else { return nil }
            let decoded = try PNGCodec.decode(bytes)
            let width = drawn.width, height = drawn.height
            let canvas = try SheetCanvas(size: PixelSize(width: width, height: height),
                                         background: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
            canvas.drawThumbnail(decoded, x: 0, y: 0, width: Double(width), height: Double(height))
            return try canvas.bitmap()
        } catch {
            problems.append("layer \"\(name)\" cannot be drawn: \(error)")
            return nil
        }
    }

    /// The size a layer is drawn at, at most `maximumDrawnSide` px a side; nil (with a problem)
    /// beyond it.
    static func drawnSize(_ width: Double, _ height: Double, _ factor: Double, _ name: String,
                          _ problems: inout [String]) -> PixelSize? {
        let w = width * factor, h = height * factor
        guard w.isFinite, h.isFinite, w <= Double(maximumDrawnSide), h <= Double(maximumDrawnSide) else {
            problems.append("layer \"\(name)\" would be drawn larger than \(maximumDrawnSide) px a side; not drawn")
            return nil
        }
        return PixelSize(width: max(1, Int(w.rounded())), height: max(1, Int(h.rounded())))
    }

    /// The largest side a layer is drawn at (the sheet's icons are a few hundred px).
    static let maximumDrawnSide = 4096

    /// `position`: scale and translation in points (y down, as the preview assumes).
    static func position(_ value: JSONValue?) -> (scale: Double, x: Double, y: Double) {
        let offset = value?[Format.PositionKey.translationInPoints.rawValue]?.arrayValue?.compactMap(\.numberValue) ?? []
        return (value?[Format.PositionKey.scale.rawValue]?.numberValue ?? 1, offset.count == 2 ? offset[0] : 0, offset.count == 2 ? offset[1] : 0)
    }

    /// `srgb:0.1,0.2,0.3,1.0` (and the other spaces, drawn as sRGB), `gray:0.5,1`; nil otherwise.
    static func color(_ text: String) -> RGBAColor? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let parts = text[text.index(after: colon)...].split(separator: ",").compactMap { Double($0) }
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        switch parts.count {
        case 4: return RGBAColor(red: byte(parts[0]), green: byte(parts[1]), blue: byte(parts[2]), alpha: byte(parts[3]))
        case 2: return RGBAColor(red: byte(parts[0]), green: byte(parts[0]), blue: byte(parts[0]), alpha: byte(parts[1]))
        default: return nil
        }
    }

    static func lighter(_ color: RGBAColor) -> RGBAColor {
        func up(_ c: UInt8) -> UInt8 {
            let value = Int(c)
            let raised: Int = value + (255 - value) / 3
            return UInt8(Swift.min(255, raised))
        }
        return RGBAColor(red: up(color.red), green: up(color.green), blue: up(color.blue), alpha: color.alpha)
    }

    /// Rec. 709 luminance in every channel, alpha kept.
    static func greyscale(_ bitmap: Bitmap) -> Bitmap {
        var copy = bitmap
        for index in stride(from: 0, to: copy.pixels.count, by: 4) {
            let grey = 0.2126 * Double(copy.pixels[index]) + 0.7152 * Double(copy.pixels[index + 1])
                + 0.0722 * Double(copy.pixels[index + 2])
            let value = UInt8(min(255, grey.rounded()))
            copy.pixels[index] = value
            copy.pixels[index + 1] = value
            copy.pixels[index + 2] = value
        }
        return copy
    }
}
