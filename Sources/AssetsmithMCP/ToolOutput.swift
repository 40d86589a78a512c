import AssetCore
import Foundation
import MCP

/// A call that cannot be answered (a path outside the root, a wrong argument, a manifest that
/// does not load): an error result for that call, never the server's end.
package struct ToolFailure: Error, Sendable {
    package var message: String
    package var diagnostics: [Diagnostic]

    package init(_ message: String, fix: String? = nil) {
        self.message = message
        diagnostics = [.error(message, fix: fix)]
    }

    package init(_ message: String, diagnostics: [Diagnostic]) {
        self.message = message
        self.diagnostics = diagnostics
    }

    /// The error result: the text a person reads, and the diagnostics as data.
    var result: CallTool.Result {
        let own = diagnostics.first { $0.message == message }.flatMap(MCPRemedy.fix).map { "\n  fix: " + $0 } ?? ""
        let text = ([message + own] + diagnostics.filter { $0.message != message }.map(DiagnosticJSON.text)).joined(separator: "\n")
        let structured: Value = ["error": .string(message), "diagnostics": .array(diagnostics.map { DiagnosticJSON.value($0) })]
        return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: Optional<Value>.some(structured), isError: true)
    }
}

/// What a tool answers: structured content (the data), a short text (for clients that show only
/// text), images, and whether the call failed.
package struct ToolOutput: Sendable {
    package var structured: [String: Value]
    package var summary: String
    package var images: [Data] = []
    package var isError = false

    var result: CallTool.Result {
        var content: [Tool.Content] = [.text(text: summary, annotations: nil, _meta: nil)]
        content += images.map { .image(data: $0.base64EncodedString(), mimeType: "image/png", annotations: nil, _meta: nil) }
        return CallTool.Result(content: content, structuredContent: Optional<Value>.some(.object(structured)), isError: isError)
    }
}

/// Diagnostics as tool data, one shape for the build's problems and verify's findings
/// (`Finding.diagnostic`; `OutputSchemas.diagnostic`): severity, message, the verify rule, where
/// (catalog, file, line, column, asset), fix. A `FrontEndRemedy` is worded for a tool caller
/// (`MCPRemedy`), never with a CLI option.
enum DiagnosticJSON {
    /// `catalog`: the catalog a verify finding was found in.
    static func value(_ diagnostic: Diagnostic, catalog: String? = nil) -> Value {
        var object: [String: Value] = ["severity": .string(diagnostic.severity.rawValue), "message": .string(diagnostic.message)]
        if let rule = diagnostic.rule { object["rule"] = .string(rule) }
        if let catalog { object["catalog"] = .string(catalog) }
        switch diagnostic.location {
        case .source(let location):
            object["file"] = .string(location.file)
            object["line"] = .int(location.line)
            object["column"] = .int(location.column)
        case .file(let path): object["file"] = .string(path)
        case .asset(let name, let detail):
            object["asset"] = .string(name)
            if let detail { object["detail"] = .string(detail) }
        case nil: break
        }
        if let asset = diagnostic.concernedAsset { object["asset"] = .string(asset) }
        if let fix = MCPRemedy.fix(of: diagnostic) { object["fix"] = .string(fix) }
        return .object(object)
    }

    /// One diagnostic as a line of text: the headline, then the fix.
    static func text(_ diagnostic: Diagnostic) -> String {
        MCPRemedy.fix(of: diagnostic).map { diagnostic.headline + "\n  fix: " + $0 } ?? diagnostic.headline
    }

    static func values(_ diagnostics: [Diagnostic]) -> Value { .array(diagnostics.map { value($0) }) }
}

/// The one place that words `FrontEndRemedy` for a tool caller (the CLI's is `CLIRemedy`).
enum MCPRemedy {
    static func wording(_ remedy: FrontEndRemedy) -> String {
        switch remedy {
        case .manifestPath: return "pass another `manifest` path"
        case .outputFolder: return "pass another `output` folder inside the root"
        case .renderTimeout: return "pass a larger `renderTimeout` (seconds) to the build tool"
        case .fewerJobs: return "pass a smaller `jobs` to the build tool"
        case .workerMemory: return "start the server with more worker memory (it uses the build's default, 1024 MiB)"
        case .manifestBytes, .sourceBytes, .imagePixels, .buildPixels:
            return "start the server with a larger budget in the environment (see README: Hostile input)"
        }
    }

    static func fix(of diagnostic: Diagnostic) -> String? {
        guard let remedy = diagnostic.remedy else { return diagnostic.fix }
        guard let fix = diagnostic.fix, !fix.isEmpty else { return wording(remedy) }
        return fix + ", or " + wording(remedy)
    }
}

extension Value {
    /// A JSON document (the plan's, verify's report) as a value.
    static func json(_ data: Data) throws(ToolFailure) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw ToolFailure("internal: a report could not be read back as JSON (\(error))")
        }
    }
}
