import AssetCore
import Foundation
import MCP

/// Every list in a tool result is bounded (issue 51): an agent reads every byte a tool returns,
/// and a catalog of thousands of assets made answers of a megabyte and more. A result gives the
/// counts first, then the first `limit` items of each list (20 unless asked, at most 100) with the
/// total and a `nextCursor` for the rest, and filters narrow a list to an asset, a rule or a
/// severity. With the bound on each item's text, a result stays within `maximumBytes`
/// (Docs/mcp.md, "Result size").
struct ResultPage {
    static let defaultLimit = 20
    static let maximumLimit = 100
    /// The largest structured result a tool returns, in bytes of JSON (the text says the same).
    static let maximumBytes = 32 << 10
    /// The arguments every paged tool takes.
    static let arguments = ["limit", "cursor"]

    static let schema: [String: Value] = [
        "limit": ["type": "integer", "minimum": 1, "maximum": .int(maximumLimit),
                  "description": .string("Items of each list in the result (default \(defaultLimit)).")],
        "cursor": ["type": "string", "description": "The `nextCursor` of a list in the previous result: its next items."],
    ]

    let offset: Int
    let limit: Int

    init(_ arguments: ToolArguments) throws(ToolFailure) {
        limit = try arguments.int("limit", in: 1...Self.maximumLimit) ?? Self.defaultLimit
        guard let cursor = try arguments.string("cursor") else {
            offset = 0
            return
        }
        guard let start = Int(cursor), start >= 0, String(start) == cursor else {
            throw ToolFailure("`cursor` \"\(ReportText.visible(String(cursor.prefix(40))))\" is not a cursor this server gave",
                              fix: "pass the `nextCursor` of the previous result, or leave `cursor` out for the first items")
        }
        offset = start
    }

    /// `{total, items, nextCursor?}` of `items` from this page's offset.
    func page<Item>(_ items: [Item], _ value: (Item) -> Value) -> Value {
        let start = min(offset, items.count)
        let shown = items[start..<min(start + limit, items.count)]
        var object: [String: Value] = ["total": .int(items.count), "items": .array(shown.map(value))]
        if start + shown.count < items.count { object["nextCursor"] = .string(String(start + shown.count)) }
        return .object(object)
    }

    /// How a page reads in text: `first 20 of 1,000 (…): a, b, c; next cursor "20"`.
    func text<Item>(_ items: [Item], what: String, _ line: (Item) -> String) -> String {
        let start = min(offset, items.count)
        let shown = items[start..<min(start + limit, items.count)]
        guard !items.isEmpty else { return "\(what): none" }
        var text = "\(what) \(start + 1)–\(start + shown.count) of \(items.count):"
        text += shown.map { "\n  " + line($0) }.joined()
        if start + shown.count < items.count { text += "\n  (more: cursor \"\(start + shown.count)\")" }
        return text
    }
}
