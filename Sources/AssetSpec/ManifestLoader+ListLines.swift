import AssetCore
import Foundation
import Yams

/// Where each item of `assets:` is written (issue 50): an edit among 50,000 assets reads again
/// only the items that name the changed source, from the manifest's own text with every other
/// item's lines left blank, so that each line, column and message stays where it is.
package struct AssetListLines: Hashable, Sendable {
    /// The first line (1-based) of each item, in order: the line of its `- `.
    package var starts: [Int]
    /// The first line after the list (the next top-level key), nil when the list runs to the end.
    package var end: Int?

    package init(starts: [Int], end: Int?) {
        self.starts = starts
        self.end = end
    }

    /// The lines (1-based, end excluded) of item `index`.
    package func lines(of index: Int, lineCount: Int) -> Range<Int> {
        let last = index + 1 < starts.count ? starts[index + 1] : (end ?? lineCount + 1)
        return starts[index]..<last
    }

    /// The item whose lines hold `line`, nil when none does.
    package func item(holding line: Int) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= line { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        if low == starts.count, let end, line >= end { return nil }
        return low - 1
    }
}

extension ManifestLoader {
    /// The lines of the `assets:` list when each item begins its own line with `- ` after the key
    /// (block style: Yams does not keep a node's style, so the dash before each item is looked
    /// at); nil otherwise (a flow list `[…]`, an item whose dash stands alone on the line above
    /// it): such a manifest is always read whole.
    static func assetListLines(_ top: MappingReader, text: String, sink: DiagnosticSink) -> AssetListLines? {
        guard let list = top.value("assets"), case .sequence(let sequence) = list,
              let keyLine = top.location(of: "assets")?.line else { return nil }
        // Lines at their newline bytes, as libyaml counts them (a Character split kept "\r\n" whole).
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var starts: [Int] = []
        starts.reserveCapacity(sequence.count)
        for item in sequence {
            let place = sink.location(item)
            guard place.line > (starts.last ?? keyLine), place.line <= lines.count else { return nil }
            // The text before the item on its line is its dash and indentation, nothing else.
            let before = Substring(lines[place.line - 1]).prefix(max(0, place.column - 1))
            guard before.trimmingCharacters(in: .whitespaces) == "-" else { return nil }
            starts.append(place.line)
        }
        let end = top.keyLines.filter { $0 > keyLine }.min()
        if let end, let last = starts.last, end <= last { return nil }
        return AssetListLines(starts: starts, end: end)
    }
}

extension MappingReader {
    /// The line of every key of the mapping.
    package var keyLines: [Int] { keys.map { sink.location($0).line } }
}
