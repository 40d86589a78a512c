import AssetCore
import AssetSpec

/// A custom back button (`kind: back-indicator`): imagesets `<Name>` (the chevron) and
/// `<Name>.mask` (its transition mask, the same size, rule 14), both templates. Without
/// `mask-source` the mask is derived: the chevron plus everything to its right in each row, so
/// a title sliding left disappears behind the chevron.
enum BackIndicatorPlanner {
    static let maskSuffix = SetNaming.mask

    static func plan(_ asset: AssetEntry, _ spec: BackIndicatorSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        guard let glyphs = GlyphPlanner.requirements(asset, table: table, part: &part),
              let size = spec.size?.value ?? PointSize(parsing: glyphs.barGlyph.regular) else { return part }
        GlyphPlanner.checkMaximum(asset, size: spec.size, maximum: glyphs.barGlyph.maximum,
                                  box: glyphs.barGlyph.regular, table: table, part: &part)
        let scales = GlyphPlanner.scales(spec.scales, vector: spec.vector, table: table)
        let maskName = asset.name + maskSuffix
        var chevron: [ContentsImage] = []
        var mask: [ContentsImage] = []
        if let format = spec.vector, let maskSource = spec.maskSource {
            let drawn = Effect.glyph(GlyphTreatment(form: .drawn, snap: false))
            chevron += GlyphPlanner.vectorEntries(asset, setName: asset.name, source: spec.source, sizes: [(.regular, size)],
                                                  format: format, effect: drawn, part: &part)
            mask += GlyphPlanner.vectorEntries(asset, setName: maskName, source: maskSource, sizes: [(.regular, size)],
                                               format: format, effect: drawn, part: &part)
        }
        chevron += GlyphPlanner.imageset(asset, setName: asset.name, source: spec.source, sizes: [(.regular, size)],
                                         scales: scales, effect: .glyph(GlyphTreatment(form: .drawn)), part: &part)
        mask += GlyphPlanner.imageset(asset, setName: maskName, source: spec.maskSource ?? spec.source,
                                      sizes: [(.regular, size)], scales: scales,
                                      effect: .glyph(GlyphTreatment(form: spec.maskSource == nil ? .transitionMask : .drawn)),
                                      part: &part)
        part.entries.append(CatalogEntry(asset: asset.name, folder: FolderKind.imageSet.folder(asset.name),
                                         contents: GlyphPlanner.contents(chevron, template: true, vector: spec.vector != nil)))
        part.entries.append(CatalogEntry(asset: asset.name, folder: FolderKind.imageSet.folder(maskName),
                                         contents: GlyphPlanner.contents(mask, template: true, vector: spec.vector != nil)))
        return part
    }
}
