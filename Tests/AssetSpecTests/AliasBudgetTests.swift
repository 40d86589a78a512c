import Testing
@testable import AssetSpec

/// Issue 36/38: a large manifest that writes everything out is no "billion laughs": only what
/// aliases add counts against the alias budget.
@Suite struct LargeManifestTests {
    @Test func twentyThousandPlainAssetsPassTheAliasBudget() {
        var text = "assets:\n"
        for index in 0..<20_000 { text += "  - {name: Image\(index), kind: image, source: a\(index).svg, size: 16}\n" }
        #expect(YAMLAliasBudget.check(text) == nil)
    }

    @Test func aliasesThatAddTooMuchAreStillRefused() {
        // Nine levels of nine aliases: 9^6 = 531,441 nodes from six short lines.
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...6 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [" + Array(repeating: previous, count: 9).joined(separator: ", ") + "]\n"
        }
        #expect(YAMLAliasBudget.check(text)?.message == "aliases expand the document to more than 200000 nodes")
    }
}
