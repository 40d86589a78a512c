import AssetCore
import AssetSpec
import Foundation
import MCP

/// `tools/call`, in-process: one call → its result. Every failure of a call (a refusal, a
/// manifest error, a hostile file) is that call's error result; nothing a call is given ends
/// the server. The work runs on a thread of its own, off the server's concurrency pool: the
/// engine blocks while it renders.
package struct ToolHandlers: Sendable {
    package let context: ToolContext

    package init(settings: MCPSettings) throws(ToolFailure) {
        context = try ToolContext(settings: settings)
    }

    package var tools: [Tool] { ToolCatalog.tools(readOnly: context.settings.readOnly) }

    /// The result of `name` with `arguments`. `progress` receives the build's progress;
    /// cancelling the calling task stops the build's drawing and throws `CancellationError`.
    /// An unknown tool is a protocol error, not a tool's error result (the MCP specification,
    /// "Error Handling": `-32602`, "Unknown tool: …"), so that a client tells a typo from a refusal.
    package func call(_ name: String, arguments: [String: Value]?, progress: ProgressReport? = nil) async throws -> CallTool.Result {
        guard ToolCatalog.tools(readOnly: false).contains(where: { $0.name == name }) else {
            let known = ToolCatalog.tools(readOnly: false).map(\.name)
            let guess = Suggestion.closest(to: name, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
            throw MCPError.invalidParams("Unknown tool: \"\(ReportText.visible(String(name.prefix(80))))\"\(guess) (the tools: "
                                         + known.joined(separator: ", ") + ")")
        }
        let flag = CancelFlag()
        let context = context
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<CallTool.Result, Never>) in
                let thread = Thread {
                    continuation.resume(returning: Self.run(name, ToolArguments(arguments), context: context, progress: progress, cancel: flag))
                }
                thread.stackSize = Self.stackSize
                thread.start()
            }
        } onCancel: {
            flag.cancel()
        }
        try Task.checkCancellation()
        return result
    }

    /// A call's thread gets the main thread's usual stack (8 MiB), as the CLI's commands run there:
    /// the YAML and SVG readers recurse into what a manifest or source nests.
    static let stackSize = 8 << 20

    /// One call, synchronously: refusals become error results.
    static func run(_ name: String, _ arguments: ToolArguments, context: ToolContext, progress: ProgressReport?,
                    cancel: CancelFlag) -> CallTool.Result {
        do throws(ToolFailure) {
            switch name {
            case "plan": return try context.plan(arguments).result
            case "build": return try context.build(arguments, progress: progress, cancel: cancel).result
            case "verify": return try context.verify(arguments).result
            case "preview": return try context.preview(arguments).result
            case "init": return try context.initManifest(arguments).result
            case "explain": return try context.explain(arguments).result
            default:
                let known = ToolCatalog.tools(readOnly: false).map(\.name)
                throw ToolFailure("unknown tool \"\(name)\"", fix: "the tools are: " + known.joined(separator: ", "))
            }
        } catch {
            return error.result
        }
    }
}
