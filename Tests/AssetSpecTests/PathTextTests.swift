import AssetCore
import Testing

@Suite struct PathTextTests {
    @Test func normalisesLexically() {
        #expect(PathText.absolute("Assets/./Glyphs/../AppIcon.svg", relativeTo: "/work/app") == "/work/app/Assets/AppIcon.svg")
        #expect(PathText.absolute("/abs//x.svg", relativeTo: "/ignored") == "/abs/x.svg")
        #expect(PathText.absolute("../../../x.svg", relativeTo: "/a") == "/x.svg")
        #expect(PathText.normalized("a/../../b") == "../b")
        #expect(PathText.normalized("./") == ".")
        #expect(PathText.absolute(".", relativeTo: "/work/app/") == "/work/app")
    }
}
