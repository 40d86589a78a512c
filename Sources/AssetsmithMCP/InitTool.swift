import AssetCore
import Foundation
import FrontEnd
import MCP

/// `init`: the manifest `assetsmith init` would write for a project already holding a catalog,
/// as text; written (with the masters copied out of the catalog) only when `write` is true.
/// Init itself is FrontEnd's `InitSession`, which the server hands in (`MCPSettings.initializer`).
extension ToolContext {
    func initManifest(_ arguments: ToolArguments) throws(ToolFailure) -> ToolOutput {
        try requireWritable("init")
        try arguments.checkNames(["project", "catalog", "write"])
        guard let initializer = settings.initializer else {
            throw ToolFailure("`init` is not available in this server")
        }
        let project = try jail.resolve(try arguments.string("project") ?? ".", argument: "project")
        let catalog = try arguments.string("catalog").map { (given: String) throws(ToolFailure) -> String in
            try jail.resolve(given, argument: "catalog")
        }
        let write = try arguments.bool("write") ?? false
        let outcome = initializer(InitRequest(project: project, catalog: catalog, write: write))
        if let path = outcome.manifestPath, !jail.contains(path) {
            throw ToolFailure("init would write \(path), outside the server's root; refused")
        }
        guard let text = outcome.manifest else {
            throw ToolFailure("init found nothing to adopt: \(outcome.diagnostics.countSummary)", diagnostics: outcome.diagnostics)
        }
        var structured: [String: Value] = ["manifest": .string(text), "written": .bool(outcome.written),
                                           "diagnostics": DiagnosticJSON.values(outcome.diagnostics),
                                           "notes": .array(outcome.notes.map { .string($0) })]
        if let path = outcome.manifestPath { structured["path"] = .string(path) }
        let shown = outcome.manifestPath.map { CurrentFolderText.shown($0, root: jail.root) } ?? "assetsmith.yml"
        let summary = (outcome.written ? "wrote \(shown)" : "\(shown) was not written (pass write: true to write it and copy the masters)")
            + outcome.notes.map { "\n" + $0 }.joined() + outcome.diagnostics.map { "\n" + DiagnosticJSON.text($0) }.joined()
            + "\n\n" + text
        return ToolOutput(structured: structured, summary: summary)
    }
}
