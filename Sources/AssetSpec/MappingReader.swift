import AssetCore
import Foundation
import Yams
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects diagnostics while a manifest is read.
package final class DiagnosticSink {
    package private(set) var diagnostics: [Diagnostic] = []
    /// Every source file the manifest names and the reader looked at (absolute): the build reads
    /// them all, also one no job draws (an app icon's `small-source` under a single-size layout),
    /// so the Xcode phase's input list declares them all (issue 47).
    package var namedSources: [String] = []
    package let file: String

    package init(file: String) {
        self.file = file
    }

    package func location(_ node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    package func error(_ message: String, at node: Node, fix: String? = nil) {
        diagnostics.append(.error(message, at: .source(location(node)), fix: fix))
    }

    package func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// An error at a location already resolved (a layer file's line).
    package func errorAt(_ message: String, _ location: SourceLocation, fix: String? = nil) {
        diagnostics.append(.error(message, at: .source(location), fix: fix))
    }
}

/// Reads one YAML mapping key by key, remembering which keys were used so that the rest can be
/// reported as unknown (with a did-you-mean) once the caller is done.
package struct MappingReader {
    package let node: Node
    /// Names the mapping in messages; updated once the asset's name is known.
    package var context: String
    let sink: DiagnosticSink
    private var pairs: [(key: Node, value: Node)] = []
    /// Each key's text (nil for a key that is not a scalar), in the order of `pairs`: what every
    /// lookup compares, taken once.
    private var names: [String?] = []

    /// `context` names the mapping in messages (`asset "AppIcon"`, `the manifest`).
    /// `reportingRepeats: false` for a second reader of a mapping another reader has checked
    /// already, so that a key written twice is reported once.
    package init?(_ node: Node, context: String, sink: DiagnosticSink, reportingRepeats: Bool = true) {
        guard case .mapping(let mapping) = node else {
            sink.error("\(context) must be a mapping of keys to values", at: node)
            return nil
        }
        self.node = node
        self.context = context
        self.sink = sink
        pairs.reserveCapacity(mapping.count)
        names.reserveCapacity(mapping.count)
        // A set of the keys seen only for a long mapping: an asset's few keys are compared in place.
        let long = mapping.count > 16
        var seen: Set<String> = []
        for (key, value) in mapping {
            let name = key.string
            let shown = name ?? ""
            if reportingRepeats, long ? !seen.insert(shown).inserted : names.contains(where: { ($0 ?? "") == shown }) {
                sink.error("key \"\(shown)\" appears twice in \(context)", at: key, fix: "keep one of them")
            }
            pairs.append((key, value))
            names.append(name)
        }
    }

    /// Where `key` is written, for a message about its value: its value node, or the mapping
    /// itself when the key is absent (callers ask after reading the key, so it is there).
    package func place(_ key: String) -> Node { value(key) ?? node }

    /// The value node of `key`, if present.
    package func value(_ key: String) -> Node? {
        names.firstIndex { $0 == key }.map { pairs[$0].value }
    }

    package func location(of key: String) -> SourceLocation? {
        names.firstIndex { $0 == key }.map { sink.location(pairs[$0].key) }
    }

    /// The key nodes, in order.
    var keys: [Node] { pairs.map(\.key) }

    /// Where `key` is written, or where the mapping starts when it is absent.
    package func keyLocation(_ key: String) -> SourceLocation { location(of: key) ?? sink.location(node) }

    /// Reports every key not in `allowed`, suggesting the closest allowed one.
    package func rejectUnknownKeys(allowed: [String]) {
        for (key, name) in zip(pairs.lazy.map(\.key), names) {
            guard let name, !allowed.contains(name) else { continue }
            let fix: String
            if let guess = Suggestion.closest(to: name, in: allowed) {
                fix = "did you mean \"\(guess)\"?"
            } else {
                fix = "known keys are " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
            }
            sink.error("unknown key \"\(name)\" in \(context)", at: key, fix: fix)
        }
    }

    /// A required or optional string scalar.
    package func string(_ key: String, required: Bool = false) -> Located<String>? {
        guard let node = value(key) else {
            if required {
                sink.error("\(context) is missing the required key \"\(key)\"", at: self.node,
                           fix: "add `\(key): …`")
            }
            return nil
        }
        guard case .scalar(let scalar) = node, !scalar.string.isEmpty else {
            sink.error("\"\(key)\" in \(context) must be a single value", at: node)
            return nil
        }
        return Located(scalar.string, at: sink.location(node))
    }

    /// A string that must be one of `allowed`.
    package func choice(_ key: String, from allowed: [String], required: Bool = false) -> Located<String>? {
        guard let text = string(key, required: required) else { return nil }
        guard allowed.contains(text.value) else {
            let guess = Suggestion.closest(to: text.value, in: allowed).map { "did you mean \"\($0)\"? " } ?? ""
            sink.error("\"\(key)\" in \(context) is \"\(text.value)\", which is not one of "
                       + allowed.map { "\"\($0)\"" }.joined(separator: ", "),
                       at: place(key), fix: guess + "use one of the listed values")
            return nil
        }
        return text
    }

    /// A colour `#RRGGBB` or `#RRGGBBAA`.
    package func color(_ key: String, required: Bool = false) -> Located<RGBAColor>? {
        guard let text = string(key, required: required) else { return nil }
        guard let color = RGBAColor(hex: text.value) else {
            sink.error("\"\(key)\" in \(context) is \"\(text.value)\", not a colour", at: place(key),
                       fix: "write it as \"#RRGGBB\" or \"#RRGGBBAA\" in hexadecimal, quoted (e.g. \"#1E6FD9\")")
            return nil
        }
        return Located(color, at: text.location)
    }

    /// A size in points: `24` (square) or `120x40`, each side at most `limit` (`SizeLimit`: the
    /// sane range for the kind, refused here at the manifest line rather than as gigabytes of
    /// pixels in the renderer).
    package func pointSize(_ key: String, required: Bool = false, limit: SizeLimit = .any) -> Located<PointSize>? {
        guard let text = string(key, required: required) else { return nil }
        guard let size = PointSize(parsing: text.value), size.width <= 4096, size.height <= 4096 else {
            sink.error("\"\(key)\" in \(context) is \"\(text.value)\", not a size in points", at: place(key),
                       fix: "write a positive number of points such as 24 (square) or 120x40 (width x height), at most 4096")
            return nil
        }
        guard max(size.width, size.height) <= limit.points else {
            sink.error("\"\(key)\" in \(context) is \(text.value) pt, over the \(PointSize.format(limit.points)) pt \(limit.kind) can be",
                       at: place(key), fix: "give at most \(PointSize.format(limit.points)) pt a side (\(limit.reason))")
            return nil
        }
        return Located(size, at: text.location)
    }

    /// A path relative to the manifest's folder that must name an existing `.svg` or `.png` file.
    package func sourceFile(_ key: String, relativeTo directory: String, required: Bool = false) -> SourceFile? {
        guard let text = string(key, required: required) else { return nil }
        let node = place(key)
        let ext = (text.value as NSString).pathExtension.lowercased()
        guard ext == "svg" || ext == "png" || ext == "pdf" else {
            sink.error("\"\(key)\" in \(context) is \"\(text.value)\"; sources must be .svg, .pdf or .png files", at: node,
                       fix: "export the artwork as SVG or PDF (preferred) or PNG")
            return nil
        }
        let standardized = PathText.absolute(text.value, relativeTo: directory)
        sink.namedSources.append(standardized)
        guard Self.isFile(standardized) else {
            sink.error("\"\(key)\" in \(context): file \"\(text.value)\" does not exist", at: node,
                       fix: "check the path; it is relative to the manifest's folder")
            return nil
        }
        return SourceFile(path: standardized, written: text.value, location: text.location)
    }

    /// A list of scales such as `[2x, 3x]`.
    package func scales(_ key: String) -> Located<[Scale]>? {
        guard let node = value(key) else { return nil }
        guard case .sequence(let sequence) = node, !sequence.isEmpty else {
            sink.error("\"\(key)\" in \(context) must be a list such as [1x, 2x, 3x]", at: node)
            return nil
        }
        var scales: [Scale] = []
        for item in sequence {
            guard let text = item.string, let scale = Scale(rawValue: text) else {
                sink.error("\"\(item.string ?? "?")\" in \"\(key)\" of \(context) is not a scale", at: item,
                           fix: "use 1x, 2x or 3x")
                continue
            }
            if scales.contains(scale) {
                sink.error("scale \(scale.rawValue) appears twice in \"\(key)\" of \(context)", at: item,
                           fix: "list each scale once")
            }
            scales.append(scale)
        }
        return Located(scales.sorted(), at: sink.location(node))
    }
}

extension MappingReader {
    /// Whether `path` names something that is not a folder, following links: what
    /// `FileManager.fileExists(atPath:isDirectory:)` answers, from one `stat` without its bridging
    /// (a path holding a NUL byte names no file, rather than the part before it).
    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return !path.utf8.contains(0) && stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }
}

