import AssetCore

/// The one place that words `FrontEndRemedy` for the command line: the libraries' fixes never
/// name an option; the printer adds the option that helps (`, or raise --render-timeout`).
enum CLIRemedy {
    static func wording(_ remedy: FrontEndRemedy) -> String {
        switch remedy {
        case .manifestPath: return "pass --manifest PATH"
        case .outputFolder: return "choose another --output"
        case .renderTimeout: return "raise --render-timeout"
        case .fewerJobs: return "lower --jobs"
        case .workerMemory: return "raise --worker-memory"
        case .manifestBytes, .sourceBytes, .imagePixels, .buildPixels:
            return "raise \(BudgetSettings.variable(for: remedy) ?? "the budget") (see Docs/limits.md)"
        }
    }

    /// The fix as the command line prints it: the library's fix, then the remedy's option.
    static func fix(of diagnostic: Diagnostic) -> String? {
        guard let remedy = diagnostic.remedy else { return diagnostic.fix }
        guard let fix = diagnostic.fix, !fix.isEmpty else { return wording(remedy) }
        return fix + ", or " + wording(remedy)
    }
}
