import Foundation
import Testing
import TestSupport

/// Issue 36: `init` does not copy a sparse master, and a file list never names a file whose name
/// holds a line break (an .xcfilelist has one path a line, with no escape).
@Suite struct RoundThreeInitAndListsTests {
    @Test func initRefusesASparseMasterAndCopiesNothing() throws {
        let (dir, _) = try InitCommandTests.projectWithArtwork("init-sparse")
        let master = dir + "/" + AdoptionTests.catalog + "/AppIcon.appiconset/Icon-designer.png"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: master))
        try handle.truncate(atOffset: UInt64(3) << 30)
        try handle.close()
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains("the master \"MyApp/Assets.xcassets/AppIcon.appiconset/Icon-designer.png\" is 3 GB, over the budget of 256 MB for one source file; nothing was copied"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/AssetSources/AppIcon.png"))
    }

    @Test func aSourceNameWithALineBreakIsNotWrittenIntoAFileList() throws {
        let dir = try HostileInputRoundTwoTests.project("list-newline", assets: "  - {name: Two, kind: image, source: \"Ban\\nner.png\", size: 120x45}\n")
        try FileManager.default.copyItem(atPath: dir + "/Banner.png", toPath: dir + "/Ban\nner.png")
        let result = try CLI.run(["build", "--input-file-list", "in.xcfilelist"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: --input-file-list cannot list \""), "\(result.stderr)")
        #expect(result.stderr.contains("its name holds a line break, which a file list cannot hold; the list was not written"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/in.xcfilelist"))
        #expect(HostileInputRoundTwoTests.goodWasBuilt(dir))
    }
}
