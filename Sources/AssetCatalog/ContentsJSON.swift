/// AssetCatalog: writes the `.xcassets` folder (PNG files and Contents.json) from a plan, and
/// reads Contents.json back. Every write is atomic, identical bytes are never rewritten, and a
/// record of what was generated lets a later build remove its own stale files and nothing else.
import AssetCore
import Foundation

/// Contents.json text exactly as Xcode writes it: keys sorted, two-space indent, `"key" : value`,
/// a newline at the end. The same value always gives the same bytes on every platform.
package enum ContentsJSON {
    package static func format(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out + "\n"
    }

    package static func data(_ value: JSONValue) -> Data {
        Data(format(value).utf8)
    }

    /// Parses Contents.json bytes.
    package static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        // Made only for the containers (a catalog of 4,000 sets writes 100,000 values per build).
        var pad: String { String(repeating: "  ", count: indent + 1) }
        var closePad: String { String(repeating: "  ", count: indent) }
        switch value {
        case .string(let s): out += quote(s)
        case .number(let n): out += n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[\n\n" + closePad + "]"; return }
            out += "[\n"
            let pad = pad
            for (i, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 1, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "]"
        case .object(let dict):
            if dict.isEmpty { out += "{\n\n" + closePad + "}"; return }
            out += "{\n"
            let pad = pad
            let entries = dict.sorted { $0.key < $1.key }
            for (i, entry) in entries.enumerated() {
                out += pad + quote(entry.key) + " : "
                write(entry.value, indent: indent + 1, into: &out)
                out += i == entries.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "}"
        }
    }

    private static func quote(_ s: String) -> String {
        // Most strings need no escape: looked at by bytes, taken whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