/// The largest side in points a size may have for one kind of asset: a few times the largest size
/// Apple gives for it (`Docs/reference/ios-asset-requirements.md`, HIG tables), so that a typo such as a 4096 pt bar
/// glyph (12,288 px, 600 MB a bitmap) is a manifest error at its line.
package struct SizeLimit: Sendable {
    package var points: Double
    /// `a bar glyph`
    package var kind: String
    /// Why this much: Apple's figure.
    package var reason: String

    /// Only the general bound of `pointSize` (4096 pt).
    package static let any = SizeLimit(points: 4096, kind: "a size", reason: "4096 pt at most")
    /// Navigation bar and toolbar glyphs: Apple's largest is 28 pt (HIG 2016-2017).
    package static let barGlyph = SizeLimit(points: 96, kind: "a bar glyph",
                                            reason: "Apple's largest bar glyph is 28 pt; bars are 32-50 pt high")
    /// The back indicator sits in the navigation bar like a bar glyph.
    package static let backIndicator = SizeLimit(points: 96, kind: "a back indicator",
                                                 reason: "it sits in a navigation bar, 44-50 pt high")
    /// A stretchable control (button, slider track): at most an iPad's width.
    package static let control = SizeLimit(points: 1400, kind: "a control",
                                           reason: "the widest screen, an iPad Pro 13 inch, is 1376 pt")
    /// Images: a full-screen background on the largest iPad, with room to spare.
    package static let image = SizeLimit(points: 2048, kind: "an image",
                                         reason: "the largest screen, an iPad Pro 13 inch, is 1032x1376 pt; "
                                             + "2048 pt is 6144 px at 3x")
}
