import AssetCore
import Foundation

/// The HTML page beside `preview.png`: the same sections, each picture embedded (so the page is
/// one self-contained file), with the findings as text.
package enum PreviewPage {
    /// `pictures` are the PNG bytes of each section's picture, in order.
    package static func html(catalogName: String, sections: [PreviewSection], pictures: [Data]) -> String {
        html(catalogName: catalogName, parts: zip(sections, pictures).map { section, picture in
            Part(title: section.title, width: section.picture.width, height: section.picture.height, lines: section.lines, png: picture)
        })
    }

    /// A section as the page shows it: its picture already encoded.
    package struct Part: Sendable {
        package var title: String
        package var width: Int
        package var height: Int
        package var lines: [String]
        package var png: Data

        package init(title: String, width: Int, height: Int, lines: [String], png: Data) {
            (self.title, self.width, self.height, self.lines, self.png) = (title, width, height, lines, png)
        }
    }

    package static func html(catalogName: String, parts: [Part]) -> String {
        var body = ""
        for section in parts {
            body += "<section>\n<h2>\(escape(section.title))</h2>\n"
            body += "<img alt=\"\(escape(section.title))\" width=\"\(section.width)\" height=\"\(section.height)\" "
                + "src=\"data:image/png;base64,\(section.png.base64EncodedString())\">\n"
            if !section.lines.isEmpty {
                body += "<ul>\n" + section.lines.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
            }
            body += "</section>\n"
        }
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escape(FolderKind.catalog.folder(catalogName))) — Assetsmith preview</title>
        <style>
        body { font-family: -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #1c1c1e; background: #fff; }
        h1 { font-size: 26px; } h2 { font-size: 18px; border-bottom: 1px solid #d1d1d6; padding-bottom: 6px; }
        img { image-rendering: pixelated; max-width: none; display: block; }
        li { color: #c2410c; }
        </style>
        </head>
        <body>
        <h1>\(escape(FolderKind.catalog.folder(catalogName))) — Assetsmith preview</h1>
        \(body)</body>
        </html>

        """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
