import AssetCatalog
import AssetCore
import Foundation
import Testing

/// Contents.json entries by name: what planners write is what Xcode writes, and a hand-made
/// entry with odd keys or types is read by name without losing anything.
@Suite struct ContentsImageTests {
    @Test func anAppIconEntryEncodesAsXcodeWritesIt() throws {
        let image = ContentsImage(filename: "AppIcon-dark.png", idiom: "universal", size: "1024x1024", platform: "ios",
                                  appearances: [(appearance: "luminosity", value: "dark")])
        let text = ContentsJSON.format(ContentsDocument(images: [image]).json)
        #expect(text == """
            {
              "images" : [
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    }
                  ],
                  "filename" : "AppIcon-dark.png",
                  "idiom" : "universal",
                  "platform" : "ios",
                  "size" : "1024x1024"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """)
    }

    @Test func aHandMadeEntryIsReadByNameAndKeptWhole() {
        let fields: [String: JSONValue] = ["filename": "Logo@3x.png", "idiom": "universal", "scale": "3x",
                                           "size": 20, "language-direction": "left-to-right"]
        let image = ContentsImage(fields: fields)
        #expect(image.filename == "Logo@3x.png")
        #expect(image.scale == .x3)
        #expect(image.sizeText == nil, "a number where Xcode writes a string is not a size")
        #expect(image.appearances.isEmpty)
        #expect(image.json == .object(fields), "unknown keys and odd values are kept")
        let fourTimes = ContentsImage(fields: ["filename": "a.png", "scale": "4x"])
        #expect(fourTimes.scale == nil && fourTimes.scaleText == "4x")
    }
}
