import MCP

/// Each tool's structured result described field by field (issue 53): a client checks the result
/// against it (the MCP Python SDK does, with `jsonschema`, in scripts/check-mcp.sh), so a result
/// that drops, renames or retypes a field fails there. Error results (`isError`) carry
/// `{error, diagnostics}` instead and are not checked against these.
enum OutputSchemas {
    private static let string: Value = ["type": "string"]
    private static let integer: Value = ["type": "integer", "minimum": 0]
    private static let boolean: Value = ["type": "boolean"]
    private static let strings: Value = ["type": "array", "items": ["type": "string"]]

    private static func object(_ properties: [String: Value], required: [String]? = nil, closed: Bool = true) -> Value {
        var schema: [String: Value] = ["type": "object", "properties": .object(properties),
                                       "required": .array((required ?? properties.keys.sorted()).map { .string($0) })]
        if closed { schema["additionalProperties"] = false }
        return .object(schema)
    }

    /// A diagnostic as `DiagnosticJSON.value` gives it: one shape for the build's problems, plan
    /// warnings, init's and verify's findings (which always carry `rule`, `catalog`, `file` and `fix`).
    static let diagnostic = object(["severity": ["type": "string", "enum": ["error", "warning", "note"]], "message": string,
                                    "rule": string, "catalog": string,
                                    "file": string, "line": integer, "column": integer, "asset": string, "detail": string,
                                    "fix": string], required: ["severity", "message"])

    /// A list of `ResultPage.page`.
    static func page(of item: Value) -> Value {
        object(["total": integer, "items": ["type": "array", "items": item], "nextCursor": string], required: ["total", "items"])
    }

    static let plan = object([
        "manifest": string, "table": string, "catalog": string, "assets": integer, "jobs": integer, "entries": integer,
        "warnings": page(of: diagnostic),
        "jobList": page(of: object(["output": string, "asset": string])),
        "entryList": page(of: object(["folder": string, "asset": string])),
        "asset": string, "tableChoice": string,
        "plan": ["type": "object", "description": "every job and Contents.json in full, as `assetsmith plan` prints them"],
    ], required: ["manifest", "table", "catalog", "assets", "jobs", "entries", "warnings", "jobList", "entryList"])

    static let build = object([
        "catalog": string, "passed": boolean, "assets": integer, "rendered": integer, "upToDate": integer, "failed": integer,
        "written": strings, "writtenCount": integer, "unchanged": integer, "removed": strings, "removedCount": integer,
        "trash": ["type": ["string", "null"]],
        "adopted": ["type": "array", "items": object(["folder": string, "moved": strings, "backup": string])],
        "diagnostics": ["type": "array", "items": diagnostic], "diagnosticCount": integer, "seconds": ["type": "number", "minimum": 0],
    ])

    static let verify = object([
        "passed": boolean, "notes": strings,
        "catalogs": ["type": "array", "items": object([
            "catalog": string, "passed": boolean, "errors": integer, "warnings": integer, "notes": integer,
            "suppressed": integer, "baselined": integer, "sets": integer,
            "byRule": ["type": "object", "additionalProperties": ["type": "integer", "minimum": 1]],
        ])],
        "findings": page(of: diagnostic),
    ])

    static let preview = object([
        "shown": string, "width": integer, "height": integer, "bytes": integer,
        "pages": ["type": "array", "items": object(["page": integer, "title": string, "width": integer, "height": integer])],
    ])

    static let initTool = object(["manifest": string, "written": boolean, "diagnostics": ["type": "array", "items": diagnostic],
                                  "notes": strings, "path": string], required: ["manifest", "written", "diagnostics", "notes"])

    static let explain = object(["rule": string, "fix": string, "documented": boolean,
                                 "cases": ["type": "array", "items": object(["checks": string, "madeElsewhere": string,
                                                                               "own": string, "why": string])]])
}
