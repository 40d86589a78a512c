import AssetCore
import Foundation

/// Reading of `kind: symbol` and of `symbol:` / `weights:` on bar glyphs and tab icons.
extension ManifestLoader {
    static let symbolKeys = ["name", "kind", "adopt", "source", "weights"]
    package static let weightKeys = ["ultralight", "black"]

    static func readSymbol(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        reader.rejectUnknownKeys(allowed: symbolKeys)
        let source = reader.sourceFile("source", relativeTo: directory, required: true)
        let weights = readWeights(reader, sink: sink)
        guard let source, let weights else { return nil }
        guard svgOnly(source, reader, sink: sink) else { return nil }
        return .symbol(SymbolSpec(source: source, weights: weights))
    }

    /// `symbol: true` (with optional `weights:`) on a bar glyph or tab icon, or nil.
    static func readSymbolOption(_ reader: MappingReader, source: SourceFile?, sink: DiagnosticSink) -> SymbolWeightsSpec? {
        let wanted = reader.bool("symbol")
        let weights = readWeights(reader, sink: sink)
        guard wanted?.value == true else {
            if let node = reader.value("weights") {
                sink.error("\"weights\" in \(reader.context) sets the weights of its symbol, which needs `symbol: true`", at: node,
                           fix: "add `symbol: true`, or remove \"weights\"")
            }
            return nil
        }
        guard let source else {
            sink.error("\(reader.context) asks for a symbol (`symbol: true`) but has no \"source\" to draw it from", at: reader.value("symbol") ?? reader.node,
                       fix: "add `source:` (the outline form, as SVG), or remove \"symbol\"")
            return nil
        }
        guard svgOnly(source, reader, sink: sink), let weights else { return nil }
        return weights
    }

    /// `weights: {ultralight, black}` (both optional), defaults when left out, nil when wrong.
    static func readWeights(_ reader: MappingReader, sink: DiagnosticSink) -> SymbolWeightsSpec? {
        guard reader.value("weights") != nil else { return SymbolWeightsSpec() }
        guard let inner = reader.mapping("weights") else { return nil }
        inner.rejectUnknownKeys(allowed: weightKeys)
        var weights = SymbolWeightsSpec()
        var ok = true
        if inner.value("ultralight") != nil {
            if let value = number("ultralight", inner, sink: sink, range: SymbolWeightsSpec.ultralightRange, unit: "times the drawn width") {
                weights.ultralight = value
            } else {
                ok = false
            }
        }
        if inner.value("black") != nil {
            if let value = number("black", inner, sink: sink, range: SymbolWeightsSpec.blackRange, unit: "times the drawn width") {
                weights.black = value
            } else {
                ok = false
            }
        }
        return ok ? weights : nil
    }

    /// A symbol is drawn from an SVG: its strokes are what the weights change.
    private static func svgOnly(_ source: SourceFile, _ reader: MappingReader, sink: DiagnosticSink) -> Bool {
        guard !source.written.lowercased().hasSuffix(".svg") else { return true }
        sink.error("the symbol of \(reader.context) is drawn from \"\(source.written)\", which is not an SVG", at: reader.value("source") ?? reader.node,
                   fix: "give an SVG source (its strokes become the symbol's weights)")
        return false
    }
}
