import AssetCore
import Foundation
import Yams

/// One entry of `verify: disable:`: a rule switched off everywhere or for some paths, with the
/// team's reason (required: the next person must know why).
package struct VerifyRuleEntry: Hashable, Sendable {
    package var rule: String
    /// Patterns of the files it covers (as findings show them); empty: everywhere.
    package var paths: [String]
    package var reason: String
    package var location: SourceLocation
}

/// Reads the `verify:` section of a manifest, or of `.assetsmith-verify.yml` (the same section
/// for a project without a manifest):
///
/// ```yaml
/// verify:
///   disable:
///     - rule: color-space
///       reason: actool converts Generic RGB itself
///     - rule: transparency
///       paths: ["Extensions/Action/Media.xcassets"]
///       reason: the action extension's icon is a template glyph
/// ```
package enum VerifyRulesLoader {
    static let sectionKeys = ["disable"]
    static let entryKeys = ["rule", "paths", "reason"]

    /// The entries of the file's `verify:` section (none when it has no such section). Every
    /// problem is a located error; `knownRules` are the rule ids a `rule:` may name.
    package static func load(path: String, knownRules: [String], budgets: Budgets = .standard) throws(ManifestError) -> [VerifyRuleEntry] {
        let data: Data
        switch BoundedFile.read(path, limit: budgets.manifestBytes) {
        case .success(let bytes): data = bytes
        case .failure(let failure):
            // The section is read from a manifest or from a file of its own (`.assetsmith-verify.yml`).
            let what = path.hasSuffix(".yml") && PathText.lastComponent(path).hasPrefix(".assetsmith-verify") ? "a verify rules file" : "a manifest"
            throw ManifestError([.error("\"\(path)\" \(failure.words(for: what))", at: .file(path))])
        }
        // No `verify` anywhere in the bytes: no such key either, and no second parse of a manifest
        // the build has just read (issue 50: 0.55 s of `verify` at 50,000 assets).
        guard mentionsVerify(data) else { return [] }
        let sink = DiagnosticSink(file: path)
        let text = String(decoding: data, as: UTF8.self)
        if let problem = YAMLAliasBudget.check(text) { throw ManifestError([problem.diagnostic(file: path)]) }
        let root: Node
        do {
            // The manifest's own composer: the default resolver's expressions only where they could
            // change the tree (issue 38: they were 28 % of `verify` at 50,000 assets).
            guard let node = try YAMLCompose.compose(text) else { return [] }
            root = node
        } catch {
            throw ManifestError([.error("cannot parse YAML: \(error)", at: .file(path))])
        }
        guard case .mapping = root, let top = MappingReader(root, context: "\"\(PathText.lastComponent(path))\"", sink: sink),
              let section = top.value("verify") else { return [] }
        let entries = read(section, knownRules: knownRules, sink: sink)
        if !sink.diagnostics.isEmpty { throw ManifestError(sink.diagnostics) }
        return entries
    }

    /// Whether `data` may hold a `verify` key: the bytes `verify` occur in it, or a backslash (a
    /// quoted key may spell a letter as an escape, `"v\x65rify"`); otherwise it cannot.
    static func mentionsVerify(_ data: Data) -> Bool {
        let word = Array("verify".utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard bytes.count >= word.count else { return bytes.contains(UInt8(ascii: "\\")) }
            for start in bytes.indices {
                if bytes[start] == UInt8(ascii: "\\") { return true }
                guard bytes[start] == word[0], start + word.count <= bytes.count else { continue }
                if (1..<word.count).allSatisfy({ bytes[start + $0] == word[$0] }) { return true }
            }
            return false
        }
    }

    static func read(_ section: Node, knownRules: [String], sink: DiagnosticSink) -> [VerifyRuleEntry] {
        guard let reader = MappingReader(section, context: "\"verify\"", sink: sink) else { return [] }
        reader.rejectUnknownKeys(allowed: sectionKeys)
        guard let list = reader.value("disable") else { return [] }
        guard case .sequence(let items) = list else {
            sink.error("\"disable\" in \"verify\" must be a list (each item starts with \"- rule: …\")", at: list)
            return []
        }
        return items.compactMap { item in
            guard let entry = MappingReader(item, context: "a \"disable\" entry", sink: sink) else { return nil }
            entry.rejectUnknownKeys(allowed: entryKeys)
            guard let rule = entry.string("rule", required: true) else { return nil }
            guard knownRules.contains(rule.value) else {
                let guess = Suggestion.closest(to: rule.value, in: knownRules).map { "did you mean \"\($0)\"? " } ?? ""
                sink.errorAt("unknown rule \"\(rule.value)\"", rule.location,
                             fix: guess + "the rule ids are in the JSON report's \"rule\" and in Docs/verify.md")
                return nil
            }
            guard let reason = entry.string("reason", required: true) else { return nil }
            var paths: [String] = []
            if let node = entry.value("paths") {
                if case .sequence(let list) = node, list.allSatisfy({ $0.scalar != nil && !($0.string ?? "").isEmpty }) {
                    paths = list.compactMap(\.string)
                } else if let single = node.string, !single.isEmpty {
                    paths = [single]
                } else {
                    sink.error("\"paths\" must be a path or a list of paths (patterns: * matches any text)", at: node)
                    return nil
                }
            }
            return VerifyRuleEntry(rule: rule.value, paths: paths, reason: reason.value, location: rule.location)
        }
    }
}
