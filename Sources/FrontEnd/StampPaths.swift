import AssetCore
import Foundation

/// How the build stamp writes its paths without one machine's absolute paths (issue 35): a path
/// below the manifest's folder as `./<relative>`, one below a template folder (the install's
/// `share/assetsmith/Templates`) as `@<n>/<relative>`, where n is that folder's place in `bases`.
package enum StampPaths {
    /// The manifest's folder, then the template folders in their search order.
    package static func bases(manifestDirectory: String) -> [String] {
        [manifestDirectory] + TemplateLocator.templateDirectories(manifestDirectory: manifestDirectory)
    }

    package static func written(_ path: String, bases: [String]) -> String {
        Writer(bases: bases).written(path)
    }

    /// `written(_:bases:)` for many paths: each base's `/`-ended form and length taken once.
    package struct Writer {
        let bases: [(path: String, prefix: String)]

        init(bases: [String]) {
            self.bases = bases.map { ($0, $0 + "/") }
        }

        /// Compared and cut by bytes (a stamp lists every file of the catalog; `read` takes the
        /// rest as it is).
        func written(_ path: String) -> String {
            for (index, base) in bases.enumerated() where path == base.path || path.utf8.starts(with: base.prefix.utf8) {
                let rest = path == base.path ? "" : String(Substring(path.utf8.dropFirst(base.prefix.utf8.count)))
                return (index == 0 ? "." : "@\(index)") + (rest.isEmpty ? "" : "/" + rest)
            }
            return path
        }
    }

    package static func read(_ written: String, bases: [String]) -> String {
        if written == ".", let base = bases.first { return base }
        if written.hasPrefix("./"), let base = bases.first { return base + "/" + written.dropFirst(2) }
        if written.hasPrefix("@") {
            let end = written.firstIndex(of: "/") ?? written.endIndex
            if let index = Int(written[written.index(after: written.startIndex)..<end]), bases.indices.contains(index) {
                return bases[index] + written[end...]
            }
        }
        return written
    }
}
