import Foundation

/// What every tool handler shares: the settings and the root.
package struct ToolContext: Sendable {
    package let settings: MCPSettings
    package let jail: RootJail

    package init(settings: MCPSettings) throws(ToolFailure) {
        self.settings = settings
        jail = try RootJail(root: settings.root)
    }

    /// Tools that write are refused in read-only mode, with what is allowed.
    func requireWritable(_ tool: String) throws(ToolFailure) {
        guard settings.readOnly else { return }
        throw ToolFailure("`\(tool)` is not available: the server runs with --read-only (plan, verify, preview and explain only)",
                          fix: "start the server without --read-only to let it write into \(jail.root)")
    }
}
