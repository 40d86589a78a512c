import AssetCore
import AssetSpec

/// Navigation bar and toolbar glyphs (`kind: bar-glyph`): one imageset with the regular size and
/// the compact (landscape, `height-class: compact`) size at each scale, a template by default.
enum BarGlyphPlanner {
    static func plan(_ asset: AssetEntry, _ spec: BarGlyphSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        guard let glyphs = GlyphPlanner.requirements(asset, table: table, part: &part),
              let regular = spec.size?.value ?? PointSize(parsing: glyphs.barGlyph.regular) else { return part }
        GlyphPlanner.checkMaximum(asset, size: spec.size, maximum: glyphs.barGlyph.maximum,
                                  box: glyphs.barGlyph.regular, table: table, part: &part)
        GlyphPlanner.checkMaximum(asset, size: spec.compactSize, maximum: glyphs.barGlyph.maximum,
                                  box: glyphs.barGlyph.compact ?? glyphs.barGlyph.regular, table: table, part: &part)
        var sizes: [(GlyphPlanner.SizeClass, PointSize)] = [(.regular, regular)]
        if let compact = spec.compactSize?.value ?? glyphs.barGlyph.compact.flatMap(PointSize.init(parsing:)) {
            sizes.append((.compact, compact))
        }
        let template = spec.rendering == .template
        var images: [ContentsImage] = []
        if let format = spec.vector {
            images += GlyphPlanner.vectorEntries(asset, setName: asset.name, source: spec.source, sizes: sizes, format: format,
                                                 effect: .glyph(GlyphTreatment(form: .drawn, template: template, snap: false)),
                                                 part: &part)
        }
        images += GlyphPlanner.imageset(asset, setName: asset.name, source: spec.source, sizes: sizes,
                                        scales: GlyphPlanner.scales(spec.scales, vector: spec.vector, table: table),
                                        effect: .glyph(GlyphTreatment(form: .drawn, template: template)),
                                        part: &part)
        part.entries.append(CatalogEntry(asset: asset.name, folder: FolderKind.imageSet.folder(asset.name),
                                         contents: GlyphPlanner.contents(images, template: template, vector: spec.vector != nil)))
        return part
    }
}
