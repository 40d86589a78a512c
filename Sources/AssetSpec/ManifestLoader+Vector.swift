import AssetCore
import Foundation
import Yams

/// `vector:` and `page:`, shared by `image`, `bar-glyph`, `tab-icon`, `back-indicator` and `control`.
///
/// A vector output is the source drawn by Cairo onto a PDF page or an SVG document, so every file
/// it is drawn from must be an SVG or a PDF, and no form that exists only as pixels can be asked
/// for: a derived tab form (filled or outline), a derived back indicator mask, a derived control
/// state (darkened or faded) and a flattening `background` are refused here with the fix.
extension ManifestLoader {
    /// What `vector:` and `page:` of one asset say.
    struct VectorOptions {
        var format: Located<VectorFormat>?
        var page: Located<Int>?
    }

    static func readVectorOptions(_ reader: MappingReader, sink: DiagnosticSink) -> VectorOptions {
        let format = reader.choice("vector", from: VectorFormat.allCases.map(\.rawValue))
        var page: Located<Int>?
        if let text = reader.string("page") {
            if let number = Int(text.value), (1...100_000).contains(number) {
                page = Located(number, at: text.location)
            } else {
                sink.error("\"page\" in \(reader.context) is \"\(text.value)\", not a page number", at: reader.place("page"),
                           fix: "write the PDF page to draw as a whole number from 1 (the first page)")
            }
        }
        return VectorOptions(format: format.flatMap { f in VectorFormat(rawValue: f.value).map { Located($0, at: f.location) } },
                             page: page)
    }

    /// The asset's sources with `page:` applied to the PDFs; errors for a `page:` without a PDF
    /// and for a `vector:` drawn from a PNG.
    static func applyVectorOptions(_ options: VectorOptions, to sources: [SourceFile?], _ reader: MappingReader,
                                   sink: DiagnosticSink) -> [SourceFile?] {
        let given = sources.compactMap { $0 }
        if options.page != nil, !given.isEmpty, !given.contains(where: \.isPDF) {
            sink.error("\"page\" in \(reader.context) is for PDF sources, and this asset has none", at: reader.place("page"),
                       fix: "remove \"page\", or use a PDF source")
        }
        if options.format != nil {
            for bitmap in given where !bitmap.isVector {
                sink.error("\"vector\" in \(reader.context) needs SVG or PDF sources, but \"\(bitmap.written)\" is a PNG",
                           at: reader.place("vector"),
                           fix: "use an SVG or PDF source, or remove \"vector\" to write PNGs")
            }
        }
        return sources.map { file in
            guard var file, file.isPDF, let page = options.page else { return file }
            file.page = page.value
            return file
        }
    }

    /// An error at `vector:` for a form that Assetsmith can only make as pixels.
    static func refuseDerived(_ what: String, _ reader: MappingReader, sink: DiagnosticSink, fix: String) {
        sink.error("\"vector\" in \(reader.context) cannot be used with \(what): that form is derived from pixels, and a vector file cannot hold it",
                   at: reader.place("vector"), fix: fix)
    }
}
