import AssetCore
import AssetSpec
import Foundation
import Testing

/// What a user sees when the manifest is wrong: every problem at once, each with file:line:col and a fix.
@Suite struct ManifestErrorTests {
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-errors-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/icon.svg", contents: Data("<svg/>".utf8))
        FileManager.default.createFile(atPath: dir + "/banner.png", contents: Data())
        return dir
    }()

    func errors(_ text: String) -> [String] {
        manifestErrors(text, directory: directory)
    }

    @Test func misspeltKeyNamesLineColumnAndSuggestion() {
        let text = """
        table: ios18
        assets:
          - name: Banner
            kind: image
            sourse: banner.png
            size: 25
        """
        #expect(errors(text) == [
            "assetsmith.yml:5:5: error: unknown key \"sourse\" in asset \"Banner\"\n  fix: did you mean \"source\"?",
            "assetsmith.yml:3:5: error: asset \"Banner\" is missing the required key \"source\"\n  fix: add `source: …`",
        ])
    }

    @Test func misspeltTopLevelKeyAndKind() {
        let text = """
        tabel: ios18
        assets:
          - name: AppIcon
            kind: app-icn
            source: icon.svg
        """
        let found = errors(text)
        #expect(found.count == 2)
        #expect(Array(found.prefix(1)) == [
            "assetsmith.yml:1:1: error: unknown key \"tabel\" in the manifest\n  fix: did you mean \"table\"?",
        ])
        #expect(found.last?.hasPrefix("assetsmith.yml:4:11: error: \"kind\" in asset \"AppIcon\" is \"app-icn\", which is not one of \"app-icon\", \"image\"") == true)
        #expect(found.last?.hasSuffix("\n  fix: did you mean \"app-icon\"? use one of the listed values") == true)
    }

    @Test func everyValueIsCheckedAndAllProblemsReportedAtOnce() {
        let text = """
        table: ios18
        assets:
          - name: AppIcon
            kind: app-icon
            source: missing.svg
            background: "#12"
          - name: ../Escape
            kind: image
            source: banner.png
            size: 0
          - name: Glyph
            kind: image
            source: icon.svg
            size: 24
            scales: [1x, 4x]
        """
        let found = errors(text)
        #expect(found.count == 5, "\(found.joined(separator: "\n"))")
        #expect(found.contains { $0.hasPrefix("assetsmith.yml:5:13: error: ") && $0.contains("missing.svg") })
        #expect(found.contains { $0.hasPrefix("assetsmith.yml:6:17: error: \"background\" in asset \"AppIcon\" is \"#12\", not a colour") })
        #expect(found.contains { $0.hasPrefix("assetsmith.yml:7:11: error: asset name \"../Escape\" cannot be used as a file name") })
        #expect(found.contains { $0.hasPrefix("assetsmith.yml:10:11: error: ") && $0.contains("size") })
        #expect(found.contains { $0.hasPrefix("assetsmith.yml:15:18: error: \"4x\" in \"scales\" of asset \"Glyph\" is not a scale") })
    }

    @Test func duplicateKeyIsLocated() {
        #expect(errors("table: ios18\nassets:\n  - name: A\n    kind: image\n    size: 24\n    size: 30\n") == [
            "assetsmith.yml:5:5: error: key \"size\" appears twice in the same mapping\n  fix: keep one of them",
        ])
    }

    /// Keys YAML tells apart (`1` and `"1"`) but the manifest reads as one text: reported once, for
    /// an app icon too (whose mapping is read a second time for its badge and alternates).
    @Test func aKeyWrittenTwiceAsDifferentScalarsIsReportedOnce() {
        let found = errors("table: ios18\nassets:\n  - name: AppIcon\n    kind: app-icon\n    source: icon.svg\n    1: a\n    \"1\": b\n")
        #expect(found.filter { $0.contains("appears twice") }.count == 1, "\(found.joined(separator: "\n"))")
    }

    @Test func invalidYAMLIsLocated() {
        let found = errors("table: ios18\nassets:\n  - name: [unclosed\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("assetsmith.yml:") == true)
        #expect(found.first?.contains("invalid YAML") == true)
    }

    @Test func validManifestReadsEverything() throws {
        let text = """
        table: ios12
        output: Build
        catalog: Media
        assets:
          - name: AppIcon
            kind: app-icon
            source: icon.svg
            background: "#1B3FA8"
            tinted: auto
          - name: Banner
            kind: image
            source: banner.png
            size: 240x90
            fit: fill
            background: "#FFFFFF"
        """
        let manifest = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: directory)
        #expect(manifest.table?.value == "ios12")
        #expect(manifest.outputDirectory == directory + "/Build")
        #expect(manifest.catalogName == "Media")
        #expect(manifest.assets.map(\.name) == ["AppIcon", "Banner"])
        guard case .image(let image) = manifest.assets[1].kind else {
            Issue.record("Banner is not an image")
            return
        }
        #expect(image.size == PointSize(width: 240, height: 90))
        #expect(image.fit == .fill)
        #expect(image.background == RGBAColor(red: 255, green: 255, blue: 255))
        #expect(image.source.path == directory + "/banner.png")
    }

    @Test func outputOverrideWins() throws {
        let manifest = try ManifestLoader.parse("table: ios18\noutput: A\nassets: []\n", file: "m.yml",
                                                directory: directory, outputOverride: "/tmp/elsewhere")
        #expect(manifest.outputDirectory == "/tmp/elsewhere")
    }
}

/// Every kind of YAML error Yams reports comes out as `file:line:col: error: <plain words>` with a fix.
@Suite struct YAMLErrorTests {
    func headline(_ text: String) -> String {
        do {
            _ = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: "/tmp")
            return "no error"
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    @Test func undefinedAlias() {
        #expect(headline("assets:\n  - name: A\n    kind: image\n    source: *nope\n") == """
            assetsmith.yml:4:13: error: the alias "*nope" refers to no anchor defined above it
              fix: define the anchor first (&nope on the value to repeat), or write the value out
            """)
    }

    @Test func controlCharacter() {
        #expect(headline("assets:\n  - name: \"A\u{01}\"\n") == """
            assetsmith.yml:2:13: error: the file holds a control character (U+0001), which YAML does not allow
              fix: delete it: only tabs, line breaks and printable characters may appear
            """)
    }

    @Test func twoDocuments() {
        #expect(headline("assets: []\n---\nassets: []\n") == """
            assetsmith.yml:2:1: error: the file holds more than one YAML document (a second "---" line)
              fix: keep one document: remove the "---" line and merge what follows into the first
            """)
    }

    @Test func tabIndentation() {
        #expect(headline("assets:\n\t- name: A\n") == """
            assetsmith.yml:2:1: error: a tab character; YAML indents with spaces only
              fix: replace the tab with spaces
            """)
    }

    @Test func badIndentation() {
        #expect(headline("assets:\n  - name: A\n   kind: image\n").hasPrefix(
            "assetsmith.yml:3:4: error: this line is indented differently from the lines above it"))
    }

    @Test func notUTF8IsLocatedAtTheFirstBadByte() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("yaml-utf8-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var bytes = Data("assets:\n  - name: ".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE, 0x0A])
        try bytes.write(to: URL(fileURLWithPath: dir + "/m.yml"))
        do {
            _ = try ManifestLoader.load(path: dir + "/m.yml")
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "\(dir)/m.yml:2:11: error: the file is not UTF-8 text (the first bad byte is here)\n  fix: save it as UTF-8 (most editors: Save with Encoding → UTF-8)"])
        }
    }
}
