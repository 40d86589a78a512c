import AssetCore
import Testing
@testable import AssetCatalog

/// Contents.json as Xcode writes it: sorted keys, two-space indent, `"key" : value`, and strings
/// escaped only where JSON needs it (the plain ones are taken whole, by a byte check).
@Suite struct ContentsJSONFormatTests {
    @Test func nestingIndentsAndEmptyContainersAreWrittenAsXcodeDoes() {
        let value = JSONValue.object([
            "info": .object(["version": .number(1), "author": .string("xcode")]),
            "images": .array([.object(["scale": .string("2x"), "size": .number(29.5)]), .array([])]),
            "properties": .object([:]),
            "flag": .bool(true), "none": .null,
        ])
        #expect(ContentsJSON.format(value) == """
        {
          "flag" : true,
          "images" : [
            {
              "scale" : "2x",
              "size" : 29.5
            },
            [

            ]
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "none" : null,
          "properties" : {

          }
        }

        """)
    }

    @Test func stringsAreEscapedExactlyWhereJSONNeedsIt() {
        let cases: [(String, String)] = [
            ("plain name@2x.png", #""plain name@2x.png""#),
            ("café ☕️", #""café ☕️""#),
            ("say \"hi\"", #""say \"hi\"""#),
            ("back\\slash", #""back\\slash""#),
            ("line\nfeed\r\ttab", #""line\nfeed\r\ttab""#),
            ("bell\u{07}", #""bell\u0007""#),
            ("unit\u{1F}", #""unit\u001f""#),
            ("del\u{7F}", "\"del\u{7F}\""),
        ]
        for (text, written) in cases {
            #expect(ContentsJSON.format(.string(text)) == written + "\n", "\(text)")
        }
    }
}
