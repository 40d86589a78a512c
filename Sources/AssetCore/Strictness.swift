/// `--strict` (the CLI's build, verify and watch; the MCP server's `strict`): every warning is an
/// error, in what is shown and in the outcome; notes stay notes (what cannot be confirmed either
/// way). Decided once, where a front end's session collects diagnostics (`BuildSession`,
/// `VerifySession`), as swift-format's `DiagnosticsEngine` does when it emits one
/// (`treatWarningsAsErrors`); front ends then only read `hasErrors`. Never stored: the build stamp
/// keeps what the build said, and a later run decides again.
package struct Strictness: Hashable, Sendable {
    package var warningsAreErrors: Bool

    package init(warningsAreErrors: Bool) {
        self.warningsAreErrors = warningsAreErrors
    }

    /// Warnings as they are.
    package static let standard = Strictness(warningsAreErrors: false)
    /// `--strict`.
    package static let strict = Strictness(warningsAreErrors: true)

    /// The severity a diagnostic or finding of `severity` is shown and counted with.
    package func severity(_ severity: Diagnostic.Severity) -> Diagnostic.Severity {
        warningsAreErrors && severity == .warning ? .error : severity
    }

    package func apply(_ diagnostic: Diagnostic) -> Diagnostic {
        var applied = diagnostic
        applied.severity = severity(diagnostic.severity)
        return applied
    }

    package func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        warningsAreErrors ? diagnostics.map(apply) : diagnostics
    }
}
