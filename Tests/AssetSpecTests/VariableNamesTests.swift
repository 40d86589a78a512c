import Testing
@testable import AssetSpec

/// Issue 38: a manifest without `${` is settled by its bytes; one with it reads its names as before.
@Suite struct VariableNamesTests {
    @Test func namesAreFoundOnlyWhereTheTextHasThem() {
        #expect(ManifestLoader.variableNames("assets:\n  - {name: A, kind: image, source: a.svg, size: 24}\n").isEmpty)
        #expect(ManifestLoader.variableNames("badge: {text: \"$ {X} and {Y}$\"}").isEmpty)
        #expect(ManifestLoader.variableNames("badge: {text: \"${BUILD}-${ENV} $${BUILD}\"}") == ["BUILD", "ENV"])
        #expect(ManifestLoader.variableNames("text: ${UNCLOSED") == [])
        #expect(ManifestLoader.mayNameVariables("a${") && !ManifestLoader.mayNameVariables("a$ {") && !ManifestLoader.mayNameVariables(""))
    }
}
