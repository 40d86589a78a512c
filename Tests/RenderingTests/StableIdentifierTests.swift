import Foundation
@testable import Rendering
import Testing

/// Cairo's per-process SVG names are renumbered where they are names or references, and nowhere
/// else: an embedded image's base64 text may contain the same letters and must stay intact.
@Suite struct StableIdentifierTests {
    @Test func namesAndReferencesAreRenumberedButNotBase64() {
        let svg = ##"<g id="surface7"><use xlink:href="#image12"/><image id="image12" xlink:href="data:image/png;base64,AB/image3+surface9=="/></g><use xlink:href="#surface7"/>"##
        let out = String(decoding: VectorExporter.stableIdentifiers(Data(svg.utf8)), as: UTF8.self)
        #expect(out == ##"<g id="surface1"><use xlink:href="#image1"/><image id="image1" xlink:href="data:image/png;base64,AB/image3+surface9=="/></g><use xlink:href="#surface1"/>"##)
    }
}
