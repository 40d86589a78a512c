import AssetCore
import Foundation

/// Build settings from an `.xcconfig` file: `KEY = value` and `KEY[sdk=…] = value` lines, `//`
/// comments, `#include "other.xcconfig"` (and `#include?`, which may be missing) relative to the
/// including file. A later line wins; `$(inherited)` takes the value before it in the same file
/// or its includes. Xcode's format has no library; these are its whole rules.
enum XCConfig {
    static func settings(atPath path: String) -> [String: [String]] {
        var settings: [String: [String]] = [:]
        read(path, into: &settings, depth: 0)
        return settings
    }

    private static func read(_ path: String, into settings: inout [String: [String]], depth: Int) {
        guard depth < 16, let data = FileManager.default.contents(atPath: path), data.count < 1_000_000 else { return }
        let folder = PathText.parent(path)
        for raw in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = Substring(raw)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#include") {
                guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { continue }
                let included = String(text[text.index(after: open)..<close])
                let target = included.hasPrefix("/") ? included : folder + "/" + included
                read(URL(fileURLWithPath: target).standardizedFileURL.path, into: &settings, depth: depth + 1)
                continue
            }
            guard let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains(" ") else { continue }
            var value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
            settings = ObjectGraphLayer.layer(settings, [key: ObjectGraphLayer.words(value)])
        }
    }
}
