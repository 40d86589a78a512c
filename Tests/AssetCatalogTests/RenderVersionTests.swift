import AssetCatalog
import AssetCore
import Foundation
import Testing
import TestSupport

/// The render version is part of every build key, so a binary that draws differently redraws what
/// an older one made. It must move whenever the pictures do: each version pins a digest of the
/// golden images (`Tests/Fixtures/Expected/Images`, every PNG's path and SHA-256 in path order), and
/// a golden re-recorded without raising `AssetCoreInfo.renderVersion` fails here.
@Suite struct RenderVersionTests {
    /// Render version → digest of the golden images it was released with.
    static let pinned: [Int: String] = [
        2: "6e75ef244825d34da9339a46f52136132b73c470299a147ee84aaed3f1973fd8",
        3: "24876603496d18aa802f0db5e5402e1673fd5015b9f4e1fe883bb1e68ecfc59c",
        4: "7c306eeca18c415949510ef7fae2728e0ae3223fce474f4b1cda78e1a04f162a",
    ]

    static func goldenDigest() throws -> String {
        let root = Fixtures.url("Expected/Images")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        let names = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }.sorted()
        var text = ""
        for name in names {
            text += name + "\n" + Digest.sha256(try Data(contentsOf: root.appendingPathComponent(name))) + "\n"
        }
        return Digest.sha256(text)
    }

    @Test func goldenImagesChangeOnlyWithTheRenderVersion() throws {
        let digest = try Self.goldenDigest()
        let version = AssetCoreInfo.renderVersion
        #expect(Self.pinned[version] == digest, """
            the golden images changed but AssetCoreInfo.renderVersion is still \(version): users' builds \
            would call the old pictures up to date
              fix: raise renderVersion to \(version + 1) and pin \(version + 1): "\(digest)" in RenderVersionTests
            """)
    }
}
