import AssetCore
import Foundation
import Testing

/// `JSONValue` reads every JSON kind as itself, whatever order it tries them in: a string that
/// looks like a number or a boolean stays a string, `true` is no number, `1` no boolean.
@Suite struct JSONValueTests {
    @Test func everyKindReadsAsItself() throws {
        let text = #"{"s": "text", "n": "1", "b": "true", "i": 1, "f": -2.5e3, "t": true, "no": false, "z": null,"#
            + #" "a": [1, "x", false, null, [], {}], "o": {"k": {"deep": ["v"]}}, "e": ""}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value == .object([
            "s": .string("text"), "n": .string("1"), "b": .string("true"), "i": .number(1), "f": .number(-2500),
            "t": .bool(true), "no": .bool(false), "z": .null,
            "a": .array([.number(1), .string("x"), .bool(false), .null, .array([]), .object([:])]),
            "o": .object(["k": .object(["deep": .array([.string("v")])])]), "e": .string(""),
        ]))
        for (json, expected) in [("1", JSONValue.number(1)), ("true", .bool(true)), ("\"1\"", .string("1")), ("[]", .array([]))] {
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) == expected)
        }
    }
}
