import AssetCore

/// A manifest that cannot be used: every problem found, in file order. Exit code 2.
package struct ManifestError: Error, Sendable {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
