import AssetCore
import AssetSpec

/// Tab bar icons (`kind: tab-icon`): a pair of template imagesets, `<Name>` (unselected, the
/// outline form) and `<Name>.selected` (selected, the filled form), each with the regular and
/// compact box of the shape at every scale. A form not given is derived from the other:
/// filled from outline by filling what the outline encloses and keeping its inner strokes as
/// knockouts, outline from filled by an inner stroke of `outline-width` that turns thin
/// knockouts into strokes (`GlyphTreatment.Form`). Without `outline-width` the stroke is measured
/// from the filled drawing (`GlyphTreatment.OutlineWidth.drawing`), the table's line weight for
/// the size only when the drawing has no detail to measure.
enum TabIconPlanner {
    /// Suffix of the selected imageset: `Home` → `Home.selected`.
    static let selectedSuffix = SetNaming.selected

    static func plan(_ asset: AssetEntry, _ spec: TabIconSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        guard let glyphs = GlyphPlanner.requirements(asset, table: table, part: &part) else { return part }
        guard let box = glyphs.tabIcon.boxes[spec.shape.rawValue] else {
            part.diagnostics.append(.error(
                "requirement table \"\(table.name)\" has no tab bar box for shape \"\(spec.shape.rawValue)\"",
                at: .source(asset.location), fix: "use shape " + glyphs.tabIcon.boxes.keys.sorted().joined(separator: ", ")))
            return part
        }
        // The box is square; `wide` and `tall` constrain one side and the glyph is fitted by it
        // (a wide glyph fills the width, a tall one the height), centred in the square.
        var sizes: [(GlyphPlanner.SizeClass, PointSize, Double)] = [
            (.regular, PointSize(square: box.regular), spec.outlineWidth ?? glyphs.lineWeight.regular),
        ]
        if let compact = box.compact {
            sizes.append((.compact, PointSize(square: compact), spec.outlineWidth ?? glyphs.lineWeight.compact))
        }
        let scales = GlyphPlanner.scales(spec.scales, vector: spec.vector, table: table)
        let unselectedName = asset.name
        let selectedName = asset.name + selectedSuffix
        for (setName, wantFilled) in [(unselectedName, false), (selectedName, true)] {
            let given = wantFilled ? spec.selectedSource : spec.source
            guard let source = given ?? (wantFilled ? spec.source : spec.selectedSource) else { continue }
            var images: [ContentsImage] = []
            if let format = spec.vector, given != nil {
                images += GlyphPlanner.vectorEntries(asset, setName: setName, source: source,
                                                     sizes: sizes.map { ($0.0, $0.1) }, format: format,
                                                     effect: .glyph(GlyphTreatment(form: .drawn, snap: false)), part: &part)
            }
            for (sizeClass, size, weight) in sizes {
                let treatment: GlyphTreatment
                if given != nil {
                    treatment = GlyphTreatment(form: .drawn)
                } else if wantFilled {
                    treatment = GlyphTreatment(form: .filled)
                } else {
                    // Per scale below: the width is in output pixels.
                    treatment = GlyphTreatment(form: .outline, outlineWidth: weight,
                                               outlineWidthFrom: spec.outlineWidth == nil ? .drawing : .manifest)
                }
                for scale in scales {
                    var scaled = treatment
                    if let width = treatment.outlineWidth { scaled.outlineWidth = width * Double(scale.factor) }
                    images += GlyphPlanner.imageset(asset, setName: setName, source: source, sizes: [(sizeClass, size)],
                                                    scales: [scale], effect: .glyph(scaled), part: &part)
                }
            }
            part.entries.append(CatalogEntry(asset: asset.name, folder: FolderKind.imageSet.folder(setName),
                                             contents: GlyphPlanner.contents(images, template: true, vector: spec.vector != nil)))
        }
        return part
    }
}
