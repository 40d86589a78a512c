import AssetsmithCLI
import Testing

/// What the macOS watcher reports of FSEvents' paths (real paths, every level below a folder):
/// a watched folder or a file directly in one, spelled as the folder was given; nothing deeper.
@Suite struct WatchedPathsTests {
    let folders = ["/private/tmp/p": "/tmp/p", "/private/tmp/p/Assets": "/tmp/p/Assets", "/": "/"]

    @Test func aFileDirectlyInAWatchedFolderIsReportedAsTheFolderSpellsIt() {
        #expect(WatchedPaths.direct(["/private/tmp/p/assetsmith.yml"], in: folders) == ["/tmp/p/assetsmith.yml"])
        #expect(WatchedPaths.direct(["/private/tmp/p/Assets/icon.svg"], in: folders) == ["/tmp/p/Assets/icon.svg"])
        #expect(WatchedPaths.direct(["/private/tmp/p/Assets/"], in: folders) == ["/tmp/p/Assets"])
        #expect(WatchedPaths.direct(["/private/tmp/p"], in: folders) == ["/tmp/p"])
        #expect(WatchedPaths.direct(["/etc"], in: folders) == ["/etc"])
    }

    @Test func aPathOneLevelTooDeepOrElsewhereIsLeftOut() {
        #expect(WatchedPaths.direct(["/private/tmp/p/Assets/Deep/icon.svg"], in: folders).isEmpty)
        #expect(WatchedPaths.direct(["/private/tmp/p/Output/Assets.xcassets/Contents.json"], in: folders).isEmpty)
        #expect(WatchedPaths.direct(["/private/tmp/q/icon.svg", "/tmp/p/icon.svg"], in: folders).isEmpty)
    }
}
