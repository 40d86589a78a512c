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
}
