import AssetCore
import Testing

/// An asset's name becomes a folder and file names: letters, digits, spaces, "-", "_" and ".",
/// starting with a letter or digit, at most 100 characters, never ".." and never ending in "." or " ".
@Suite struct AssetNameTests {
    @Test func aNameOfAtMost100CharactersIsValid() {
        #expect(AssetName.isValid(String(repeating: "a", count: 100)))
        #expect(!AssetName.isValid(String(repeating: "a", count: 101)))
        #expect(!AssetName.isValid(String(repeating: "a", count: 99) + "é"), "100 characters, but not ASCII")
        #expect(AssetName.isValid("A"))
        #expect(!AssetName.isValid(""))
    }

    @Test func dotsAndEndsAreChecked() {
        #expect(AssetName.isValid("Icon.Large-2_x 3"))
        #expect(!AssetName.isValid("Icon..Large"))
        #expect(!AssetName.isValid("Icon...Large"))
        #expect(!AssetName.isValid("Icon."))
        #expect(!AssetName.isValid("Icon "))
        #expect(!AssetName.isValid(".Icon"))
        #expect(!AssetName.isValid("-Icon"))
        #expect(!AssetName.isValid("Icon/Large"))
        #expect(!AssetName.isValid("Ícon"))
    }
}
