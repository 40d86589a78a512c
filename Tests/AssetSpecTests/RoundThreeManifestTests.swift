import AssetCore
import AssetSpec
import Foundation
import TestSupport
import Testing

/// Issue 36, the manifest's part: stroke widths and badge texts bounded at their exact limits,
/// and the alias budget counting only what aliases expand.
@Suite struct RoundThreeManifestTests {
    func errors(_ text: String, environment: [String: String] = [:], flavor: String? = nil) -> [String] {
        do {
            _ = try ManifestLoader.parse(text, file: "m.yml", directory: Fixtures.repoRoot.path, environment: environment, flavor: flavor)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func symbol(black: String) -> String {
        "assets:\n  - {name: Plus, kind: symbol, source: Assets/Glyphs/plus.svg, weights: {black: \(black)}}\n"
    }

    @Test func aStrokeWidthOver16384PxIsRefusedWithItsPlace() {
        #expect(errors(symbol(black: "16384px")) == [])
        #expect(errors(symbol(black: "16384.5px")) == [
            "m.yml:2:81: error: \"black\" in \"weights\" of asset \"Plus\" is 16384.5px, wider than 16384px: a symbol's strokes are a few units wide on a canvas of at most 16384 units\n  fix: write a width in the SVG's user units such as 3px, or a ratio of the drawn width such as 1.8",
        ])
        #expect(errors(symbol(black: "1e7px")).first?.contains("is 10000000px, wider than 16384px") == true)
    }

    func flavoured(_ text: String) -> String {
        """
        assets:
          - {name: AppIcon, kind: app-icon, source: Assets/AppIcon.svg}
        flavors:
          Beta: {badge: {text: "\(text)"}}
        """
    }

    @Test func aBadgeHoldsAtMost32CharactersAnd128Scalars() {
        #expect(errors(flavoured(String(repeating: "A", count: 32)), flavor: "Beta") == [])
        #expect(errors(flavoured(String(repeating: "A", count: 33)), flavor: "Beta") == [
            "m.yml:4:24: error: badge text \"AAAAAAAAAAAAAAAAAAAAAAAA…\" is 33 characters, more than the 32 a badge holds\n  fix: write a short word or a version, such as BETA or ${MARKETING_VERSION}",
        ])
        // One letter with 127 combining marks: 128 scalars pass, 129 do not.
        let marks = { (count: Int) in "e" + String(repeating: "\u{301}", count: count) }
        #expect(errors(flavoured(marks(127)), flavor: "Beta") == [])
        let refused = errors(flavoured(marks(128)), flavor: "Beta")
        #expect(refused.count == 1)
        #expect(refused.first?.contains("is 129 Unicode scalars (combining marks and the like), more than the 128 a badge holds") == true, "\(refused)")
        // The case of the third round: 60,000 combining marks, refused before Pango sees them.
        #expect(errors(flavoured(marks(60_000)), flavor: "Beta").first?.contains("is 60001 Unicode scalars") == true)
    }

    @Test func aLongManifestWithoutAliasesIsNotABillionLaughs() {
        var text = "assets:\n"
        // 14 nodes an asset: 200,200 nodes and more, over the alias budget had it counted every node.
        for index in 0..<14_300 {
            text += "- {name: I\(index),kind: image,source: a.png,size: 1x1,scales: [1x,2x,3x]}\n"
        }
        #expect(text.utf8.count < 1 << 20)
        let found = errors(text)
        #expect(!found.contains { $0.contains("aliases expand") }, "\(found.prefix(2))")
    }
}
