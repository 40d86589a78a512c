import AssetCore
import AssetSpec

/// Custom symbols: `kind: symbol` gives `<Name>.symbolset`, `symbol: true` on a bar glyph or tab
/// icon gives `<Name>.symbol.symbolset` beside its image sets (one catalog cannot hold an image
/// and a symbol of the same name), and a tab icon with an SVG `selected-source:` its filled twin
/// `<Name>.symbol.fill.symbolset`. Each set holds one template SVG (`SymbolWeights`) and a
/// Contents.json naming it, with the template rendering intent.
enum SymbolPlanner {
    /// The suffix of a glyph's symbol set name: `Home` → `Home.symbol`.
    static let glyphSuffix = SetNaming.symbol
    /// The suffix of a tab icon's filled twin: `Home.symbol` → `Home.symbol.fill` (from its
    /// `selected-source:` SVG; a derived filled form is pixels, not paths, and makes no twin).
    static let fillSuffix = SetNaming.fill
    /// The template canvas, in template units (the job's nominal size).
    static let canvas = PixelSize(width: 3300, height: 2200)

    static func plan(_ asset: AssetEntry, _ spec: SymbolSpec) -> AssetPlanPart {
        var part = AssetPlanPart()
        add(asset, setName: asset.name, source: spec.source, weights: spec.weights, to: &part)
        return part
    }

    /// The symbol set `setName.symbolset` drawn from `source`, added to `part`.
    static func add(_ asset: AssetEntry, setName: String, source: SourceFile, weights: SymbolWeights,
                    to part: inout AssetPlanPart) {
        let folder = FolderKind.symbolSet.folder(setName)
        let file = setName + ".svg"
        var job = RenderJob(output: folder + "/" + file, asset: asset.name, slot: "symbol template", scale: .x1,
                            source: Planner.sourceRef(source), pixelSize: canvas, fit: .contain, background: nil,
                            channels: .rgba, origin: source.location)
        job.symbol = weights
        part.jobs.append(job)
        part.entries.append(CatalogEntry(asset: asset.name, folder: folder, contents: contents(file)))
    }

    /// The warning for a tab icon's symbol without a `.fill` twin: its selected form is derived
    /// (Rendering's morphology works on pixels, and a symbol needs paths) or drawn in a file that
    /// is not an SVG.
    static func noFillTwin(_ asset: AssetEntry, selected: SourceFile?) -> Diagnostic {
        let twin = "\"\(asset.name)\(glyphSuffix)\(fillSuffix)\""
        let why = selected.map { "its selected-source \"\($0.written)\" is not an SVG" }
            ?? "its selected (filled) form is derived from the outline as pixels, and a symbol is made of paths"
        return .warning("the symbol of tab icon \"\(asset.name)\" gets no filled twin \(twin): \(why); the selected tab will show the outline symbol",
                        at: .source(asset.location),
                        fix: "add `selected-source:` with the filled form as SVG (as Apple pairs `house` and `house.fill`), or use the image set \"\(asset.name).selected\" for the selected state")
    }

    /// `{ info, properties: { symbol-rendering-intent: template }, symbols: [{ filename, idiom: universal }] }`
    static func contents(_ file: String) -> JSONValue {
        .object([ContentsFormat.info: CatalogEntry.info,
                 ContentsFormat.properties: .object(["symbol-rendering-intent": .string("template")]),
                 "symbols": .array([.object([ContentsKey.filename.rawValue: .string(file),
                                             ContentsKey.idiom.rawValue: .string(Idiom.universal.rawValue)])])])
    }
}
