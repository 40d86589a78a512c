import AssetCore
import AssetSpec

/// Control images (`kind: control`): an imageset per state, `<Name>` (normal),
/// `<Name>.highlighted`, `<Name>.selected` and `<Name>.disabled`, in their own colours. States
/// without a source of their own are derived from the normal image (`derivedTones`). With
/// `cap-insets` every entry carries Xcode's `resizing` block in that file's pixels, and the caps
/// must leave at least one pixel of stretchable centre at every scale.
enum ControlPlanner {
    /// How a state is derived from the normal image: highlighted is darkened by 30 %, selected
    /// by 15 %, disabled keeps its colours at 38 % opacity.
    static let derivedTones: [ControlState: ToneAdjustment] = [
        .highlighted: ToneAdjustment(brightness: 0.7, opacity: 1),
        .selected: ToneAdjustment(brightness: 0.85, opacity: 1),
        .disabled: ToneAdjustment(brightness: 1, opacity: 0.38),
    ]

    static func plan(_ asset: AssetEntry, _ spec: ControlSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        let scales = GlyphPlanner.scales(spec.scales, vector: spec.vector, table: table)
        var resizing: [Scale: JSONValue] = [:]
        if let insets = spec.capInsets {
            // A vector file's resizing block is in points: the @1x one.
            for scale in spec.vector != nil ? Array(Set(scales + [.x1])).sorted() : scales {
                guard let block = resizingBlock(asset, spec, insets, scale: scale, part: &part) else { return part }
                resizing[scale] = block
            }
        }
        for state in ControlState.allCases {
            let setName = state == .normal ? asset.name : asset.name + "." + state.rawValue
            let folder = FolderKind.imageSet.folder(setName)
            let given = state == .normal ? spec.source : spec.stateSources[state]
            let source = given ?? spec.source
            let effect: Effect = given != nil ? .none : derivedTones[state].map { .tone($0) } ?? .none
            var images: [ContentsImage] = []
            if let format = spec.vector {
                let entries = GlyphPlanner.vectorEntries(asset, setName: setName, source: source, sizes: [(.regular, spec.size)],
                                                         format: format, fit: .fill, effect: .none, part: &part)
                for var image in entries {
                    if let block = resizing[.x1] { image.resizing = block }
                    images.append(image)
                }
            }
            for scale in scales {
                guard let pixels = spec.size.pixels(at: scale) else {
                    part.diagnostics.append(.error(
                        WholePixels.problem("control \"\(asset.name)\" is \(spec.size) pt", at: scale),
                        at: .source(asset.location), fix: WholePixels.fix))
                    return part
                }
                let file = setName + scale.fileSuffix + ".png"
                part.jobs.append(RenderJob(
                    output: folder + "/" + file, asset: asset.name, slot: "\(state.rawValue) \(spec.size)pt \(scale)",
                    scale: scale, source: Planner.sourceRef(source), pixelSize: pixels, fit: .fill, background: nil,
                    effect: effect, channels: .rgba, origin: source.location))
                var image = ContentsImage(filename: file, scale: scale)
                image.resizing = resizing[scale]
                images.append(image)
            }
            let properties: [String: JSONValue] = spec.vector != nil ? ["preserves-vector-representation": true] : [:]
            part.entries.append(CatalogEntry(asset: asset.name, folder: folder,
                                             contents: ContentsDocument(images: images, properties: properties).json))
        }
        return part
    }

    /// Xcode's `resizing` block for one scale (pixels of that file), or nil after an error.
    /// Mode: `3-part-horizontal` when only left/right are set, `3-part-vertical` when only
    /// top/bottom are, else `9-part`.
    static func resizingBlock(_ asset: AssetEntry, _ spec: ControlSpec, _ insets: Located<CapInsets>,
                              scale: Scale, part: inout AssetPlanPart) -> JSONValue? {
        let f = Double(scale.factor)
        let caps = insets.value
        guard [caps.top, caps.left, caps.bottom, caps.right].allSatisfy({ WholePixels.isWhole($0, at: scale) }) else {
            part.diagnostics.append(.error(
                "cap insets of control \"\(asset.name)\" are not whole pixels at \(scale)",
                at: .source(insets.location), fix: "use insets in whole points (or halves without @3x)"))
            return nil
        }
        let width = Int((spec.size.width * f).rounded()), height = Int((spec.size.height * f).rounded())
        let top = Int(caps.top * f), left = Int(caps.left * f), bottom = Int(caps.bottom * f), right = Int(caps.right * f)
        let horizontal = left + right > 0, vertical = top + bottom > 0
        if horizontal && left + right >= width {
            part.diagnostics.append(.error(
                "cap insets of control \"\(asset.name)\" leave no stretchable centre at \(scale): left \(left) px + right \(right) px = \(left + right) px of the \(width) px width",
                at: .source(insets.location),
                fix: "make left + right smaller than \(PointSize.format(spec.size.width)) pt, or make the control wider"))
            return nil
        }
        if vertical && top + bottom >= height {
            part.diagnostics.append(.error(
                "cap insets of control \"\(asset.name)\" leave no stretchable centre at \(scale): top \(top) px + bottom \(bottom) px = \(top + bottom) px of the \(height) px height",
                at: .source(insets.location),
                fix: "make top + bottom smaller than \(PointSize.format(spec.size.height)) pt, or make the control taller"))
            return nil
        }
        var capInsets: [String: JSONValue] = [:]
        var center: [String: JSONValue] = ["mode": .string(spec.center)]
        if horizontal {
            capInsets["left"] = .number(Double(left))
            capInsets["right"] = .number(Double(right))
            center["width"] = 1
        }
        if vertical {
            capInsets["top"] = .number(Double(top))
            capInsets["bottom"] = .number(Double(bottom))
            center["height"] = 1
        }
        let mode = horizontal && vertical ? "9-part" : horizontal ? "3-part-horizontal" : "3-part-vertical"
        return ["cap-insets": .object(capInsets), "center": .object(center), "mode": .string(mode)]
    }
}
