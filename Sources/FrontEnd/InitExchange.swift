import AssetCore

/// What the MCP `init` tool asks of `InitSession` (`InitSession.outcome`): paths already resolved inside the root.
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
