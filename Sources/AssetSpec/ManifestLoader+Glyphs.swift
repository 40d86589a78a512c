import AssetCore
import Foundation
import Yams

/// Reading of the glyph kinds (`bar-glyph`, `tab-icon`, `back-indicator`, `control`) and of the
/// top-level `tab-bar:` section.
extension ManifestLoader {
    static let barGlyphKeys = ["name", "kind", "adopt", "source", "page", "size", "compact-size", "rendering", "scales", "vector",
                               "symbol", "weights"]
    static let tabIconKeys = ["name", "kind", "adopt", "source", "selected-source", "page", "shape", "outline-width", "group",
                              "scales", "vector", "symbol", "weights"]
    static let backIndicatorKeys = ["name", "kind", "adopt", "source", "mask-source", "page", "size", "scales", "vector"]
    static let controlKeys = ["name", "kind", "adopt", "source", "highlighted-source", "selected-source", "disabled-source",
                              "page", "size", "cap-insets", "center", "scales", "vector"]
    package static let tabBarKeys = ["tint", "unselected-tint", "background", "idiom"]
    package static let capInsetKeys = ["top", "left", "bottom", "right"]

    /// One of the glyph kinds, read by its own reader below; nil for another kind or on an error.
    static func readGlyph(_ kind: AssetKindWord, _ reader: MappingReader, directory: String,
                          sink: DiagnosticSink) -> AssetKind? {
        switch kind {
        case .barGlyph: readBarGlyph(reader, directory: directory, sink: sink)
        case .tabIcon: readTabIcon(reader, directory: directory, sink: sink)
        case .backIndicator: readBackIndicator(reader, directory: directory, sink: sink)
        case .control: readControl(reader, directory: directory, sink: sink)
        default: nil
        }
    }

    /// `kind: bar-glyph`: a toolbar or navigation bar glyph.
    private static func readBarGlyph(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        reader.rejectUnknownKeys(allowed: barGlyphKeys)
        let source = reader.sourceFile("source", relativeTo: directory, required: true)
        let size = reader.pointSize("size", limit: .barGlyph)
        let compact = reader.pointSize("compact-size", limit: .barGlyph)
        let rendering = reader.choice("rendering", from: GlyphRendering.allCases.map(\.rawValue))
        let scales = reader.scales("scales")
        let vector = readVectorOptions(reader, sink: sink)
        let symbol = readSymbolOption(reader, source: source, sink: sink)
        guard let source = applyVectorOptions(vector, to: [source], reader, sink: sink)[0] else { return nil }
        var spec = BarGlyphSpec(source: source, size: size, compactSize: compact,
                                rendering: rendering.flatMap { GlyphRendering(rawValue: $0.value) } ?? .template,
                                scales: scales?.value, vector: vector.format?.value)
        spec.symbol = symbol
        return .barGlyph(spec)
    }

    /// `kind: tab-icon`: the outline and filled forms (either may be derived from the other).
    private static func readTabIcon(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        reader.rejectUnknownKeys(allowed: tabIconKeys)
        let source = reader.sourceFile("source", relativeTo: directory)
        let selected = reader.sourceFile("selected-source", relativeTo: directory)
        if reader.value("source") == nil && reader.value("selected-source") == nil {
            sink.error("\(reader.context) is missing the required key \"source\"", at: reader.node,
                       fix: "add `source: …` (the outline, unselected form) or `selected-source: …` (the filled form)")
        }
        let shape = reader.choice("shape", from: TabShape.allCases.map(\.rawValue))
        let width = number("outline-width", reader, sink: sink, range: 0.25...8, unit: "points")
        let group = reader.string("group")
        let scales = reader.scales("scales")
        let vector = readVectorOptions(reader, sink: sink)
        let both = applyVectorOptions(vector, to: [source, selected], reader, sink: sink)
        if vector.format != nil, (source == nil) != (selected == nil) {
            refuseDerived(source == nil ? "a derived outline form" : "a derived filled form", reader, sink: sink,
                          fix: "give both forms, \"source\" (outline) and \"selected-source\" (filled), as SVG or PDF, or remove \"vector\"")
        }
        let symbol = readSymbolOption(reader, source: source, sink: sink)
        guard source != nil || selected != nil else { return nil }
        var spec = TabIconSpec(source: both[0], selectedSource: both[1],
                               shape: shape.flatMap { TabShape(rawValue: $0.value) } ?? .square,
                               outlineWidth: width, group: group, scales: scales?.value, vector: vector.format?.value,
                               location: sink.location(reader.node))
        spec.symbol = symbol
        return .tabIcon(spec)
    }

