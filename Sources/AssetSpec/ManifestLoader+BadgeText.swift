import AssetCore

/// The bound on a badge's text, checked once its variables are filled in and before anything is
/// drawn: a ribbon holds a word or a version (`BETA`, `1.4.2 (381)`), and Pango lays out text
/// of 60,000 combining marks for minutes.
extension ManifestLoader {
    /// Characters (as the reader counts them) a badge may hold.
    package static let badgeMaximumCharacters = 32
    /// Unicode scalars a badge may hold: enough for 32 characters of a few scalars each (flags,
    /// accents, emoji with a skin tone), far too few for a pile of combining marks.
    package static let badgeMaximumScalars = 128

    /// True when `resolved` (the text of `written` with its variables filled in) is within both
    /// bounds; otherwise an error at the text, and false.
    static func badgeTextFits(_ resolved: String, _ written: Located<String>, sink: DiagnosticSink) -> Bool {
        let characters = resolved.count, scalars = resolved.unicodeScalars.count
        guard characters > badgeMaximumCharacters || scalars > badgeMaximumScalars else { return true }
        let shown = resolved.unicodeScalars.count > 24 ? String(String.UnicodeScalarView(resolved.unicodeScalars.prefix(24))) + "…" : resolved
        let size = characters > badgeMaximumCharacters
            ? "\(characters) characters, more than the \(badgeMaximumCharacters) a badge holds"
            : "\(scalars) Unicode scalars (combining marks and the like), more than the \(badgeMaximumScalars) a badge holds"
        sink.errorAt("badge text \"\(shown)\" is \(size)", written.location,
                     fix: "write a short word or a version, such as BETA or ${MARKETING_VERSION}")
        return false
    }
}
