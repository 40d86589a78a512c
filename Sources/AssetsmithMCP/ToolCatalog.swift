import MCP

/// The tools as `tools/list` gives them: each input's JSON Schema, and the shape of its structured output.
enum ToolCatalog {
    static func tools(readOnly: Bool) -> [Tool] {
        let all = [plan, build, verify, preview, initTool, explain]
        return readOnly ? all.filter { ["plan", "verify", "preview", "explain"].contains($0.name) } : all
    }

    private static func string(_ description: String) -> Value { ["type": "string", "description": .string(description)] }
    private static func boolean(_ description: String) -> Value { ["type": "boolean", "description": .string(description)] }

    private static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var object: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
        return .object(object)
    }

    private static let manifestProperties: [String: Value] = [
        "manifest": string("The manifest, relative to the server's root (default assetsmith.yml)."),
        "output": string("Output folder inside the root, overriding the manifest's `output`."),
        "flavor": string("Only the base and this flavour of the manifest's `flavors:`."),
        "variables": ["type": "object", "additionalProperties": ["type": "string"],
                      "description": "Values of ${NAME} in badge texts, over the server's environment (e.g. MARKETING_VERSION)."],
    ]

    static let plan = Tool(
        name: "plan",
        description: "The resolved render jobs and Contents.json entries of a manifest (or of manifest text, checked in memory), "
            + "or every manifest error with its line, column and fix (did-you-mean for misspelt keys). Counts first, then the first "
            + "`limit` jobs, entries and warnings with a cursor for the rest; one asset's plan in full with `asset` (the whole plan "
            + "when it is small). Renders and writes nothing.",
        inputSchema: schema(manifestProperties.merging([
            "text": string("Manifest YAML to check instead of the file (relative paths resolve beside `manifest`); never written."),
            "asset": string("Only this asset: its jobs and entries, and its plan in full."),
        ]) { $1 }.merging(ResultPage.schema) { $1 }),
        annotations: .init(title: "Plan a manifest", readOnlyHint: true, openWorldHint: false), outputSchema: OutputSchemas.plan)

    static let build = Tool(
        name: "build",
        description: "Render every asset of the manifest into its asset catalog, as `assetsmith build`: the counts, then the first "
            + "`limit` diagnostics and files written and removed. Destructive: removes the files of assets the manifest no longer "
            + "has (kept in the state folder's trash), and `adopt` (or `adopt: true` in the manifest) moves a hand-made set's files "
            + "to a backup. Reports progress and can be cancelled (what was not drawn keeps its previous file).",
        inputSchema: schema(manifestProperties.merging([
            "force": boolean("Render every output again, even those up to date."),
            "strict": boolean("Treat warnings as errors: shown as errors, and the build does not pass."),
            "adopt": boolean("Take over every set the manifest names even when it holds files Assetsmith did not write (moved to a backup)."),
            "jobs": ["type": "integer", "minimum": 1, "maximum": 256, "description": "Render jobs in parallel (default: all cores)."],
            "renderTimeout": ["type": "number", "exclusiveMinimum": 0, "maximum": 3600,
                              "description": "Stop drawing one SVG or PDF after this many seconds (default 30)."],
            "limit": ResultPage.schema["limit"] ?? [:],
        ]) { $1 }),
        // Destructive: it removes the files of assets the manifest no longer has (into the state
        // folder's trash) and, with `adopt` or a manifest's `adopt: true`, moves a set's files to a backup.
        annotations: .init(title: "Build the asset catalog", readOnlyHint: false, destructiveHint: true, idempotentHint: true,
                           openWorldHint: false),
        outputSchema: OutputSchemas.build)

    static let verify = Tool(
        name: "verify",
        description: "Check a catalog against Xcode's and the App Store's rules without changing it: findings with rule id, severity, "
            + "file, line, message and fix (as `assetsmith verify --format json` gives them): counts per catalog and by rule first, "
            + "then the first `limit` findings with a cursor for the rest, narrowed by `rule`, `severity` or `asset`. For the "
            + "manifest's catalog (default), one `catalog`, or every catalog of an Xcode `project`.",
        inputSchema: schema(manifestProperties.merging([
            "catalog": string("An .xcassets folder inside the root, verified on its own (no manifest)."),
            "project": string("The Xcode project (.xcodeproj): its targets say what each app icon set is for."),
            "appIcon": string("With `catalog`: the primary app icon set (default AppIcon)."),
            "strict": boolean("Treat warnings as errors: shown as errors, and the catalog does not pass."),
            "rule": string("Only findings of this rule id (e.g. pixel-size)."),
            "severity": ["type": "string", "enum": ["error", "warning", "note"], "description": "Only findings of this severity."],
            "asset": string("Only findings of this set (e.g. AppIcon.appiconset, or AppIcon for every set of that name)."),
        ]) { $1 }.merging(ResultPage.schema) { $1 }),
        annotations: .init(title: "Verify a catalog", readOnlyHint: true, openWorldHint: false), outputSchema: OutputSchemas.verify)

    static let preview = Tool(
        name: "preview",
        description: "The preview of the built catalog as a PNG image: one page of the preview sheet (app icons, tab and navigation "
            + "bar mocks, launch images, images), or the part showing one asset. Lists the pages. Writes nothing.",
        inputSchema: schema(manifestProperties.merging([
            "asset": string("Only this asset (set name), e.g. AppIcon."),
            "page": ["type": "integer", "minimum": 1, "description": "The page of the sheet (default 1)."],
            "maxWidth": ["type": "integer", "minimum": 64, "maximum": 4096,
                         "description": "Scale the picture down to at most this many pixels wide (default: as drawn)."],
        ]) { $1 }),
        annotations: .init(title: "Preview the catalog", readOnlyHint: true, openWorldHint: false), outputSchema: OutputSchemas.preview)

    static let initTool = Tool(
        name: "init",
        description: "The assetsmith.yml `assetsmith init` would write for a project that already has an asset catalog, as text. "
            + "Written, with the masters copied out of the catalog, only when `write` is true; never over an existing manifest.",
        inputSchema: schema([
            "project": string("The project folder or .xcodeproj inside the root (default: the root)."),
            "catalog": string("The catalog to adopt (default: the app target's)."),
            "write": boolean("Write the manifest and copy the masters (default false: only return the text)."),
        ]),
        annotations: .init(title: "Propose a manifest", readOnlyHint: false, destructiveHint: false, openWorldHint: false), outputSchema: OutputSchemas.initTool)

    static let explain = Tool(
        name: "explain",
        description: "What a verify rule checks, how severe it is, why (Apple's evidence or Assetsmith's house rule) and how to fix it.",
        inputSchema: schema(["rule": string("A rule id from a verify finding, e.g. pixel-size.")], required: ["rule"]),
        annotations: .init(title: "Explain a verify rule", readOnlyHint: true, openWorldHint: false), outputSchema: OutputSchemas.explain)
}
