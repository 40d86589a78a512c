import AssetCatalog
import AssetCore
import Foundation
import Testing

/// A digest kept in 32 bytes (issue 38) reads and writes as the lower-case hex text records
/// always held, and a text that is not such a digest is kept as written, as before.
@Suite struct SHA256DigestTests {
    /// SHA-256 of "abc" (FIPS 180-2).
    let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test func aDigestIsItsHexText() {
        let digest = Digest.sha256Digest(Data("abc".utf8))
        #expect(digest.isDigest)
        #expect(digest.hex == abc)
        #expect(Digest.sha256(Data("abc".utf8)) == abc)
        #expect(SHA256Digest(abc) == digest, "the text reads back into the same bytes")
        #expect(SHA256Digest(abc).hex == abc)
        #expect(SHA256Digest(abc[...]) == digest, "a substring reads the same")
        for byte in 0..<64 {
            let data = Data((0..<byte).map { UInt8(truncatingIfNeeded: $0 &* 37) })
            let hex = Digest.sha256(data)
            #expect(SHA256Digest(hex).hex == hex)
            #expect(SHA256Digest(hex) == Digest.sha256Digest(data))
        }
        #expect(digest.prefix(16) == "ba7816bf8f01cfea")
    }

    @Test func anyOtherTextIsKeptAsWrittenAndMatchesNoDigest() {
        let digest = Digest.sha256Digest(Data("abc".utf8))
        for text in [abc.uppercased(), String(abc.dropLast()), abc + "0", String(abc.dropLast()) + "g", "", "x",
                     " " + String(abc.dropFirst()), String(abc.dropLast()) + "é"] {
            let kept = SHA256Digest(text)
            #expect(!kept.isDigest, "\(text)")
            #expect(kept.hex == text, "written back as it was")
            #expect(kept != digest)
            #expect(kept == SHA256Digest(text))
        }
        #expect(SHA256Digest(abc.uppercased()) != SHA256Digest(abc), "upper case is not the digest, as the text never was")
    }

    /// 32 bytes are the digest whether they lie together (Data, Array: read as words) or not (a lazy
    /// collection, read byte by byte), and give back the same bytes; 31 or 33 are kept as hex text.
    @Test func thirtyTwoBytesAreADigestHoweverTheyAreHeld() {
        let bytes = (0..<32).map { UInt8($0 * 7 + 1) }
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        for digest in [SHA256Digest(bytes: Data(bytes)), SHA256Digest(bytes: bytes), SHA256Digest(bytes: bytes.lazy.map { $0 })] {
            #expect(digest == SHA256Digest(hex))
            #expect(digest.isDigest && digest.bytes == bytes)
        }
        #expect(!SHA256Digest(bytes: Data(bytes.dropLast())).isDigest)
        #expect(!SHA256Digest(bytes: Data(bytes + [0])).isDigest)
        #expect(SHA256Digest(bytes: Data(bytes.dropLast())).hex == String(hex.dropLast(2)))
    }

    @Test func equalDigestsHashAlike() {
        let one = Digest.sha256Digest(Data([1])), two = Digest.sha256Digest(Data([2]))
        #expect(one != two)
        #expect(Set([one, two, SHA256Digest(one.hex), SHA256Digest("x"), SHA256Digest("x")]).count == 3)
        var table: [SHA256Digest: Int] = [:]
        table[one] = 1
        #expect(table[SHA256Digest(one.hex)] == 1)
        #expect(MemoryLayout<SHA256Digest>.size <= 33, "32 bytes inline (and which kind)")
    }

    @Test func itCodesAsTheHexText() throws {
        let digest = Digest.sha256Digest(Data("abc".utf8))
        let encoded = try JSONEncoder().encode([digest, SHA256Digest("Not Hex")])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(abc)\",\"Not Hex\"]")
        let decoded = try JSONDecoder().decode([SHA256Digest].self, from: encoded)
        #expect(decoded == [digest, SHA256Digest("Not Hex")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([SHA256Digest].self, from: Data("[12]".utf8)) }
    }

    /// A record written and read back is the same record, and written again the same bytes: the
    /// entries' digests (hex or not), stamps and other facts all come back as they were.
    @Test func aRecordReadsBackAndWritesTheSameBytes() throws {
        var record = BuildRecord(table: "ios18")
        record.files["A.imageset/A.png"] = FileRecord(sha256: Digest.sha256Digest(Data([1])), asset: "A", source: "Art/a.svg",
                                                      sourceSHA256: Digest.sha256Digest(Data([2])),
                                                      sourcePixels: PixelSize(width: 3, height: 4),
                                                      key: Digest.sha256Digest(Data([3])), derivedChange: 0.25,
                                                      stamp: [10, 1_700_000_000, 123])
        record.files["A.imageset/Contents.json"] = FileRecord(sha256: "by hand", asset: "A", key: "ABCDEF", stamp: [1, 2])
        record.files["Contents.json"] = FileRecord(sha256: Digest.sha256Digest(Data([4])), asset: "")
        let data = record.encoded()
        let read = try JSONDecoder().decode(BuildRecord.self, from: data)
        #expect(read == record)
        #expect(read.encoded() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"sha256\" : \"\(Digest.sha256(Data([1])))\""))
        #expect(text.contains("\"sha256\" : \"by hand\""))
        #expect(text.contains("\"key\" : \"ABCDEF\""))
        #expect(read.files["A.imageset/Contents.json"]?.stamp == [1, 2])
        #expect(read.files["A.imageset/A.png"]?.stamp == [10, 1_700_000_000, 123])
    }
}
