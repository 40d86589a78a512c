import Foundation

/// Paths as messages show them: relative to the working directory when below it. The CLI runs
/// in the user's folder; `assetsmith mcp` moves to its root first, so both word paths alike.
package enum CurrentFolder {
    package static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}
