extension ReportText {
    /// The first `count` items joined with ", ", then "and N more" for the rest, so that a list
    /// found on a hostile disk (435 catalogs under a folder synchronized with `/`) stays one line.
    package static func capped(_ items: [String], at count: Int) -> String {
        guard items.count > count else { return items.joined(separator: ", ") }
        return items.prefix(count).joined(separator: ", ") + " and \(items.count - count) more"
    }
}
