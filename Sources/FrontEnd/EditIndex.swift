import AssetCore
import AssetPlan
import AssetSpec
import Foundation

/// Which items of the manifest's `assets:` list read which source (issue 50), kept at the end of
/// the build stamp: when the stamp finds that only sources changed since the last clean build,
/// the build reads again only the items that name them (`EditBuild`), not the whole manifest,
/// plan, catalog and record of 50,000 assets.
///
/// An item is *alone* when what it plans depends on nothing but its own lines, the manifest's
/// other top-level keys and the tables: an image, a bar or tab glyph, a symbol, a control or a
/// back indicator, not made from another asset (an alternate, a flavour). An app icon (its
/// alternates and the Info.plist side files name the others), an Icon Composer bundle and a
/// launch image (a template) are never built alone. A manifest with flavours, or whose list is
/// not one item per `- ` line, keeps no index (every build reads it whole).
package struct EditIndex: Equatable {
    package var list: AssetListLines
    /// Per item: whether it can be built alone.
    package var alone: [Bool]
    /// Each drawn source (absolute path) and the items that draw it, in item order.
    package var sources: [String: [Int]]

    /// The index of a build of `manifest` into `plan`; nil when the manifest keeps none.
    package static func make(manifest: Manifest, plan: Plan) -> EditIndex? {
        guard let list = manifest.listLines, manifest.flavors.isEmpty, manifest.selectedFlavor == nil,
              manifest.retainedAssets.isEmpty else { return nil }
        var alone = [Bool](repeating: true, count: list.starts.count)
        var items: [String: Int] = [:]
        items.reserveCapacity(manifest.assets.count)
        for asset in manifest.assets {
            guard let item = list.item(holding: asset.location.line) else { return nil }
            items[asset.name] = item
            if asset.variant != nil || !buildsAlone(asset.kind) { alone[item] = false }
        }
        for asset in (plan.outputFiles ?? []).map(\.asset) + (plan.iconBundles ?? []).map(\.asset) {
            if let item = items[asset] { alone[item] = false }
        }
        var sources: [String: [Int]] = [:]
        for index in plan.jobs.indices {
            guard let item = items[plan.jobs[index].asset] else { return nil }
            for source in plan.jobs[index].allSources where sources[source.path]?.last != item {
                sources[source.path, default: []].append(item)
            }
        }
        return EditIndex(list: list, alone: alone, sources: sources)
    }

    /// The kinds whose plan is their own lines' alone (`Planner.plan`'s per-asset planners).
    static func buildsAlone(_ kind: AssetKind) -> Bool {
        switch kind {
        case .image, .barGlyph, .tabIcon, .symbol, .backIndicator, .control: return true
        case .appIcon, .iconComposer, .launchImage: return false
        }
    }

    /// The items to build again when `changed` (absolute paths) changed: nil when one of them is
    /// drawn by no item (a template, a file the manifest names but nothing draws), when an item
    /// that draws one cannot be built alone, or when more than `limit` items would be.
    package func items(reading changed: [String], limit: Int) -> [Int]? {
        var chosen = Set<Int>()
        for path in changed {
            guard let readers = sources[path], !readers.isEmpty else { return nil }
            for item in readers {
                guard alone[item] else { return nil }
                chosen.insert(item)
            }
        }
        guard !chosen.isEmpty, chosen.count <= limit else { return nil }
        return chosen.sorted()
    }

    /// The manifest's text with the lines of every item not in `items` left empty: the same
    /// top-level keys, and the chosen items on their own lines and columns, so that anything the
    /// loader says about them points where it would in the whole manifest.
    package func text(of manifest: String, keeping items: [Int]) -> String {
        var starts: [String.Index] = [manifest.startIndex]
        var index = manifest.utf8.startIndex
        let utf8 = manifest.utf8
        while let feed = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = utf8.index(after: feed)
            starts.append(index)
        }
        let lineCount = starts.count
        func offset(_ line: Int) -> String.Index { line - 1 < lineCount ? starts[line - 1] : manifest.endIndex }
        guard let first = list.starts.first else { return manifest }
        var result = String(manifest[..<offset(first)])
        let kept = Set(items)
        for item in list.starts.indices {
            let lines = list.lines(of: item, lineCount: lineCount)
            if kept.contains(item) {
                result += manifest[offset(lines.lowerBound)..<offset(lines.upperBound)]
            } else {
                result += String(repeating: "\n", count: lines.count)
            }
        }
        if let end = list.end { result += manifest[offset(end)...] }
        return result
    }
}

// MARK: Text form (the end of the build stamp)

extension EditIndex {
    /// The line that begins the index in the stamp.
    static let marker = "index"

    /// `index`, then `L <end or 0>`, one `I <start> <1|0>` per item, and one `S <item> <path>`
    /// per item that draws a source, paths written as the stamp writes them (`StampPaths`).
    func lines(bases: [String]) -> String {
        let writer = StampPaths.Writer(bases: bases)
        var text = Self.marker + "\nL " + String(list.end ?? 0) + "\n"
        for (start, alone) in zip(list.starts, alone) {
            text += "I " + String(start) + (alone ? " 1\n" : " 0\n")
        }
        for (path, items) in sources.sorted(by: { $0.key < $1.key }) where !path.contains("\n") {
            let written = writer.written(path)
            for item in items { text += "S " + String(item) + " " + written + "\n" }
        }
        return text
    }

    /// The index written by `lines(bases:)`; nil at the first line that is not as written there.
    /// `only`: the sources to keep (as the stamp writes them), for an edit's build that asks about
    /// a few (50,000 paths are not made into strings for one); nil: every one.
    static func parse(_ lines: inout BuildStamp.Lines, bases: [String], only: Set<Substring>? = nil) -> EditIndex? {
        guard let endLine = lines.next(), endLine.hasPrefix("L "), let end = Int(endLine.dropFirst(2)), end >= 0 else { return nil }
        var starts: [Int] = []
        var alone: [Bool] = []
        var sources: [String: [Int]] = [:]
        while let line = lines.next() {
            if line.isEmpty { continue }
            // `<kind> <number> <rest>`, cut by bytes (50,000 items at 50,000 assets).
            guard line.utf8.count > 2, line.utf8.dropFirst().first == UInt8(ascii: " ") else { return nil }
            let body = line.utf8.dropFirst(2)
            guard let space = body.firstIndex(of: UInt8(ascii: " ")), let number = Int(Substring(body[..<space])), number >= 0
            else { return nil }
            let rest = Substring(body[body.index(after: space)...])
            switch line.utf8.first {
            case UInt8(ascii: "I"):
                guard sources.isEmpty, number > (starts.last ?? 0), rest == "1" || rest == "0" else { return nil }
                starts.append(number)
                alone.append(rest == "1")
            case UInt8(ascii: "S"):
                guard number < starts.count else { return nil }
                if let only, !only.contains(rest) { continue }
                sources[StampPaths.read(String(rest), bases: bases), default: []].append(number)
            default:
                return nil
            }
        }
        if end != 0, let last = starts.last, end <= last { return nil }
        return EditIndex(list: AssetListLines(starts: starts, end: end == 0 ? nil : end), alone: alone, sources: sources)
    }
}
