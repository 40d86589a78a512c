import AssetCatalog
import AssetCore
import Foundation

/// Pixel sizes derived from the catalog alone: app icons from `size` × `scale`, images from the
/// other scales of the same slot (@2x is 2× and @3x is 3× the @1x). Vectors (PDF, SVG) have no
/// pixel size and take no part in the scale arithmetic.
extension Inspection {
    func checkSizes(_ set: CatalogSet) {
        switch set.kind {
        case .appIcon: checkIconSizes(set)
        case .image: checkImageScales(set)
        case .other: break
        }
    }

    /// `iphone 60pt @3x`, `universal 1024pt (dark)`: the slot as messages name it.
    static func slotLabel(_ image: ContentsImage, points: PointSize) -> String {
        var text = "\(image.idiom ?? "?") \(PointSize.format(points.width))pt"
        if let scale = image.scale { text += " \(scale)" }
        if let value = image.appearanceValue { text += " (\(value))" }
        return text
    }

    private func checkIconSizes(_ set: CatalogSet) {
        for (_, image) in set.images {
            guard let name = image.filename, exists(name, in: set),
                  let sizeText = image.sizeText, let points = PointSize(parsing: sizeText),
                  sizeText.contains("x") else { continue }
            let relative = set.path + "/" + name
            guard !sizeCheckedByPlan.contains(relative) else { continue }
            let scaleText = image.scaleText
            guard let scale = scaleText.map({ Scale(rawValue: $0) }) ?? .x1 else { continue } // bad scale: reported
            let label = Self.slotLabel(image, points: points)
            guard let expected = points.pixels(at: scale) else {
                let place = locate(key: "size", value: sizeText, in: set)
                add(.error, .pixelSize, file: shown(set.path + "/Contents.json"), line: place?.line,
                    column: place?.column, asset: set.path,
                    message: WholePixels.problem("slot \(label) is \(sizeText) pt", at: scale),
                    fix: "use a size Apple lists for this idiom (such as \"83.5x83.5\" at 2x)")
                continue
            }
            guard let actual = pixelSize(relative), actual != expected else { continue }
            add(.error, .pixelSize, file: shown(relative), asset: set.path,
                message: "is \(actual.width)x\(actual.height) px but slot \(label) needs \(expected)",
                fix: "export it at \(expected)")
        }
    }

    private func checkImageScales(_ set: CatalogSet) {
        // Entries that differ only in scale belong together.
        var groups: [JSONValue: [(scale: Scale, name: String)]] = [:]
        var order: [JSONValue] = []
        for (_, image) in set.images {
            guard let name = image.filename, exists(name, in: set),
                  format(set.path + "/" + name)?.isVector != true,
                  let scale = image.scale else { continue }
            var key = image.fields
            key["filename"] = nil
            key["scale"] = nil
            let group = JSONValue.object(key)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append((scale, name))
        }
        for group in order {
            let members = (groups[group] ?? []).sorted { $0.scale < $1.scale }
            guard let base = members.first, let baseSize = pixelSize(set.path + "/" + base.name) else { continue }
            for member in members.dropFirst() {
                let relative = set.path + "/" + member.name
                guard !sizeCheckedByPlan.contains(relative), !sizeCheckedByStacks.contains(relative),
                      let actual = pixelSize(relative) else { continue }
                let factor = Double(member.scale.factor) / Double(base.scale.factor)
                let width = Double(baseSize.width) * factor
                let height = Double(baseSize.height) * factor
                guard Double(actual.width) != width || Double(actual.height) != height else { continue }
                let times = member.scale.factor % base.scale.factor == 0
                    ? "\(member.scale.factor / base.scale.factor) times" : "1.5 times"
                let whole = width == width.rounded() && height == height.rounded()
                let size = whole ? "\(Int(width))x\(Int(height)) px" : "\(PointSize.format(width))x\(PointSize.format(height)) px"
                let expected = whole ? size : size + ", not whole pixels"
                // actool accepts it and the HIG advises against it; our own outputs must be exact.
                add(severity(own: relative), .pixelSize, file: shown(relative), asset: set.path,
                    message: "is \(actual.width)x\(actual.height) px but \(member.scale) must be \(times) "
                        + "\(base.scale) \"\(base.name)\" (\(baseSize)): \(expected)",
                    fix: "export every scale from one master: \(member.scale) at \(size), "
                        + "or fix the \(base.scale) image")
            }
        }
    }
}
