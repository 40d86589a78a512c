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
    /// Words naming what was found (`the element <xi:include> (line 4)`), or nil. Scanned as
    /// bytes (an SVG of megabytes costs a few milliseconds), before anything is decoded as text.
    package static func problem(in data: Data) -> String? {
        let bytes = [UInt8](data)
        if let found = includeElement(in: bytes) { return found }
        if let offset = find(Array("xinclude".utf8), in: bytes) {
            return "the XInclude namespace (line \(line(of: offset, in: bytes)))"
        }
        // The text search only where an entity is declared at all (Foundation's text search cost
        // 4 % of a 50,000-asset build, every SVG decoded as text for it).
        guard find(Array("<!entity".utf8), in: bytes) != nil else { return nil }
        return entityWithReference(in: String(decoding: data, as: UTF8.self))
    }

    /// `<include` or `<prefix:include` followed by a space, `/` or `>`.
    private static func includeElement(in bytes: [UInt8]) -> String? {
        let include = Array("include".utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, !isNameEnd(bytes[end]) { end += 1 }
            let name = bytes[(index + 1)..<end]
            let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
            if local.count == include.count, zip(local, include).allSatisfy({ lower($0) == $1 }) {
                return "the element <\(String(decoding: name, as: UTF8.self))> (line \(line(of: index, in: bytes)))"
            }
            index += 1
        }
        return nil
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<")
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The offset of `needle` (lower case) in `bytes`, letter case aside.
    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = 0
        while index <= bytes.count - needle.count {
            if lower(bytes[index]) == first {
                var matched = true
                for offset in 1..<needle.count where lower(bytes[index + offset]) != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    private static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
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
