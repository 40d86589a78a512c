/// AssetsmithMCP: `assetsmith mcp`, the engine's plan, build, verify, preview, init and rule
/// explanations as Model Context Protocol tools (issue 39). Calls the libraries in-process, as the
/// CLI does; never prints to standard output (the protocol's channel) and never exits.
import AssetCore
import Foundation
import FrontEnd
import Rendering

/// How a server is set up: its root, whether it may write, how workers start and how init runs.
package struct MCPSettings: Sendable {
    /// Every path a tool is given is resolved (links included) and must lie in this folder.
    package var root: String
    /// Only `plan`, `verify`, `preview` and `explain`: nothing is written.
    package var readOnly: Bool
    /// The SVG/PDF worker processes for a build or preview of `threads` jobs, each document
    /// stopped after `timeout` seconds; nil draws in this process (the unit tests).
    package var sandbox: @Sendable (_ threads: Int, _ timeout: Double) -> VectorSandbox?
    /// `init`: the manifest for a project (`InitSession.outcome`; nil: the tool says it is not available).
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
