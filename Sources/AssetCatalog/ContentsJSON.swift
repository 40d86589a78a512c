/// AssetCatalog: writes the `.xcassets` folder (PNG files and Contents.json) from a plan, and
/// reads Contents.json back. Every write is atomic, identical bytes are never rewritten, and a
/// record of what was generated lets a later build remove its own stale files and nothing else.
import AssetCore
import Foundation

/// Contents.json text exactly as Xcode writes it: keys sorted, two-space indent, `"key" : value`,
/// a newline at the end. The same value always gives the same bytes on every platform.
package enum ContentsJSON {
    package static func format(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    package static func data(_ value: JSONValue) -> Data {
        Data(bytes(value))
    }

    /// The text as bytes, written into one buffer (issue 50: verify writes the Contents.json of
    /// 50,000 sets to compare them with the files; a string made per key and value was most of it).
    private static func bytes(_ value: JSONValue) -> [UInt8] {
        var exact = true
        return bytes(value, exact: &exact)
    }

    /// `exact` made false when a number is written that may not read back as itself (`exactData`).
    private static func bytes(_ value: JSONValue, exact: inout Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(value, indent: 0, into: &out, exact: &exact)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// The bytes `data(value)` writes, when parsing them (`ContentsReader.parse`) surely gives
    /// `value` back, the same scalars and numbers; nil when it may not. Strings and booleans
    /// always do; a number does when it is written whole (`1`, not `0.5` or `1e+15`), except -0,
    /// which reads back as 0.
    package static func exactData(_ value: JSONValue) -> Data? {
        var exact = true
        let bytes = bytes(value, exact: &exact)
        return exact ? Data(bytes) : nil
    }

    /// Parses Contents.json bytes.
    package static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8], exact: inout Bool) {
        switch value {
        case .string(let s): quote(s, into: &out)
        case .number(let n):
            let whole = n == n.rounded() && abs(n) < 1e15
            if !whole || (n == 0 && n.sign == .minus) { exact = false }
            out += (whole ? String(Int(n)) : String(n)).utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .null: out += "null".utf8
        case .array(let items):
            container(UInt8(ascii: "["), UInt8(ascii: "]"), count: items.count, indent: indent, into: &out) { index, out in
                write(items[index], indent: indent + 1, into: &out, exact: &exact)
            }
        case .object(let dict):
            let entries = dict.sorted { $0.key < $1.key }
            container(UInt8(ascii: "{"), UInt8(ascii: "}"), count: entries.count, indent: indent, into: &out) { index, out in
                quote(entries[index].key, into: &out)
                out += " : ".utf8
                write(entries[index].value, indent: indent + 1, into: &out, exact: &exact)
            }
        }
    }

    /// An array or object as Xcode writes it: each element on its own line one level in, commas
    /// between; an empty one as its brackets around an empty line.
    private static func container(_ open: UInt8, _ close: UInt8, count: Int, indent: Int, into out: inout [UInt8],
                                  element: (Int, inout [UInt8]) -> Void) {
        out.append(open)
        out += (count == 0 ? "\n\n" : "\n").utf8
        for index in 0..<count {
            pad(indent + 1, into: &out)
            element(index, &out)
            out += (index == count - 1 ? "\n" : ",\n").utf8
        }
        pad(indent, into: &out)
        out.append(close)
    }

    /// Two spaces a level.
    private static func pad(_ indent: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        defer { out.append(UInt8(ascii: "\"")) }
        // Most strings need no escape: looked at by bytes, taken whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s.utf8
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\"".utf8
            case "\\": out += "\\\\".utf8
            case "\n": out += "\\n".utf8
            case "\r": out += "\\r".utf8
            case "\t": out += "\\t".utf8
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value).utf8
            default: UTF8.encode(scalar) { out.append($0) }
            }
        }
    }
}
