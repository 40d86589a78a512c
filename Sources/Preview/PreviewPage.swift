import AssetCore
import Foundation

/// The HTML page beside `preview.png`: the same sections, each picture embedded (so the page is
/// one self-contained file), with the findings as text.
package enum PreviewPage {
    /// `pictures` are the PNG bytes of each section's picture, in order.
    package static func html(catalogName: String, sections: [PreviewSection], pictures: [Data]) -> String {
        var body = ""
        for (section, picture) in zip(sections, pictures) {
            body += "<section>\n<h2>\(escape(section.title))</h2>\n"
            body += "<img alt=\"\(escape(section.title))\" width=\"\(section.picture.width)\" height=\"\(section.picture.height)\" "
                + "src=\"data:image/png;base64,\(picture.base64EncodedString())\">\n"
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
