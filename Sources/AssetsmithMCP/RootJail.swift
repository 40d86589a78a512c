import AssetCore
import AssetSpec
import Foundation

/// The folder the server may touch: every path a tool is given is taken relative to it, its
/// symbolic links resolved (`SystemFolders.realPath`, also for the parts that do not exist yet),
/// and refused when the real path leaves it.
package struct RootJail: Sendable {
    /// The root's real path.
    package let root: String

    /// A root that is not an existing folder is refused (the CLI says so before serving).
    package init(root: String) throws(ToolFailure) {
        let absolute = PathText.absolute(root, relativeTo: FileManager.default.currentDirectoryPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ToolFailure("the root \"\(root)\" is not a folder", fix: "start the server in your project's folder, or give it with --root DIR")
        }
        self.root = SystemFolders.realPath(absolute)
    }

    /// The absolute, real path of `given` (relative to the root), or a refusal naming `argument`.
    package func resolve(_ given: String, argument: String) throws(ToolFailure) -> String {
        guard !given.isEmpty, !given.contains("\0") else {
            throw ToolFailure("`\(argument)` is empty or holds a NUL character", fix: "give a path inside \(root)")
        }
        let real = SystemFolders.realPath(PathText.absolute(given, relativeTo: root))
        guard contains(real) else {
            throw ToolFailure("`\(argument)` \"\(ReportText.visible(given))\" leads outside the server's root \(root) (to \(real)); refused",
                              fix: "give a path inside the root, or start the server with --root at a folder that holds it")
        }
        return real
    }

    /// Whether `path` (its links resolved) is the root or below it.
    package func contains(_ path: String) -> Bool {
        let real = SystemFolders.realPath(path)
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
