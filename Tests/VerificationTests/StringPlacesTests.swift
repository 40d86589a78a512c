import Foundation
import Testing
import Verification

/// Where verify points in a Contents.json: one pass for every key (issue 23: 30,000 findings on
/// one line took 80 s, rescanning the line for each).
@Suite struct StringPlacesTests {
    @Test func placesOnOneLongLineAreCountedInCharacters() {
        let text = #"{"images":[{"idiom":"bogus","filename":"é.png"},{"idiom":"iphone","filename":"b.png"}]}"#
        let places = StringPlaces.index(Data(text.utf8))
        #expect(places["idiom\u{0}bogus"]! == (1, 13))
        #expect(places["idiom\u{0}iphone"]! == (1, 50))
        #expect(places["filename\u{0}b.png"]! == (1, 67))
        #expect(places["idiom\u{0}\u{0}any"]! == (1, 13))
    }

    @Test func linesAndEscapedQuotesAreFollowed() {
        let text = "{\n  \"a\" : \"x\\\"y\",\n  \"scale\" : \"3x\"\n}"
        let places = StringPlaces.index(Data(text.utf8))
        #expect(places["scale\u{0}3x"]! == (3, 3))
        #expect(places["a\u{0}x\\\"y"]! == (2, 3))
    }

    @Test func thirtyThousandEntriesOnOneLineAreAllPlaced() {
        let entries = (0..<30_000).map { #"{"filename":"f\#($0).png","idiom":"universal"}"# }
        let text = #"{"images":["# + entries.joined(separator: ",") + "]}"
        let places = StringPlaces.index(Data(text.utf8))
        // Each entry is 46 characters (47 with its comma) for a five-digit number.
        let last = entries.dropLast().reduce(12) { $0 + $1.count + 1 }
        #expect(places["filename\u{0}f29999.png"]! == (1, last + 1))
    }
}
