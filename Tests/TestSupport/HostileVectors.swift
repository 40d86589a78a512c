import Foundation

/// Small vector files that are hostile inside: made here, not checked in (each is a few hundred
/// KB at most and takes well under a second to make).
package enum HostileVectors {
    /// A 24x24 px SVG whose one `<image>` is a 20000x20000 px one-colour PNG in a `data:` URI
    /// (about 420 KB of text; decoded, the picture takes 1.6 GB).
    package static func bigPictureSVG() -> String {
        let side: UInt32 = 20000
        let rows = Int(side) * (1 + Int(side + 7) / 8) // 1-bit grey rows, each after its filter byte
        let png = PNGChunks.file([PNGChunks.ihdr(width: side, height: side, bitDepth: 1, colorType: 0),
                                  PNGChunks.Chunk(type: "IDAT", data: ZeroStream.zlib(count: rows)),
                                  PNGChunks.Chunk(type: "IEND", data: [])])
        return """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="24" height="24">\
        <image width="24" height="24" xlink:href="data:image/png;base64,\(png.base64EncodedString())"/></svg>
        """
    }

    /// A 24x24 pt PDF page drawing one 25000x25000 px picture (1-bit grey, 490 KB compressed;
    /// drawn, it takes gigabytes).
    package static func bigPicturePDF() -> Data {
        let side = 25000
        let content = Array("q 24 0 0 24 0 0 cm /Im1 Do Q".utf8)
        return PDFText.file(PDFText.onePage(mediaBox: "[0 0 24 24]", resources: "/XObject << /Im1 5 0 R >>")
            + [PDFText.stream("", content),
               PDFText.stream("/Type /XObject /Subtype /Image /Width \(side) /Height \(side) /ColorSpace /DeviceGray "
                   + "/BitsPerComponent 1 /Filter /FlateDecode", ZeroStream.zlib(count: side * ((side + 7) / 8)))])
    }

    /// A PDF page whose media box is `[0 0 0 0]` (poppler gives it US Letter size).
    package static func emptyMediaBoxPDF() -> Data {
        PDFText.file(PDFText.onePage(mediaBox: "[0 0 0 0]") + [PDFText.stream("", Array("0 0 1 rg 0 0 10 10 re f".utf8))])
    }

    /// A 24x24 pt PDF page whose drawing nests a form ten times in each of `depth` levels
    /// (10^depth fills from 2 KB: depth 9 takes minutes to draw).
    package static func nestedFormsPDF(depth: Int = 9) -> Data {
        var objects = PDFText.onePage(mediaBox: "[0 0 24 24]", resources: "/XObject << /X 5 0 R >>")
            + [PDFText.stream("", Array("/X Do".utf8))]
        for level in 0..<depth {
            let last = level == depth - 1
            let body = last ? "0 0 1 rg 1 1 22 22 re f" : String(repeating: "/X Do ", count: 10)
            let resources = last ? "" : "/Resources << /XObject << /X \(6 + level) 0 R >> >>"
            objects.append(PDFText.stream("/Type /XObject /Subtype /Form /BBox [0 0 24 24] \(resources)", Array(body.utf8)))
        }
        return PDFText.file(objects)
    }
}
