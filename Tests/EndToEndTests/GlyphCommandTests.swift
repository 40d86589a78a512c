import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// Glyph kinds through the CLI: the warning a designer sees for a white backdrop (every build,
/// so `--strict` keeps failing), tab pairs of equal sizes with a derived filled form, template
/// intent, and a catalog that verify accepts.
@Suite struct GlyphCommandTests {
    @Test func backdropWarningPairsAndVerify() throws {
        let dir = CLI.temporaryDirectory("glyphs")
        for file in ["glyph-on-white.svg", "heart-outline.svg"] {
            try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/" + file).path, toPath: dir + "/" + file)
        }
        try """
        table: ios18
        assets:
          - {name: White, kind: bar-glyph, source: glyph-on-white.svg}
          - {name: TabHeart, kind: tab-icon, source: heart-outline.svg, shape: square}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let warning = """
        assetsmith.yml:3:44: warning: asset "White": glyph source "glyph-on-white.svg" has a flat #FFFFFF background; it was dropped
          fix: export the glyph on a transparent background (rule 7)
        """
        let first = try CLI.run([], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains(warning), "\(first.stderr)")
        let strict = try CLI.run(["build", "--strict"], in: dir)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(warning.replacingOccurrences(of: ": warning: ", with: ": error: ")))

        let catalog = dir + "/Output/Assets.xcassets"
        for set in ["White", "TabHeart", "TabHeart.selected"] {
            let contents = try String(contentsOfFile: "\(catalog)/\(set).imageset/Contents.json", encoding: .utf8)
            #expect(contents.contains("\"template-rendering-intent\" : \"template\""), "\(set)")
        }
        let outline = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: catalog + "/TabHeart.imageset/TabHeart@3x.png")))
        let filled = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: catalog + "/TabHeart.selected.imageset/TabHeart.selected@3x.png")))
        #expect(outline.size == filled.size)
        func coverage(_ bitmap: Bitmap) -> Int { stride(from: 3, to: bitmap.pixels.count, by: 4).reduce(0) { $0 + Int(bitmap.pixels[$1]) } }
        #expect(coverage(filled) > coverage(outline) * 3 / 2, "the derived selected form is filled")
        // Template images: colour dropped, the corners transparent.
        #expect(filled.pixels[3] == 0 && outline.pixels[3] == 0)

        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    /// A tab whose derived form would look like the given one: a warning at the source's manifest
    /// line naming the tab and the key to give, on every build; `--strict` fails on it. A tab whose
    /// outline encloses something gets no warning.
    @Test func indistinctDerivedFormWarnsAndFailsStrict() throws {
        let dir = CLI.temporaryDirectory("tab-forms")
        for file in ["chevron.svg", "gear-outline.svg", "house-open.svg"] {
            try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/tabs/" + file).path, toPath: dir + "/" + file)
        }
        try """
        table: ios18
        assets:
          - name: TabGear
            kind: tab-icon
            source: gear-outline.svg
          - name: TabNext
            kind: tab-icon
            source: chevron.svg
          - {name: TabHome, kind: tab-icon, selected-source: chevron.svg, source: house-open.svg}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let warning = """
        assetsmith.yml:8:13: warning: could not derive a distinct selected form for TabNext; give `selected-source`
        """
        let first = try CLI.run([], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains(warning), "\(first.stderr)")
        #expect(!first.stderr.contains("TabGear"), "the gear's filled form is distinct")
        #expect(!first.stderr.contains("TabHome"), "both forms given: nothing derived")
        #expect(first.stderr.contains("0 errors, 1 warning"), "\(first.stderr)")
        let strict = try CLI.run(["build", "--strict"], in: dir)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(warning.replacingOccurrences(of: ": warning: ", with: ": error: ")), "repeated on an up-to-date build, as an error under --strict")
        // The manifest changes (the stamp no longer matches) but every image is up to date: the
        // measure comes from the build record, nothing is derived or drawn, the warning stays.
        let record = try String(contentsOfFile: dir + "/.assetsmith/Assets.xcassets.record.json", encoding: .utf8)
        #expect(record.components(separatedBy: "\"derived-change\"").count - 1 == 12, "TabGear and TabNext, six sizes each: \(record)")
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        try (manifest + "\n# touched\n").write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let again = try CLI.run([], in: dir)
        #expect(again.status == 0)
        #expect(again.stderr.contains(warning), "\(again.stderr)")
        #expect(again.stderr.contains(" 0 rendered"), "\(again.stderr)")
        #expect(again.stderr.contains("0 errors, 1 warning"), "\(again.stderr)")
    }

    /// Issue 52: the selected form of a download tray (the arrow stops above the tray's mouth) is
    /// filled at every size the build writes, compact and regular, @1x to @3x, with no warning;
    /// an open cup, which encloses nothing, gets the heavier outline at every size and a warning
    /// that names it.
    @Test func everyWrittenSizeOfATabPairIsDistinct() throws {
        let dir = CLI.temporaryDirectory("tab-pairs")
        for file in ["download-tray.svg", "cup.svg"] {
            try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/tabs/" + file).path, toPath: dir + "/" + file)
        }
        try """
        table: ios18
        assets:
          - {name: TabTray, kind: tab-icon, source: download-tray.svg, shape: square}
          - {name: TabCup, kind: tab-icon, source: cup.svg, shape: square}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run([], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("TabTray"), "\(build.stderr)")
        #expect(build.stderr.contains("assetsmith.yml:4:44: warning: could not derive a distinct selected form for TabCup"),
                "\(build.stderr)")
        #expect(build.stderr.contains("the selected form is the outline drawn heavier"), "\(build.stderr)")
        func opaque(_ path: String) throws -> Int {
            let bitmap = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)))
            return stride(from: 3, to: bitmap.pixels.count, by: 4).filter { bitmap.pixels[$0] >= 128 }.count
        }
        let catalog = dir + "/Output/Assets.xcassets"
        for name in ["TabTray", "TabCup"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: "\(catalog)/\(name).selected.imageset")
                .filter { $0.hasSuffix(".png") }
            #expect(files.count == 6, "\(name): \(files)")
            for file in files {
                let outline = file.replacingOccurrences(of: name + ".selected", with: name)
                let a = try opaque("\(catalog)/\(name).imageset/\(outline)")
                let b = try opaque("\(catalog)/\(name).selected.imageset/\(file)")
                #expect(Double(b) >= 1.4 * Double(a), "\(file): \(a) outline, \(b) selected")
            }
        }
    }
}
