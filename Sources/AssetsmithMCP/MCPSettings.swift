/// AssetsmithMCP: `assetsmith mcp`, the engine's plan, build, verify, preview, init and rule
/// explanations as Model Context Protocol tools (issue 39). Calls the libraries in-process, as the
/// CLI does; never prints to standard output (the protocol's channel) and never exits.
import AssetCore
import Foundation
import Rendering

/// How a server is set up: its root, whether it may write, and what only the CLI can provide.
package struct MCPSettings: Sendable {
    /// Every path a tool is given is resolved (links included) and must lie in this folder.
    package var root: String
    /// Only `plan`, `verify`, `preview` and `explain`: nothing is written.
    package var readOnly: Bool
    /// The SVG/PDF worker processes for a build or preview of `threads` jobs, each document
    /// stopped after `timeout` seconds; nil draws in this process (the unit tests).
    package var sandbox: @Sendable (_ threads: Int, _ timeout: Double) -> VectorSandbox?
    /// `init`: the manifest for a project, from the CLI, where init lives (nil: the tool says so).
    package var initializer: (@Sendable (InitRequest) -> InitOutcome)?

    package init(root: String, readOnly: Bool = false,
                 sandbox: @escaping @Sendable (_ threads: Int, _ timeout: Double) -> VectorSandbox? = { _, _ in nil },
                 initializer: (@Sendable (InitRequest) -> InitOutcome)? = nil) {
        self.root = root
        self.readOnly = readOnly
        self.sandbox = sandbox
        self.initializer = initializer
    }
}

/// What the `init` tool asks of `assetsmith init`: paths already resolved inside the root.
package struct InitRequest: Sendable, Equatable {
    /// The project folder or `.xcodeproj` (absolute).
    package var project: String
    /// The catalog to adopt (absolute), or nil for init's own choice.
    package var catalog: String?
    /// Write the manifest and copy the masters; false: only say what would be written.
    package var write: Bool

    package init(project: String, catalog: String? = nil, write: Bool) {
        self.project = project
        self.catalog = catalog
        self.write = write
    }
}

/// What init made of a project: the manifest's text (nil when it failed), its path, its notes.
package struct InitOutcome: Sendable, Equatable {
    package var manifest: String?
    package var manifestPath: String?
    package var written: Bool
    package var diagnostics: [Diagnostic]
    package var notes: [String]

    package init(manifest: String?, manifestPath: String?, written: Bool, diagnostics: [Diagnostic], notes: [String]) {
        self.manifest = manifest
        self.manifestPath = manifestPath
        self.written = written
        self.diagnostics = diagnostics
        self.notes = notes
    }
}
