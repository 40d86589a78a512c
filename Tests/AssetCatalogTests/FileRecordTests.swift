import AssetCatalog
import AssetCore
import Foundation
import Testing

/// A file's record keeps its facts in one allocation that copies share (issue 38): it still acts
/// as a value.
@Suite struct FileRecordTests {
    let entry = FileRecord(sha256: Digest.sha256Digest(Data([1])), asset: "A", source: "Art/a.svg",
                           sourceSHA256: Digest.sha256Digest(Data([2])), sourcePixels: PixelSize(width: 3, height: 4),
                           key: Digest.sha256Digest(Data([3])), derivedChange: 0.5, stamp: [5, 1_700_000_000, 7])

    @Test func aChangedCopyLeavesTheOriginalAlone() {
        var copy = entry
        copy.asset = "B"
        copy.stamp = [6, 1_700_000_001, 8]
        copy.key = nil
        #expect(entry.asset == "A")
        #expect(entry.stamp == [5, 1_700_000_000, 7])
        #expect(entry.key == Digest.sha256Digest(Data([3])))
        #expect(copy != entry)
        copy.asset = "A"
        copy.stamp = [5, 1_700_000_000, 7]
        copy.key = Digest.sha256Digest(Data([3]))
        #expect(copy == entry)
        #expect(copy.hashValue == entry.hashValue)
    }

    @Test func everyFactReadsBackAsSet() {
        #expect(entry.sha256 == Digest.sha256Digest(Data([1])))
        #expect(entry.source == "Art/a.svg")
        #expect(entry.sourceSHA256 == Digest.sha256Digest(Data([2])))
        #expect(entry.sourcePixels == PixelSize(width: 3, height: 4))
        #expect(entry.derivedChange == 0.5)
        #expect(entry.stamped([1, 2, 0]).stamp == nil, "a whole second cannot tell writes apart")
        #expect(entry.stamped([1, 2]).stamp == nil)
        var other = entry
        other.stamp = [1, 2]
        #expect(other.stamp == [1, 2], "a stamp of another length is kept as it is")
        other.stamp = nil
        #expect(other.stamp == nil)
    }

    @Test func anEqualEarlierRecordIsTakenInstead() {
        let same = entry.stamped([5, 1_700_000_000, 7])
        #expect(same.reusing(entry) == entry)
        #expect(same.reusing(nil) == same)
        let newer = entry.stamped([5, 1_700_000_000, 9])
        #expect(newer.reusing(entry).stamp == [5, 1_700_000_000, 9], "a different record is kept")
    }
}
