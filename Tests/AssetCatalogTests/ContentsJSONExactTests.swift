import AssetCore
import Foundation
import Testing
@testable import AssetCatalog

/// A Contents.json a build writes is taken without a parse when the file holds its bytes (issue 50):
/// that is sound only for values whose written bytes read back as themselves (`exactData`).
@Suite struct ContentsJSONExactTests {
    /// Values of every kind a Contents.json holds, strings that need escapes, a colon, a slash, a
    /// second Unicode form, whole numbers up to the largest written whole.
    static let exact: [JSONValue] = [
        .object([:]), .array([]), .null, .bool(true), .bool(false), .number(1), .number(-3), .number(0),
        .number(999_999_999_999_999), .number(-999_999_999_999_999),
        .string(""), .string("a:b"), .string("say \"hi\"\\ \n\r\t\u{07}\u{1F}\u{7F}"), .string("Caf\u{E9} Cafe\u{301} ☕️ /x"),
        .object(["images": .array([.object(["filename": .string("A@2x.png"), "idiom": .string("universal"), "scale": .string("2x")])]),
                 "info": .object(["author": .string("xcode"), "version": .number(1)]),
                 "properties": .object(["template-rendering-intent": .string("template"), "preserves-vector-representation": .bool(true)])]),
        .array([.array([.object(["": .null])]), .string("\u{0}")]),
    ]

    @Test func exactValuesReadBackAsThemselves() throws {
        for value in Self.exact {
            let bytes = try #require(ContentsJSON.exactData(value), "\(value)")
            #expect(bytes == ContentsJSON.data(value))
            // Read back as verify reads a Contents.json: the same value, scalar for scalar.
            let read = try ContentsReader.parse(bytes).get()
            #expect(read == value)
            if case .object(let fields) = value, case .object(let readFields) = read {
                #expect(fields.keys.map { Array($0.unicodeScalars) }.sorted { $0.lexicographicallyPrecedes($1) { $0.value < $1.value } }
                    == readFields.keys.map { Array($0.unicodeScalars) }.sorted { $0.lexicographicallyPrecedes($1) { $0.value < $1.value } })
            }
        }
        // The second form of a string is kept as written, not made the first.
        let read = try ContentsReader.parse(try #require(ContentsJSON.exactData(.string("Cafe\u{301}")))).get()
        #expect(read.stringValue.map { Array($0.unicodeScalars) } == Array("Cafe\u{301}".unicodeScalars))
    }

    /// A number written otherwise than whole, or -0 (read back as 0), is not exact, wherever it is.
    @Test func numbersThatMayNotReadBackAreNotExact() {
        for number in [0.5, -0.0, 1e15, -1e15, 1e300, .nan, .infinity, -.infinity, 1.000_000_1] {
            #expect(ContentsJSON.exactData(.number(number)) == nil, "\(number)")
            #expect(ContentsJSON.exactData(.object(["images": .array([.object(["scale": .number(number)])])])) == nil, "\(number)")
        }
        #expect(ContentsJSON.exactData(.number(999_999_999_999_999)) != nil)
        #expect(ContentsJSON.exactData(.number(0)) != nil)
    }

    /// The expected value is taken when the bytes are those given with it, and only then.
    @Test func theExpectedValueIsTakenOnlyForItsBytes() throws {
        let written = JSONValue.object(["info": .object(["version": .number(1)])])
        let bytes = try #require(ContentsJSON.exactData(written))
        // A stand-in value shows which way was taken (a caller gives the value the bytes were written from).
        let standIn = JSONValue.object(["taken": .bool(true)])
        #expect(try ContentsReader.contents(read: .success(bytes), expected: (standIn, bytes)).get() == standIn)
        let spaced = Data(#"{ "info" : { "version" : 1 } }"#.utf8)
        #expect(try ContentsReader.contents(read: .success(spaced), expected: (standIn, bytes)).get() == written)
        #expect(try ContentsReader.contents(read: .success(bytes + Data(" ".utf8)), expected: (standIn, bytes)).get() == written)
        #expect(try ContentsReader.contents(read: .success(bytes)).get() == written)
        #expect(throws: ContentsError.self) {
            try ContentsReader.contents(read: .failure(.tooLarge(size: 2, limit: 1)), expected: (standIn, bytes)).get()
        }
    }
}
