import AssetCore
import AssetSpec
import Foundation
import Testing

/// `source: Folder/*.svg` with `name: Prefix-*`: one asset per matching file.
@Suite struct SourcePatternTests {
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("patterns-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir + "/Icons", withIntermediateDirectories: true)
        for name in ["star.svg", "bell.svg", "notes.txt", ".hidden.svg"] {
            FileManager.default.createFile(atPath: dir + "/Icons/" + name, contents: Data("<svg/>".utf8))
        }
        return dir
    }()

    func parse(_ text: String) throws(ManifestError) -> Manifest {
        try ManifestLoader.parse(text, file: "assetsmith.yml", directory: directory)
    }

    @Test func oneAssetPerMatchingFileInNameOrder() throws {
        let manifest = try parse("table: ios18\nassets:\n  - {name: Icon-*, kind: image, source: Icons/*.svg, size: 24}\n")
        #expect(manifest.assets.map(\.name) == ["Icon-bell", "Icon-star"])
        guard case .image(let image) = manifest.assets[1].kind else {
            Issue.record("not an image")
            return
        }
        #expect(image.source.written == "Icons/star.svg")
        #expect(manifest.assets[1].location.line == 3)
        #expect(manifest.patternFolders == [directory + "/Icons"])
    }

    /// A one-character path trapped in Foundation's path methods (SIGILL, found by the fuzzer);
    /// `source: "*"` is the pattern of every file beside the manifest, and `source: a` a missing file.
    @Test func oneCharacterSourcesAreReadNotCrashedOn() {
        #expect(manifestErrors("table: ios18\nassets:\n  - {name: I-*, kind: image, source: '*', size: 24}\n", directory: directory) == [
            "assetsmith.yml:3:38: error: \"source\" in asset \"I-Icons\" is \"Icons\"; sources must be .svg, .pdf or .png files\n  fix: export the artwork as SVG or PDF (preferred) or PNG",
        ])
        #expect(manifestErrors("table: ios18\nassets:\n  - {name: I, kind: image, source: a, size: 24}\n", directory: directory).count == 1)
    }

    @Test func patternMistakesAreReported() {
        func errors(_ text: String) -> [String] { manifestErrors(text, directory: directory) }
        #expect(errors("table: ios18\nassets:\n  - {name: Icon, kind: image, source: Icons/*.svg, size: 24}\n") == [
            "assetsmith.yml:3:12: error: an asset whose \"source\" is a pattern (\"Icons/*.svg\") needs a \"name\" with \"*\"\n  fix: write a name such as \"Icon-*\"; \"*\" becomes each file's name without extension",
        ])
        #expect(errors("table: ios18\nassets:\n  - {name: I-*, kind: image, source: Icons/*.png, size: 24}\n") == [
            "assetsmith.yml:3:38: error: \"source\" pattern \"Icons/*.png\" matches no file\n  fix: check the folder and the extension; the pattern is relative to the manifest's folder",
        ])
        #expect(errors("table: ios18\nassets:\n  - {name: I-*, kind: image, source: \"*/x.svg\", size: 24}\n").first?
            .contains("has a \"*\" in a folder name") == true)
    }
}
