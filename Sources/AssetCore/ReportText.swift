/// Text from a catalog (file names, messages that quote them) made safe for a report that a
/// terminal, a CI log or an XML parser reads: every control character (a line break, ESC, NUL,
/// DEL, C1), every bidirectional override and the two XML non-characters are shown as `\u{…}`
/// escapes (`\n`, `\r`, `\t` as such), so nothing in a file name can start a new line, a
/// workflow command or a terminal sequence, or make XML invalid. Ordinary text is unchanged.
package enum ReportText {
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFFFE || value == 0xFFFF
    }
}

