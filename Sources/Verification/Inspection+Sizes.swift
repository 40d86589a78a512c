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
                  sizeText.utf8.contains(UInt8(ascii: "x")) else { continue }
            let relative = set.path + "/" + name
            guard !sizeReportedByPlan.contains(relative) else { continue }
            let scaleText = image.scaleText
            guard let scale = scaleText.map({ Scale(rawValue: $0) }) ?? .x1 else { continue } // bad scale: reported
            let label = Self.slotLabel(image, points: points)
            guard let expected = points.pixels(at: scale) else {
                let place = locate(key: ContentsKey.size.rawValue, value: sizeText, in: set)
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
        let images = set.images
        // A set whose every named image the plan or the stack checks sized (each of our own sets):
        // no member is left to compare (the grouping cost 0.3 s of verifying 50,000 sets, issue 50).
        if images.allSatisfy({ entry in
            entry.image.filename.map { name in
                let relative = set.path + "/" + name
                return sizeChecked(byPlan: relative) || sizeCheckedByStacks.contains(relative)
            } ?? true
        }) { return }
        // Entries that differ only in scale belong together.
        var groups: [JSONValue: [(scale: Scale, name: String)]] = [:]
        var order: [JSONValue] = []
        for (_, image) in images {
            guard let name = image.filename, exists(name, in: set),
                  format(set.path + "/" + name)?.isVector != true,
                  let scale = image.scale else { continue }
            var key = image.fields
            key[.filename] = nil
            key[.scale] = nil
            let group = JSONValue.object(key)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append((scale, name))
        }
        for group in order {
            let members = (groups[group] ?? []).sorted { $0.scale < $1.scale }
            let sized = members.compactMap { member in
                pixelSize(set.path + "/" + member.name).map { (member.scale, member.name, $0) }
            }
            guard let reference = Self.referenceScale(sized) else { continue }
            for member in sized where member.1 != reference.1 {
                let relative = set.path + "/" + member.1
                guard !sizeChecked(byPlan: relative), !sizeCheckedByStacks.contains(relative) else { continue }
                let actual = member.2
                let factor = Double(member.0.factor) / Double(reference.0.factor)
                let width = Double(reference.2.width) * factor
                let height = Double(reference.2.height) * factor
                // Odd-sized artwork cannot scale to whole pixels: within a pixel of exact is rounding.
                guard !Self.withinRounding(actual, width, height) else { continue }
                // A catalog made elsewhere: a pixel either way is an export's rounding, not a mistake.
                if !isOwn(relative), abs(Double(actual.width) - width) <= 1, abs(Double(actual.height) - height) <= 1 { continue }
                let expected = width == width.rounded() && height == height.rounded()
                    ? "\(Int(width))x\(Int(height)) px" : "\(Self.short(width))x\(Self.short(height)) px, not whole pixels"
                // actool accepts it and the HIG advises against it; our own outputs must be exact.
                add(severity(own: relative), .pixelSize, file: shown(relative), asset: set.path,
                    message: "is \(actual.width)x\(actual.height) px but \(member.0) must be \(Self.ratio(member.0, reference.0)) "
                        + "\(reference.0) \"\(reference.1)\" (\(reference.2)): \(expected)",
                    fix: "export every scale from one master: \(member.0) at \(expected.replacingOccurrences(of: ", not whole pixels", with: "")), "
                        + "or fix the \(reference.0) image")
            }
        }
    }

    /// The scale the others are measured against: the one most members agree with (each within a
    /// pixel of its size × their scale ratio), the lowest scale when no majority says otherwise. So
    /// when @2x and @3x agree and the @1x does not (400 / 600 / 900 px), the @1x is the one blamed.
    static func referenceScale(_ members: [(Scale, String, PixelSize)]) -> (Scale, String, PixelSize)? {
        var best: (count: Int, member: (Scale, String, PixelSize))?
        for candidate in members {
            let agreeing = members.filter { member in
                let factor = Double(member.0.factor) / Double(candidate.0.factor)
                return withinRounding(member.2, Double(candidate.2.width) * factor, Double(candidate.2.height) * factor)
            }.count
            if agreeing > best?.count ?? 0 { best = (agreeing, candidate) }
        }
        return best?.member
    }

    /// Whether `actual` is the exact size or one of the whole-pixel roundings of a fractional one.
    static func withinRounding(_ actual: PixelSize, _ width: Double, _ height: Double) -> Bool {
        func near(_ value: Int, _ exact: Double) -> Bool {
            exact == exact.rounded() ? Double(value) == exact : abs(Double(value) - exact) < 1
        }
        return near(actual.width, width) && near(actual.height, height)
    }

    /// A size with at most two decimals (`25.33`, not `25.333333333333332`).
    static func short(_ value: Double) -> String {
        PointSize.format((value * 100).rounded() / 100)
    }

    /// `3 times`, `1.5 times`, `a third of`, `half`…: `scale` against `reference`.
    static func ratio(_ scale: Scale, _ reference: Scale) -> String {
        let (a, b) = (scale.factor, reference.factor)
        if a % b == 0 { return "\(a / b) times" }
        if b % a == 0 { return b / a == 2 ? "half" : b / a == 3 ? "a third of" : "1/\(b / a) of" }
        return a > b ? "\(PointSize.format(Double(a) / Double(b))) times" : "\(a)/\(b) of"
    }
}
