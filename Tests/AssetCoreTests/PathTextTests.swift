import AssetCore
import Foundation
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

    /// The extension taken apart by bytes is NSString's for every name of up to five characters
    /// made of "a", "Z", "9", ".", "@", "-", " " and "é" (the names it leaves to Foundation too),
    /// and for names as catalogs hold them.
    @Test func fileExtensionIsNSStringsPathExtension() {
        var names = [""]
        var all = [""]
        for _ in 0..<5 {
            names = names.flatMap { name in ["a", "Z", "9", ".", "@", "-", " ", "é"].map { name + $0 } }
            all += names
        }
        all += ["Icon@2x.png", "AppIcon.appiconset", "a.b.imageset", "Icon-60@3x~ipad.PNG", "x.tar.gz", ".hidden", "a..png",
                "name.", "Home.selected.imageset", "日本.png", "a+b_c.jpeg"]
        for name in all {
            #expect(PathText.fileExtension(name) == (name as NSString).pathExtension, "\(name)")
        }
        #expect(PathText.fileExtension("Icon@2x.png") == "png" && PathText.fileExtension("Icon") == "")
    }
}
