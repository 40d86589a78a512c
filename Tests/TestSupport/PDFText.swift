import Foundation

/// A PDF file assembled from its objects' text, with the cross-reference table worked out, for
/// tests that need a file no editor writes (an empty media box, a picture declared huge, drawings
/// nested a billion times). `objects[0]` is object 1 and must be the catalog. Knows no PDF
/// semantics.
package enum PDFText {
    package static func file(_ objects: [[UInt8]]) -> Data {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let table = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { out += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8) }
        out += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return Data(out)
    }

    /// An object holding a stream: `dictionary` (without /Length) and the stream's bytes.
    package static func stream(_ dictionary: String, _ bytes: [UInt8]) -> [UInt8] {
        Array("<< \(dictionary) /Length \(bytes.count) >>\nstream\n".utf8) + bytes + Array("\nendstream".utf8)
    }

    /// The catalog, the page tree and one page of `mediaBox` whose content is object 4 and whose
    /// resources are `resources`: objects 1 to 3.
    package static func onePage(mediaBox: String, resources: String = "") -> [[UInt8]] {
        [Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
         Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
         Array("<< /Type /Page /Parent 2 0 R /MediaBox \(mediaBox) /Resources << \(resources) >> /Contents 4 0 R >>".utf8)]
    }
}
