@testable import AssetSpec
import AssetCore
import Foundation
import Testing

/// The items of `assets:` are read on the cores in runs of 512 (issue 50); what a reader sees is
/// what one thread reading them in order gave: the assets in order, and every diagnostic in line
/// order, an item's own before the one saying its name was used before, across the runs' seams.
@Suite struct ManyItemsTests {
    /// 1,200 items (three runs: 0–511, 512–1023, 1024–1199) on lines 4…1203, `change` giving an item's text.
    static func text(_ change: (Int) -> String? = { _ in nil }) -> String {
        "table: ios18\noutput: Output\nassets:\n"
            + (0..<1200).map { "  - " + (change($0) ?? "{name: I\($0), kind: image, source: a.svg, size: 16}") }.joined(separator: "\n")
            + "\n"
    }

    /// A folder holding a.svg and s0.svg, s7.svg… (every seventh item's source).
    static let folder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("many-items-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let svg = Data("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'/>".utf8)
        for name in ["a"] + stride(from: 0, to: 1200, by: 7).map({ "s\($0)" }) {
            try? svg.write(to: URL(fileURLWithPath: folder + "/\(name).svg"))
        }
        return folder
    }()

    static func parse(_ text: String) throws(ManifestError) -> Manifest {
        try ManifestLoader.parse(text, file: "assetsmith.yml", directory: folder)
    }

    @Test func assetsAndNamedSourcesComeInTheListsOrder() throws {
        let manifest = try Self.parse(Self.text { $0 % 7 == 0 ? "{name: I\($0), kind: image, source: s\($0).svg, size: 16}" : nil })
        #expect(manifest.assets.map(\.name) == (0..<1200).map { "I\($0)" })
        #expect(manifest.assets.map(\.location.line) == Array(4..<1204))
        let sevenths = manifest.namedSources.filter { $0.hasPrefix(Self.folder + "/s") }
        #expect(sevenths == stride(from: 0, to: 1200, by: 7).map { Self.folder + "/s\($0).svg" })
    }

    @Test func diagnosticsComeInLineOrderAcrossTheRunsSeams() {
        let text = Self.text { index in
            switch index {
            case 10, 511, 1150: "{name: I\(index), kind: image, source: a.svg, size: 16, colour: red}"
            case 512: "{name: i3, kind: image, source: a.svg, size: 16}"
            case 1100: "{name: I511, kind: image, source: a.svg, size: 16, colour: red}"
            default: nil
            }
        }
        do {
            _ = try Self.parse(text)
            Issue.record("the manifest has errors")
        } catch {
            let found = error.diagnostics.map { diagnostic -> String in
                guard case .source(let place)? = diagnostic.location else { return "?" }
                let what = diagnostic.message.contains("used twice") ? "twice " + (diagnostic.message.components(separatedBy: "first at ").last ?? "")
                    : diagnostic.message.contains("colour") ? "colour" : diagnostic.message
                return "\(place.line): \(what)"
            }
            #expect(found == ["14: colour", "515: colour", "516: twice line 7)", "1104: colour", "1104: twice line 515)", "1154: colour"])
        }
    }
}
