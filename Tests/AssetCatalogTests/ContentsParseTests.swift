import AssetCore
import Foundation
import Testing
@testable import AssetCatalog

/// Contents.json parsed once (issue 50): `JSONSerialization`'s objects become the value, and the
/// value is the one the `Codable` decoder gives, in the cases where the two parsers differ too.
@Suite struct ContentsParseTests {
    static let xcodeImageSet = """
    {
      "images" : [
        { "filename" : "A.png", "idiom" : "universal", "scale" : "1x" },
        { "idiom" : "universal", "scale" : "2x" }
      ],
      "info" : { "author" : "xcode", "version" : 1 },
      "properties" : { "preserves-vector-representation" : true, "template-rendering-intent" : "template",
                       "compression-type" : null, "weights" : [ 1.5, -2, 12345678901234567 ] }
    }
    """

    /// Documents both parsers read, where the serialization's objects are taken as they are.
    static let convertible = [
        xcodeImageSet,
        #"{ "images" : [ ], "info" : { "version" : 1 } }"#,
        #"[ true, false, 1, 1.0, "1", "true", null, { }, [ [ ] ] ]"#,
        #""just a string""#,
        #"{ "a" : "\u00e9\ud83d\ude00\n", "b" : 1e300, "c" : 18446744073709551615 }"#,
    ]

    @Test(arguments: convertible)
    func anOrdinaryDocumentIsConvertedAsTheDecoderReadsIt(_ text: String) throws {
        let data = Data(text.utf8)
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let converted = try #require(ContentsJSON.value(serialized: object, of: data))
        #expect(converted == (try ContentsJSON.parse(data)))
        #expect(ContentsReader.parse(data) == .success(converted))
    }

    @Test func booleansStayBooleansAndNumbersNumbers() throws {
        let data = Data(#"{ "t" : true, "f" : false, "one" : 1, "half" : 0.5 }"#.utf8)
        let object = try JSONSerialization.jsonObject(with: data)
        #expect(ContentsJSON.value(serialized: object, of: data)
                == .object(["t": .bool(true), "f": .bool(false), "one": .number(1), "half": .number(0.5)]))
    }

    /// Where the serialization reads otherwise, the decoder decides: the first of two equal keys
    /// (also two spellings Swift takes as one string), -0 with its sign, an underflowing number is
    /// no value, and a decimal as the decoder rounds it.
    @Test(arguments: [
        (#"{ "a" : 1, "a" : 2 }"#, JSONValue.object(["a": .number(1)])),
        ("{ \"\\u00e9\" : 1, \"e\\u0301\" : 2 }", JSONValue.object(["\u{e9}": .number(1)])),
        (#"{ "a:b" : "c:d" }"#, JSONValue.object(["a:b": .string("c:d")])),
        (#"[ 0, 0.0 ]"#, JSONValue.array([.number(0), .number(0)])),
        (#"[ 0.30000000000000004441 ]"#, JSONValue.array([.number(0.30000000000000004)])),
        (#"[ 1234567890123456789012345678901234567890123 ]"#, JSONValue.array([.number(1.2345678901234567e+42)])),
    ])
    func whereTheParsersDifferTheDecoderDecides(_ text: String, _ expected: JSONValue) throws {
        let data = Data(text.utf8)
        let object = try JSONSerialization.jsonObject(with: data)
        #expect(ContentsJSON.value(serialized: object, of: data) == nil)
        #expect(ContentsReader.parse(data) == .success(expected))
        #expect(ContentsReader.parse(data) == .success(try ContentsJSON.parse(data)))
    }

    @Test func minusZeroKeepsItsSign() throws {
        guard case .success(.array(let items)) = ContentsReader.parse(Data("[ -0 ]".utf8)),
              case .number(let zero) = items.first else {
            Issue.record("not an array of a number")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
    }

    @Test func aNumberTooSmallForADoubleIsNotValidJSON() {
        #expect(ContentsReader.parse(Data("[ 1e-400 ]".utf8)) == .failure(ContentsError(message: "Contents.json is not valid JSON")))
    }

    @Test func malformedJSONStillSaysWhere() throws {
        let result = ContentsReader.parse(Data("{\n  \"images\" : [\n    { \"idiom\" : x }\n  ]\n}\n".utf8))
        guard case .failure(let error) = result else {
            Issue.record("parsed: \(result)")
            return
        }
        #expect(error.message.hasPrefix("Contents.json is not valid JSON: "))
        #expect(error.line == 3)
        #expect(error.column == 17)
    }
}
