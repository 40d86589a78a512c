import AssetCatalog
import AssetCore
import Foundation
import Testing
import TestSupport
import Verification

/// `verify --catalog` on Icon Composer bundles beside a catalog: the reconstructions of real
/// bundles (`Tests/Fixtures/IconComposer/RealWorld`, see its README) pass without a finding, and
/// broken bundles give the findings a user needs.
@Suite struct IconBundleTests {
    static let apps = ["MeshCoreOne", "Loop", "IceCubes", "QLVideo"]

    /// A catalog folder with `AppIcon.icon` from the fixture `app` beside it; returns the catalog path.
    func project(_ app: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icon-verify-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/Assets.xcassets", withIntermediateDirectories: true)
        try Data("{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/Assets.xcassets/Contents.json"))
        try FileManager.default.copyItem(atPath: Fixtures.url("IconComposer/RealWorld/\(app)/AppIcon.icon").path,
                                         toPath: dir + "/AppIcon.icon")
        return dir + "/Assets.xcassets"
    }

    @Test(arguments: apps) func realBundlesPassWithoutAFinding(app: String) throws {
        let report = Verifier.verify(catalogAt: try project(app), displayPath: "Assets.xcassets")
        #expect(report.findings == [], "\(report.findings.map(\.message))")
        #expect(report.coverage.checked == ["icon": 1])
        #expect(report.summaryLine.hasPrefix("verified Assets.xcassets: 1 set checked (1 Icon Composer icon)"))
    }

    /// Every key of the icon.json assetsmith writes (the end-to-end fixture's golden) is one that a
    /// bundle saved by Icon Composer uses at the same level.
    @Test func whatWeWriteHasTheShapeOfRealBundles() throws {
        func keys(_ value: Any, path: String, into found: inout Set<String>) {
            if let object = value as? [String: Any] {
                for (key, inner) in object {
                    let base = key.hasSuffix("-specializations") ? String(key.dropLast("-specializations".count)) : key
                    found.insert(path + "/" + base)
                    keys(inner, path: path + "/" + base, into: &found)
                }
            } else if let array = value as? [Any] {
                for item in array { keys(item, path: path, into: &found) }
            }
        }
        var real: Set<String> = []
        for app in Self.apps {
            let data = try Data(contentsOf: Fixtures.url("IconComposer/RealWorld/\(app)/AppIcon.icon/icon.json"))
            keys(try JSONSerialization.jsonObject(with: data), path: "", into: &real)
        }
        // Specialisation entries (`appearance`, `value`) and the gradient's `orientation` are
        // documented in the format notes; `value/…` paths are folded into their property.
        var ours: Set<String> = []
        let written = try Data(contentsOf: Fixtures.url("IconComposer/Project/Expected/icon.json"))
        keys(try JSONSerialization.jsonObject(with: written), path: "", into: &ours)
        let folded = Set(ours.map { $0.replacingOccurrences(of: "/value", with: "") }
            .filter { !$0.hasSuffix("/appearance") && !$0.contains("/orientation") })
        let realFolded = Set(real.map { $0.replacingOccurrences(of: "/value", with: "") }.filter { !$0.hasSuffix("/appearance") })
        #expect(folded.subtracting(realFolded) == [], "keys no real bundle has at that place")
    }

    @Test func brokenBundlesGiveFindings() throws {
        let catalog = try project("MeshCoreOne")
        let bundle = (catalog as NSString).deletingLastPathComponent + "/AppIcon.icon"
        var text = try String(contentsOfFile: bundle + "/icon.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"image-name\" : \"glyph.png\"", with: "\"image-name\" : \"Glyph.png\"")
            .replacingOccurrences(of: "\"lighting\" : \"individual\"", with: "\"lighting\" : \"individual\",\n      \"sparkle\" : true")
            .replacingOccurrences(of: "\"appearance\" : \"dark\",\n              \"value\" : {\n                \"solid\"",
                                  with: "\"appearance\" : \"night\",\n              \"value\" : {\n                \"solid\"")
        try text.write(toFile: bundle + "/icon.json", atomically: true, encoding: .utf8)
        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: bundle + "/Assets/extra.gif"))
        let report = Verifier.verify(catalogAt: catalog, displayPath: "Assets.xcassets")
        let lines = report.findings.map { "\($0.severity) \($0.rule.rawValue) \($0.file): \($0.message)" }
        #expect(lines == [
            "error file-type AppIcon.icon/Assets/extra.gif: is GIF, but Icon Composer layers are SVG or PNG",
            "warning unassigned AppIcon.icon/Assets/extra.gif: no layer of icon.json uses this file",
            "warning unassigned AppIcon.icon/Assets/glyph.png: no layer of icon.json uses this file",
            "warning contents AppIcon.icon/icon.json: \"fill-specializations\" in layer \"background\" of group 1 names the appearance \"night\", which is not one of \"light\", \"dark\", \"tinted\"",
            "warning contents AppIcon.icon/icon.json: \"fill-specializations\" in layer \"glyph\" of group 1 names the appearance \"night\", which is not one of \"light\", \"dark\", \"tinted\"",
            "warning contents AppIcon.icon/icon.json: group 1 has the key \"sparkle\", which Icon Composer does not write",
            "error file-case AppIcon.icon/icon.json: icon.json names \"Glyph.png\" but Assets/ holds \"glyph.png\"; the case differs, which fails on a case-sensitive disk",
        ])
        #expect(!report.passed)

        try Data("{ \"groups\" : [ }".utf8).write(to: URL(fileURLWithPath: bundle + "/icon.json"))
        let unparsable = Verifier.verify(catalogAt: catalog, displayPath: "Assets.xcassets")
        #expect(unparsable.findings.count == 1)
        #expect(unparsable.findings.first?.rule == .contents)
        #expect(unparsable.findings.first?.message.hasPrefix("icon.json is not valid JSON") == true)
        #expect(unparsable.findings.first?.line == 1)
    }
}