    /// `kind: back-indicator`: the back chevron and its transition mask.
    private static func readBackIndicator(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        reader.rejectUnknownKeys(allowed: backIndicatorKeys)
        let source = reader.sourceFile("source", relativeTo: directory, required: true)
        let mask = reader.sourceFile("mask-source", relativeTo: directory)
        let size = reader.pointSize("size", limit: .backIndicator)
        let scales = reader.scales("scales")
        let vector = readVectorOptions(reader, sink: sink)
        let both = applyVectorOptions(vector, to: [source, mask], reader, sink: sink)
        if vector.format != nil, source != nil, mask == nil, reader.value("mask-source") == nil {
            refuseDerived("a derived transition mask", reader, sink: sink,
                          fix: "give the mask as \"mask-source\" (SVG or PDF), or remove \"vector\"")
        }
        guard let source = both[0] else { return nil }
        return .backIndicator(BackIndicatorSpec(source: source, maskSource: both[1], size: size, scales: scales?.value,
                                                vector: vector.format?.value))
    }

    /// `kind: control`: a stretchable control image and its state images.
    private static func readControl(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        reader.rejectUnknownKeys(allowed: controlKeys)
        let source = reader.sourceFile("source", relativeTo: directory, required: true)
        var states: [ControlState: SourceFile] = [:]
        for state in [ControlState.highlighted, .selected, .disabled] {
            if let file = reader.sourceFile("\(state.rawValue)-source", relativeTo: directory) {
                states[state] = file
            }
        }
        let size = reader.pointSize("size", required: true, limit: .control)
        let insets = capInsets(reader, sink: sink)
        let center = reader.choice("center", from: ["stretch", "tile"])
        let scales = reader.scales("scales")
        let vector = readVectorOptions(reader, sink: sink)
        let stateOrder = [ControlState.highlighted, .selected, .disabled]
        let all = applyVectorOptions(vector, to: [source] + stateOrder.map { states[$0] }, reader, sink: sink)
        for (index, state) in stateOrder.enumerated() { states[state] = all[index + 1] }
        let missing = stateOrder.filter { reader.value("\($0.rawValue)-source") == nil }
        if vector.format != nil, !missing.isEmpty {
            refuseDerived("derived state images (" + missing.map { "\($0.rawValue)" }.joined(separator: ", ") + ")", reader, sink: sink,
                          fix: "give " + missing.map { "\"\($0.rawValue)-source\"" }.joined(separator: ", ") + " as SVG or PDF, or remove \"vector\"")
        }
        guard let source = all[0], let size else { return nil }
        return .control(ControlSpec(source: source, stateSources: states, size: size.value, capInsets: insets,
                                    center: center?.value ?? "stretch", scales: scales?.value, vector: vector.format?.value))
    }

    /// `tab-bar: { tint, unselected-tint, background, idiom }`, optional.
    static func readTabBar(_ top: MappingReader, sink: DiagnosticSink) -> TabBarSpec? {
        guard let node = top.value("tab-bar"),
              let reader = MappingReader(node, context: "\"tab-bar\"", sink: sink) else { return nil }
        reader.rejectUnknownKeys(allowed: tabBarKeys)
        let idiom = reader.choice("idiom", from: Idiom.tabBar.map(\.rawValue))
        return TabBarSpec(tint: reader.color("tint"), unselectedTint: reader.color("unselected-tint"),
                          background: reader.color("background"), idiom: idiom.flatMap { Idiom(rawValue: $0.value) } ?? .iphone,
                          location: sink.location(node))
    }

    /// `cap-insets: { top, left, bottom, right }` in points, each optional (default 0), none negative.
    static func capInsets(_ reader: MappingReader, sink: DiagnosticSink) -> Located<CapInsets>? {
        guard let node = reader.value("cap-insets") else { return nil }
        guard let inner = MappingReader(node, context: "\"cap-insets\" of \(reader.context)", sink: sink) else {
            return nil
        }
        inner.rejectUnknownKeys(allowed: capInsetKeys)
        var values: [String: Double] = [:]
        var ok = true
        for key in capInsetKeys {
            guard inner.value(key) != nil else { continue }
            if let value = number(key, inner, sink: sink, range: 0...4096, unit: "points") {
                values[key] = value
            } else {
                ok = false
            }
        }
        guard ok else { return nil }
        if values.isEmpty {
            sink.error("\"cap-insets\" of \(reader.context) gives no inset", at: node,
                       fix: "give at least one of top, left, bottom, right in points, e.g. { left: 12, right: 12 }")
            return nil
        }
        return Located(CapInsets(top: values["top"] ?? 0, left: values["left"] ?? 0,
                                 bottom: values["bottom"] ?? 0, right: values["right"] ?? 0),
                       at: sink.location(node))
    }

    /// A number in `range`, or nil (with a diagnostic when present but wrong).
    static func number(_ key: String, _ reader: MappingReader, sink: DiagnosticSink,
                       range: ClosedRange<Double>, unit: String) -> Double? {
        guard let text = reader.string(key) else { return nil }
        guard let value = Double(text.value), value.isFinite, range.contains(value) else {
            sink.error("\"\(key)\" in \(reader.context) is \"\(text.value)\", not a number of \(unit) from "
                       + "\(format(range.lowerBound)) to \(format(range.upperBound))", at: reader.place(key),
                       fix: "write a plain number such as 1.5")
            return nil
        }
        return value
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
