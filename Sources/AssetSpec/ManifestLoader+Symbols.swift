import AssetCore
import Foundation

/// Reading of `kind: symbol` and of `symbol:` / `weights:` on bar glyphs and tab icons.
extension ManifestLoader {
    static let symbolKeys = ["name", "kind", "adopt", "source", "weights"]
    package static let weightKeys = SymbolWeights.Key.allCases.map(\.rawValue)

    static func readSymbol(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        reader.rejectUnknownKeys(allowed: symbolKeys)
        let source = reader.sourceFile("source", relativeTo: directory, required: true)
        let weights = readWeights(reader, sink: sink)
        guard let source, let weights else { return nil }
        guard svgOnly(source, reader, sink: sink) else { return nil }
        return .symbol(SymbolSpec(source: source, weights: weights))
    }

    /// `symbol: true` (with optional `weights:`) on a bar glyph or tab icon, or nil.
    static func readSymbolOption(_ reader: MappingReader, source: SourceFile?, sink: DiagnosticSink) -> SymbolWeights? {
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

    /// `weights: {ultralight, black}` (both optional), each a ratio of the drawn width (`0.5`) or
    /// a width in the SVG's user units (`0.75px`); defaults when left out, nil when wrong.
    static func readWeights(_ reader: MappingReader, sink: DiagnosticSink) -> SymbolWeights? {
        guard reader.value("weights") != nil else { return SymbolWeights() }
        guard let inner = reader.mapping("weights") else { return nil }
        inner.rejectUnknownKeys(allowed: weightKeys)
        var weights = SymbolWeights()
        var ok = true
        for key in SymbolWeights.Key.allCases where inner.value(key.rawValue) != nil {
            guard let weight = weight(key.rawValue, inner, range: key.range, sink: sink) else {
                ok = false
                continue
            }
            switch (key, weight) {
            case (.ultralight, .ratio(let value)): weights.ultralight = value
            case (.ultralight, .width(let value)): weights.ultralightWidth = value
            case (_, .ratio(let value)): weights.black = value
            case (_, .width(let value)): weights.blackWidth = value
            }
        }
        if ok, let thin = weights.ultralightWidth, let wide = weights.blackWidth, thin >= wide {
            sink.error("\"ultralight\" in \(inner.context) is \(format(thin))px, not thinner than \"black\" (\(format(wide))px): "
                       + "Ultralight is drawn thinner than the drawing's own width (Regular) and Black wider",
                       at: inner.place(SymbolWeights.Key.ultralight.rawValue), fix: "give \"ultralight\" the smaller width, such as 0.75px, and \"black\" the larger, such as 3px")
            ok = false
        }
        return ok ? weights : nil
    }

    enum Weight {
        case ratio(Double)
        case width(Double)
    }

    /// One weight: a width when it ends in `px` (above 0), otherwise a ratio within `range`.
    private static func weight(_ key: String, _ reader: MappingReader, range: ClosedRange<Double>, sink: DiagnosticSink) -> Weight? {
        guard let text = reader.string(key) else { return nil }
        let written = text.value.trimmingCharacters(in: .whitespaces)
        guard written.hasSuffix("px") else {
            return number(key, reader, sink: sink, range: range, unit: "times the drawn width").map { .ratio($0) }
        }
        guard let value = Double(written.dropLast(2).trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0 else {
            sink.error("\"\(key)\" in \(reader.context) is \"\(text.value)\", not a stroke width above 0 px", at: reader.place(key),
                       fix: "write a width in the SVG's user units such as 0.75px, or a ratio of the drawn width such as \(SymbolWeights.defaultUltralight)")
            return nil
        }
        guard value <= SymbolWeights.maximumWidth else {
            sink.error("\"\(key)\" in \(reader.context) is \(format(value))px, wider than \(format(SymbolWeights.maximumWidth))px: "
                       + "a symbol's strokes are a few units wide on a canvas of at most \(format(SymbolWeights.maximumWidth)) units",
                       at: reader.place(key), fix: "write a width in the SVG's user units such as 3px, or a ratio of the drawn width such as \(SymbolWeights.defaultBlack)")
            return nil
        }
        return .width(value)
    }

    /// A symbol is drawn from an SVG: its strokes are what the weights change.
    private static func svgOnly(_ source: SourceFile, _ reader: MappingReader, sink: DiagnosticSink) -> Bool {
        guard !source.written.lowercased().hasSuffix(".svg") else { return true }
        sink.error("the symbol of \(reader.context) is drawn from \"\(source.written)\", which is not an SVG", at: reader.value("source") ?? reader.node,
                   fix: "give an SVG source (its strokes become the symbol's weights)")
        return false
    }
}
