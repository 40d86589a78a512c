import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport
import Verification

/// Issue 36: the alpha rule at its edge, so that a mutant counting only alpha 0 (or below 128) as
/// transparent is caught: alpha 254 and 128 are transparent, 255 is not.
@Suite struct EdgeRuleTests {
    static let contents = """
        { "images" : [
          { "filename" : "Store.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }
        ], "info" : { "author" : "xcode", "version" : 1 } }
        """

    /// A 1024 px App Store icon, opaque but for one pixel of `alpha` (none when 255).
    static func storeIcon(alpha: UInt8) throws -> Data {
        var bitmap = Bitmap(width: 1024, height: 1024, filledWith: RGBAColor(red: 30, green: 90, blue: 200))
        bitmap.pixels[(512 * 1024 + 512) * 4 + 3] = alpha
        return try PNGCodec.encode(bitmap, channels: .rgba)
    }

    func lines(alpha: UInt8) throws -> [String] {
        let path = try VerifyFixtures.catalog(set: "AppIcon.appiconset", contents: Self.contents,
                                              files: ["Store.png": try Self.storeIcon(alpha: alpha)])
        return VerifyFixtures.findingLines(path)
    }

    @Test(arguments: [UInt8(254), 128, 0]) func oneTransparentPixelInTheAppStoreIconIsAnError(alpha: UInt8) throws {
        #expect(try lines(alpha: alpha) == [
            "Assets.xcassets/AppIcon.appiconset/Store.png: error: has 1 transparent pixel; App Store Connect rejects a transparent App Store icon (ITMS-90717)",
        ])
    }

    @Test func alpha255EverywhereIsOpaque() throws {
        let found = try lines(alpha: 255)
        #expect(!found.contains { $0.contains("transparent pixel") }, "\(found)")
        #expect(found.allSatisfy { $0.contains(": warning: ") }, "\(found)")
    }

    /// A 300 MB catalog image (sparse, a real PNG header) is refused from its size, with the
    /// 256 MB budget named: a budget raised tenfold would read it (and say something else).
    @Test func a300MBCatalogImageIsRefusedFromItsSize() throws {
        let path = try VerifyFixtures.catalog(set: "Big.imageset", contents: """
            { "images" : [ { "filename" : "Big.png", "idiom" : "universal", "scale" : "1x" } ], "info" : { "author" : "xcode", "version" : 1 } }
            """, files: ["Big.png": try VerifyFixtures.png(side: 8)])
        let file = path + "/Big.imageset/Big.png"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: UInt64(300) << 20)
        try handle.close()
        #expect(VerifyFixtures.findingLines(path) == [
            "Assets.xcassets/Big.imageset/Big.png: error: is 300 MB, over the budget of 256 MB for one image; it was not read",
        ])
    }

    /// A file of a set that is a symbolic link is not read (its target may be anything on the
    /// machine): named, not followed.
    @Test func aLinkedFileInASetIsNotFollowed() throws {
        let path = try VerifyFixtures.catalog(set: "Big.imageset", contents: """
            { "images" : [ { "filename" : "Big.png", "idiom" : "universal", "scale" : "1x" } ], "info" : { "author" : "xcode", "version" : 1 } }
            """)
        try FileManager.default.createSymbolicLink(atPath: path + "/Big.imageset/Big.png", withDestinationPath: "/etc/passwd")
        #expect(VerifyFixtures.findingLines(path) == [
            "Assets.xcassets/Big.imageset/Big.png: error: cannot read Big.png (a symbolic link, which verify does not follow)",
        ])
        // The fix says what to do with a link, not to look at permissions.
        #expect(Verifier.verify(catalogAt: path).findings.map(\.fix)
            == ["put the file itself in the set instead of a link (assetsmith build does not follow it, and Xcode may not)"])
    }
}
