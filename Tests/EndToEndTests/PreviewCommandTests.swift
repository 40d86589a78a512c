import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// `build --preview` and `assetsmith preview`: the sheet and page land beside the catalog, and a
/// file of the same name that assetsmith did not write is never replaced.
@Suite struct PreviewCommandTests {
    func project() throws -> String {
        let dir = CLI.temporaryDirectory("preview")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        try "table: ios18\nassets:\n  - {name: AppIcon, kind: app-icon, source: AppIcon.svg, tinted: auto}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func buildWritesPreviewPictureAndPage() throws {
        let dir = try project()
        let result = try CLI.run(["build", "--preview"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("preview: .assetsmith/preview.png and preview.html"))
        let info = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: dir + "/.assetsmith/preview.png")))
        #expect(info.size.width == 1400)
        let html = try String(contentsOfFile: dir + "/.assetsmith/preview.html", encoding: .utf8)
        #expect(html.contains("<h2>App icon AppIcon</h2>"))

        // The second time nothing changes on disk.
        let before = try FileManager.default.attributesOfItem(atPath: dir + "/.assetsmith/preview.png")[.modificationDate] as? Date
        #expect(try CLI.run(["preview"], in: dir).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: dir + "/.assetsmith/preview.png")[.modificationDate] as? Date
        #expect(before == after)
    }

    @Test func foreignPreviewIsNotReplaced() throws {
        let dir = try project()
        try FileManager.default.createDirectory(atPath: dir + "/.assetsmith", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/.assetsmith/preview.png"))
        let result = try CLI.run(["build", "--preview"], in: dir)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/.assetsmith/preview.png")) == Data("mine".utf8))
        #expect(result.stderr.contains("\"preview.png\" exists in"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: \"preview.png\" exists in"), "a preview problem is a warning: \(result.stderr)")
        #expect(result.stderr.contains("was not written by assetsmith; not replaced"))
        #expect(result.status == 0, "the build's exit code is the catalog's")
        #expect(!result.stderr.contains("preview: .assetsmith/preview.png"), "never said to be written when it was not")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png"))
    }

    /// A catalog of 240 image sets in a group folder (one row each was 45,600 px, beyond Cairo's
    /// 32,767): the images are paged into sections, the sheet stays within the limit, and the page
    /// shows every section (issue 35).
    @Test func aCatalogOfHundredsOfSetsIsPagedWithinCairosLimit() throws {
        let dir = try project()
        let catalog = dir + "/Output/Assets.xcassets"
        let count = 240
        for index in 0..<count {
            let set = catalog + "/Images/Photo\(index).imageset"
            try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
            let bitmap = Bitmap(width: 480, height: 360, filledWith: RGBAColor(red: UInt8(index % 256), green: 120, blue: 40))
            try PNGCodec.encode(bitmap, channels: .rgba).write(to: URL(fileURLWithPath: set + "/photo@3x.png"))
            try #"{"images":[{"filename":"photo@3x.png","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#
                .write(toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
        }
        let result = try CLI.run(["build", "--preview"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("preview: .assetsmith/preview.png and preview.html"), "\(result.stderr)")
        let info = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: dir + "/.assetsmith/preview.png")))
        #expect(info.size.height <= 32767)
        let html = try String(contentsOfFile: dir + "/.assetsmith/preview.html", encoding: .utf8)
        #expect(html.contains("<h2>Images 1–40 of 240</h2>"))
        #expect(html.contains("<h2>Images 201–240 of 240</h2>"))
        #expect(!html.contains("Images 241"))
    }
}
