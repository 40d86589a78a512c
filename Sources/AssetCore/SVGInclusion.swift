import Foundation

/// XInclude in an SVG source, found before librsvg sees the file: librsvg honours
/// `<xi:include href="…" parse="text">` for a file in the SVG's own folder or below, so an SVG at
/// a repository's root could draw `.git/config` (where CI keeps an authorization header) into a
/// PNG that ships. No SVG editor writes XInclude, so any is refused:
///
/// - an element whose local name is `include`, whatever its prefix or namespace (`<xi:include>`,
///   `<include xmlns="…XInclude">`): SVG has no such element, so nothing real is refused, and a
///   namespace written with character references (`X&#73;nclude`) cannot hide it;
/// - the XInclude namespace named anywhere (`http://www.w3.org/2001/XInclude`, 2003);
/// - an `<!ENTITY` whose value holds a character reference (`&#60;` makes markup when expanded,
///   which could spell an include no text search sees).
package enum SVGInclusion {
    /// Words naming what was found (`the element <xi:include> (line 4)`), or nil.
    package static func problem(in data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        if let found = includeElement(in: text) { return found }
        if let range = text.range(of: "xinclude", options: .caseInsensitive) {
            return "the XInclude namespace (line \(line(of: range.lowerBound, in: text)))"
        }
        if let found = entityWithReference(in: text) { return found }
        return nil
    }

    /// `<include` or `<prefix:include` followed by a space, `/` or `>`.
    private static func includeElement(in text: String) -> String? {
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            let name = after.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }
            let local = name.split(separator: ":", omittingEmptySubsequences: false).last ?? ""
            if local.lowercased() == "include" {
                return "the element <\(name)> (line \(line(of: open, in: text)))"
            }
            rest = after
        }
        return nil
    }

    /// The internal DTD subset (from the first `<!ENTITY` to `]>`) holding a character reference.
    private static func entityWithReference(in text: String) -> String? {
        guard let start = text.range(of: "<!ENTITY") else { return nil }
        let end = text.range(of: "]>", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        guard text[start.lowerBound..<end].contains("&#") else { return nil }
        return "an <!ENTITY> built from character references (line \(line(of: start.lowerBound, in: text)))"
    }

    private static func line(of index: String.Index, in text: String) -> Int {
        text[..<index].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
