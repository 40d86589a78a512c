import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import Testing

/// Every key a build records comes from `BuildKey`. The `.icon` layer key moved there from the
/// engine with its formula unchanged, so records written before the move stay valid.
@Suite struct BuildKeyTests {
    @Test func iconLayerKeyKeepsItsFormula() {
        let source = SourceRef(path: "/art/front.svg", displayPath: "front.svg", format: .svg)
        let earlier = Digest.sha256Digest(Data("icon-layer|\(AssetCoreInfo.toolVersion)|svg|abc123".utf8))
        #expect(BuildKey.digest(forIconLayer: source, sourceDigest: "abc123") == earlier)
        let moved = SourceRef(path: "/elsewhere/front.svg", displayPath: "elsewhere/front.svg", format: .svg)
        #expect(BuildKey.digest(forIconLayer: moved, sourceDigest: "abc123") == earlier, "where the file is does not count")
        let png = SourceRef(path: "/art/front.png", displayPath: "front.png", format: .png)
        #expect(BuildKey.digest(forIconLayer: png, sourceDigest: "abc123") != earlier, "the format does")
    }
}
