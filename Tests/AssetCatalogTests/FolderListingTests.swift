import AssetCatalog
import Foundation
import Testing

/// A folder's entries come with what each is, from the listing: a link is told from the folder it
/// leads to, and never followed.
@Suite struct FolderListingTests {
    @Test func entriesSayWhatEachIs() throws {
        let folder = NSTemporaryDirectory() + "assetsmith-listing-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/A.imageset", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/Contents.json"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/L.imageset", withDestinationPath: folder + "/A.imageset")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Gone.imageset", withDestinationPath: folder + "/nowhere")
        let kinds = Dictionary(uniqueKeysWithValues: FolderListing.entries(of: folder).map { ($0.name, $0.kind) })
        #expect(kinds == ["A.imageset": .folder, "Contents.json": .file, "L.imageset": .link, "Gone.imageset": .link])
        #expect(FolderListing.entries(of: folder + "/none").isEmpty)
        #expect(FolderListing.entries(of: folder + "/Contents.json").isEmpty, "a file is no folder to list")
        #expect(ContentsReader.setPaths(inCatalogAt: folder) == ["A.imageset", "Gone.imageset", "L.imageset"])
    }
}

/// A request names its file in messages as the catalog shows it, made only when a message asks.
@Suite struct FileUpdateRequestTests {
    @Test func aRequestIsShownInItsFolderOrAlone() {
        let inCatalog = FileUpdate.Request(data: Data(), path: "A.imageset/A.png", generatedBefore: false, shownIn: "Assets.xcassets")
        #expect(inCatalog.shownAs == "Assets.xcassets/A.imageset/A.png")
        let beside = FileUpdate.Request(data: Data(), path: "Launch-UILaunchScreen.plist", generatedBefore: false, shownIn: "")
        #expect(beside.shownAs == "Launch-UILaunchScreen.plist")
    }
}

