import AssetCore
import Foundation

/// Build settings from an `.xcconfig` file: `KEY = value` and `KEY[sdk=…] = value` lines, `//`
/// comments, `#include "other.xcconfig"` (and `#include?`, which may be missing) relative to the
/// including file. A later line wins; `$(inherited)` takes the value before it in the same file
/// or its includes. Xcode's format has no library; these are its whole rules. A value is kept as
/// one string, as for the project's own settings (`ObjectGraph.configurations`).
///
/// Budgets: each file is read once however often it is included (a file that includes itself,
/// or four includes of one file sixteen deep, cost one read), at most 16 includes deep, at most
/// 256 files and 1 MB each, the size checked before a byte is read.
enum XCConfig {
    static let maximumBytes = 1 << 20
    static let maximumFiles = 256
    static let maximumDepth = 16

    static func settings(atPath path: String) -> [String: [String]] {
        var settings: [String: [String]] = [:]
        var visited: Set<String> = []
        read(path, into: &settings, depth: 0, visited: &visited)
        return settings
    }

    private static func read(_ path: String, into settings: inout [String: [String]], depth: Int, visited: inout Set<String>) {
        guard depth < maximumDepth, visited.count < maximumFiles, visited.insert(path).inserted,
              case .success(let data) = BoundedFile.read(path, limit: maximumBytes) else { return }
        let folder = PathText.parent(path)
        for raw in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = Substring(raw)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#include") {
                guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { continue }
                let included = String(text[text.index(after: open)..<close])
                let target = included.hasPrefix("/") ? included : folder + "/" + included
                read(URL(fileURLWithPath: target).standardizedFileURL.path, into: &settings, depth: depth + 1, visited: &visited)
                continue
            }
            guard let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains(" ") else { continue }
            var value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
            settings = ObjectGraphLayer.layer(settings, [key: [value]])
        }
    }
}
