import AssetCore
import Testing

/// `PathText.lastComponent` and `parent` give what NSString's path methods give, without their
/// trap on one-character paths in swift-corelibs-foundation 6.3 (a manifest's `source: "*"`
/// crashed the loader with SIGILL, found by the fuzzer).
@Suite struct PathTextTests {
    @Test(arguments: [
        ("a", "a", ""), ("*", "*", ""), ("a/", "a", ""), (".", ".", ""), ("ab", "ab", ""),
        ("a/b", "b", "a"), ("a/b/", "b", "a"), ("a//b", "b", "a"), ("/a", "a", "/"), ("//a", "a", "/"),
        ("/a/", "a", "/"), ("/", "/", "/"), ("", "", ""), ("Assets/Icons/*.svg", "*.svg", "Assets/Icons"),
    ])
    func componentsAsNSStringGivesThem(path: String, last: String, parent: String) {
        #expect(PathText.lastComponent(path) == last)
        #expect(PathText.parent(path) == parent)
    }

    /// The quick answer is the long one for every path of up to seven characters made of "a",
    /// ".", "/" and "é": a path is given back as it is only where taking it apart and joining it
    /// again gives it back.
    @Test func normalisingQuicklyGivesWhatTheLongWayGives() {
        var paths = [""]
        var all: [String] = []
        for _ in 0..<7 {
            paths = paths.flatMap { path in ["a", ".", "/", "é"].map { path + $0 } }
            all += paths
        }
        for path in all {
            #expect(PathText.normalized(path) == PathText.rebuilt(path), "\(path)")
            // The quick answer may say "take it apart" where that is not needed ("..", "."), never the reverse.
            #expect(!PathText.isNormal(path) || PathText.rebuilt(path) == path, "\(path)")
        }
        #expect(PathText.isNormal("/Users/me/Art/icon.svg") && PathText.isNormal("Art/a...b/.hidden"))
        #expect(!PathText.isNormal("Art//icon.svg") && !PathText.isNormal("Art/./icon.svg") && !PathText.isNormal("../icon.svg"))
    }
}
