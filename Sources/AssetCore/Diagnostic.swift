/// A message for a person: what went wrong, where, and how to fix it.
///
/// The stage that detects a problem builds the diagnostic; callers pass it on unchanged.
package struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    package enum Severity: String, Hashable, Sendable, Codable, Comparable {
        /// Worth knowing, never a failure (verify: what we cannot confirm either way).
        case note
        case warning
        case error

        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
        package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// Where the problem is.
    package enum Location: Hashable, Sendable, Codable {
        /// A line and column in a text file (the manifest, a template).
        case source(SourceLocation)
        /// A file, without a line (a source image, an output file).
        case file(String)
        /// Work that has left the manifest: an asset, optionally its slot and scale.
        case asset(name: String, detail: String?)
    }

    package var severity: Severity
    /// Lower case, no full stop, names quoted, numbers with units.
    package var message: String
    package var location: Location?
    /// How to fix it, if there is something to say.
    package var fix: String?
    /// The manifest asset it concerns, when there is one: data for the preview and reports,
    /// never searched for in the message.
    package var asset: String?
    /// A way out that names the front end's own options, worded by the front end
    /// (`FrontEndRemedy`); `fix` never names a command-line option.
    package var remedy: FrontEndRemedy?
    /// The verify rule it breaks (`Finding.Rule`'s id: `pixel-size`) when it is a verify finding
    /// (`Finding.diagnostic`); nil for the build's, which name no rule.
    package var rule: String?

    package init(_ severity: Severity, _ message: String, at location: Location? = nil, fix: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.fix = fix
    }

    /// The same diagnostic with a remedy for the front end to word.
    package func with(_ remedy: FrontEndRemedy?) -> Diagnostic {
        var marked = self
        marked.remedy = remedy
        return marked
    }

    /// The same diagnostic, marked as concerning `asset` unless it already names one (or its
    /// location is another asset).
    package func concerning(_ asset: String) -> Diagnostic {
        guard self.asset == nil else { return self }
        var marked = self
        if case .asset(let name, _) = location { marked.asset = name } else { marked.asset = asset }
        return marked
    }

    /// The asset it concerns: `asset`, or the asset of its location.
    package var concernedAsset: String? {
        if let asset { return asset }
        if case .asset(let name, _) = location { return name }
        return nil
    }

    package static func error(_ message: String, at location: Location? = nil, fix: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, fix: fix)
    }

    package static func warning(_ message: String, at location: Location? = nil, fix: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, fix: fix)
    }

    /// The compiler-style first line: `path:line:col: error: message`, or
    /// `error: asset "Name" @3x: message` when the location is an asset.
    package var headline: String {
        switch location {
        case .source(let loc): return "\(loc): \(severity.rawValue): \(message)"
        case .file(let path): return "\(path): \(severity.rawValue): \(message)"
        case .asset(let name, let detail):
            let place = detail.map { "asset \"\(name)\" \($0)" } ?? "asset \"\(name)\""
            return "\(severity.rawValue): \(place): \(message)"
        case nil: return "\(severity.rawValue): \(message)"
        }
    }

    /// The headline, then `  fix: …` on its own line when there is a fix.
    package var description: String {
        guard let fix else { return headline }
        return headline + "\n  fix: " + fix
    }
}

extension Array where Element == Diagnostic {
    package var hasErrors: Bool { contains { $0.severity == .error } }

    /// `2 errors, 1 warning`
    package var countSummary: String {
        let errors = filter { $0.severity == .error }.count
        let warnings = filter { $0.severity == .warning }.count
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errors, "error")), \(plural(warnings, "warning"))"
    }
}

/// A single diagnostic can be thrown where one problem ends a step.
extension Diagnostic: Error {}

/// A way out of a problem that only the front end can word, because it names the front end's own
/// options: the libraries say what is wrong and how to fix the input; the CLI adds "or raise
/// --render-timeout" (`CLIRemedy`), a plugin or an app would say it its own way.
package enum FrontEndRemedy: String, Hashable, Sendable, Codable {
    /// Name another manifest file.
    case manifestPath
    /// Write to another output folder.
    case outputFolder
    /// Allow one render more time.
    case renderTimeout
    /// Render fewer images at once, to need less memory.
    case fewerJobs
    /// Allow each SVG/PDF renderer process more memory.
    case workerMemory
    /// Raise one of the `Budgets` (the CLI names its environment variable).
    case manifestBytes, sourceBytes, imagePixels, buildPixels
}

extension Array where Element == Diagnostic {
    /// The diagnostics as a terminal shows them: when more than `shown + 1` say the same thing
    /// (severity, message and fix) at different files or assets, the first `shown` keep their place and
    /// one line stands for the rest (`more`). A full disk fails every file of a catalog in the
    /// same words: 2,000 assets printed 13,500 lines. Reports for machines keep every one.
    package func collapsingRepeats(shown: Int = 3) -> [(diagnostic: Diagnostic, more: Int)] {
        func said(_ diagnostic: Diagnostic) -> DiagnosticWords {
            DiagnosticWords(severity: diagnostic.severity, message: diagnostic.message, fix: diagnostic.fix)
        }
        // A line of a text file (the manifest, a template) is always shown: each is to be fixed there.
        func inText(_ diagnostic: Diagnostic) -> Bool {
            if case .source = diagnostic.location { return true }
            return false
        }
        var total: [DiagnosticWords: Int] = [:]
        for diagnostic in self where !inText(diagnostic) { total[said(diagnostic), default: 0] += 1 }
        var seen: [DiagnosticWords: Int] = [:]
        var result: [(diagnostic: Diagnostic, more: Int)] = []
        for diagnostic in self {
            if inText(diagnostic) {
                result.append((diagnostic, 0))
                continue
            }
            let key = said(diagnostic)
            let count = total[key] ?? 0
            let index = seen[key, default: 0]
            seen[key] = index + 1
            if count <= shown + 1 || index < shown {
                result.append((diagnostic, 0))
            } else if index == shown {
                result.append((diagnostic, count - shown))
            }
        }
        return result
    }
}

/// What a diagnostic says, without where (`collapsingRepeats`).
private struct DiagnosticWords: Hashable {
    var severity: Diagnostic.Severity
    var message: String
    var fix: String?
}
