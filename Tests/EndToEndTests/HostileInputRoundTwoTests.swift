import Foundation
import Testing
import TestSupport

/// Issue 23, the holes around the first round: each class ends in a clear error naming the file
/// or the option, exit 1 or 2, the other assets still built, nothing written outside the output
/// and nothing of the user's lost. The files are made here (sparse files and links cost nothing).
@Suite struct HostileInputRoundTwoTests {
    /// A project with `Banner.png` (the good asset) and the manifest text after `table: ios18`.
    static func project(_ label: String, assets: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        try CLI.copyFromRepo("Assets/Banner.png", to: dir)
        try ("table: ios18\nassets:\n" + assets + "  - {name: Good, kind: image, source: Banner.png, size: 120x45}\n")
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    static func goodWasBuilt(_ dir: String) -> Bool {
        FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png")
    }

    /// `size` bytes, the first ones `head`, the rest a hole (no disk, no memory).
    static func sparse(_ path: String, head: Data, size: Int) throws {
        FileManager.default.createFile(atPath: path, contents: head)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    /// A 44-byte PNG: signature, IHDR, then a chunk header whose length says 2 GiB.
    static func pngWithHugeChunk(_ type: String) throws -> Data {
        let real = try Data(contentsOf: Fixtures.repoRoot.appendingPathComponent("Assets/Banner.png"))
        var data = real.prefix(33) // signature and IHDR, CRC included
        data += Data([0x7F, 0xFF, 0xFF, 0xFF]) + Data(type.utf8) + Data("abc".utf8)
        return data
    }

    // MARK: Links

    @Test func outputFolderLinkedIntoASystemFolderIsRefused() throws {
        let dir = try Self.project("link-out", assets: "")
        try FileManager.default.createSymbolicLink(atPath: dir + "/out", withDestinationPath: "/etc")
        let result = try CLI.run(["build", "--output", "out"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: the output folder \"\(dir)/out\" leads through a symbolic link to \"/etc\", a system or home folder; refusing to write a catalog into it"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/etc/Assets.xcassets"))
        #expect(!FileManager.default.fileExists(atPath: "/etc/.assetsmith"))

        // A parent folder that is such a link, named in the manifest.
        try FileManager.default.createSymbolicLink(atPath: dir + "/parent", withDestinationPath: "/usr/share")
        try "table: ios18\noutput: parent/MyOut\nassets:\n  - {name: Good, kind: image, source: Banner.png, size: 120x45}\n"
            .write(toFile: dir + "/linked.yml", atomically: true, encoding: .utf8)
        let linked = try CLI.run(["build", "--manifest", "linked.yml"], in: dir)
        #expect(linked.status == 2)
        #expect(linked.stderr.contains("linked.yml:2:9: error: the output folder \"\(dir)/parent/MyOut\" leads through a symbolic link to \"/usr/share/MyOut\""),
                "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/MyOut"))
    }

    @Test func fileListThatIsALinkOrAFolderIsACommandLineError() throws {
        let dir = try Self.project("link-list", assets: "")
        let target = dir + "/precious.txt"
        try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/inputs.xcfilelist", withDestinationPath: target)
        let link = try CLI.run(["build", "--input-file-list", "inputs.xcfilelist"], in: dir)
        #expect(link.status == 2)
        #expect(link.stderr.contains("error: --input-file-list \"inputs.xcfilelist\" is a symbolic link; refusing to write a file list through it"),
                "\(link.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")

        try FileManager.default.createDirectory(atPath: dir + "/lists", withIntermediateDirectories: true)
        let folder = try CLI.run(["build", "--output-file-list", "lists"], in: dir)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("error: --output-file-list \"lists\" is a folder, not a file"), "\(folder.stderr)")
    }

    @Test func adoptingASetWithALinkMovesNothing() throws {
        let dir = try AdoptionTests.project("adopt-link")
        let set = dir + "/" + AdoptionTests.catalog + "/Logo.imageset"
        let before = try Data(contentsOf: URL(fileURLWithPath: set + "/Contents.json"))
        try FileManager.default.createSymbolicLink(atPath: set + "/elsewhere.png", withDestinationPath: "/etc/hostname")
        try """
        output: MyApp/Assets.xcassets
        assets:
          - {name: Logo, kind: image, source: Design/Banner.png, size: 120x45, adopt: true}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the set \"Assets.xcassets/Logo.imageset\" holds the symbolic link \"elsewhere.png\"; nothing of the set was moved or written"),
                "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: set + "/Contents.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: dir + "/.assetsmith/backup/Assets.xcassets/Logo.imageset/Contents.json"))
    }

    @Test func initRefusesASourcesFolderLinkedOutsideTheProject() throws {
        let (dir, _) = try InitCommandTests.projectWithArtwork("init-link")
        let outside = CLI.temporaryDirectory("init-link-outside")
        try FileManager.default.createSymbolicLink(atPath: dir + "/AssetSources", withDestinationPath: outside)
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: the sources folder \"AssetSources\" leads through a symbolic link to \"\(outside)\", outside the project; refusing to copy masters through it"),
                "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir + "/assetsmith.yml"))
    }

    // MARK: Memory

    @Test func pngChunkDeclaringTwoGigabytesIsRefusedInBuildAndVerify() throws {
        let dir = try Self.project("png-chunk", assets: "  - {name: Bad, kind: image, source: bad.png, size: 24}\n")
        let bad = try Self.pngWithHugeChunk("tEXt")
        #expect(bad.count == 44)
        try bad.write(to: URL(fileURLWithPath: dir + "/bad.png"))
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 1)
        #expect(build.stderr.contains("bad.png: error: is corrupt or truncated: tEXt: chunk data is too large (over libpng's limit of 8000000 bytes for one chunk)"),
                "\(build.stderr)")
        #expect(Self.goodWasBuilt(dir))

        let set = dir + "/Output/Assets.xcassets/Good.imageset"
        try bad.write(to: URL(fileURLWithPath: set + "/Good@3x.png"))
        let verify = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("tEXt: chunk data is too large") || verify.stderr.contains("tEXt: chunk data is too large"),
                "\(verify.stdout)\(verify.stderr)")
    }

    @Test func sourcesOverTheByteBudgetAreRefusedFromTheirSize() throws {
        let dir = try Self.project("sparse", assets: """
              - {name: P, kind: image, source: huge.png, size: 24}
              - {name: D, kind: image, source: huge.pdf, size: 24}

            """)
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/Banner.png"))
        try Self.sparse(dir + "/huge.png", head: png, size: 3 << 30)
        try Self.sparse(dir + "/huge.pdf", head: Data("%PDF-1.4\n".utf8), size: 3 << 30)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("huge.png: error: source file is 3 GB, over the budget of 256 MB for one source file"), "\(result.stderr)")
        #expect(result.stderr.contains("huge.pdf: error: source file is 3 GB, over the budget of 256 MB for one source file"))
        #expect(result.stderr.contains("or raise ASSETSMITH_MAX_SOURCE_MB (see Docs/limits.md)"))
        #expect(Self.goodWasBuilt(dir))

        // The budget is raised (or lowered) from the environment; a bad value is exit 2.
        let lowered = try CLI.run(["build"], in: dir, environment: ["ASSETSMITH_MAX_SOURCE_MB": "0"])
        #expect(lowered.status == 2)
        #expect(lowered.stderr.contains("error: ASSETSMITH_MAX_SOURCE_MB=\"0\" is not a whole number from 1 to 1000000"), "\(lowered.stderr)")
    }

    @Test func sizesThatMakeNoSenseForTheKindAreRefusedAtTheirLine() throws {
        let dir = try Self.project("sizes", assets: """
              - {name: G, kind: bar-glyph, source: Banner.png, size: 4096}
              - {name: I, kind: image, source: Banner.png, size: 4096}

            """)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("assetsmith.yml:3:58: error: \"size\" in asset \"G\" is 4096 pt, over the 96 pt a bar glyph can be"),
                "\(result.stderr)")
        #expect(result.stderr.contains("fix: give at most 96 pt a side (Apple's largest bar glyph is 28 pt; bars are 32-50 pt high)"))
        #expect(result.stderr.contains("assetsmith.yml:4:54: error: \"size\" in asset \"I\" is 4096 pt, over the 2048 pt an image can be"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output"))
    }

    @Test func contentsJSONOverItsBudgetIsAFindingNotACrash() throws {
        let dir = CLI.temporaryDirectory("contents-huge")
        let catalog = dir + "/V.xcassets"
        try FileManager.default.createDirectory(atPath: catalog + "/X.imageset", withIntermediateDirectories: true)
        try #"{"info":{"author":"xcode","version":1}}"#.write(toFile: catalog + "/Contents.json", atomically: true, encoding: .utf8)
        try Self.sparse(catalog + "/X.imageset/Contents.json", head: Data(#"{"images":["#.utf8), size: 5 << 29)
        let result = try CLI.run(["verify", "--catalog", "V.xcassets"], in: dir)
        #expect(result.status == 1)
        #expect((result.stdout + result.stderr).contains("V.xcassets/X.imageset/Contents.json: error: Contents.json is 2.5 GB, over the budget of 16 MB for a Contents.json"),
                "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    // MARK: Time

    @Test func aliasesThatExpandTooFarOrServeAsKeysAreRefusedWithTheirPlace() throws {
        let dir = try Self.project("laughs", assets: "")
        var laughs = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for (name, previous) in zip("bcdefghi", "abcdefgh") {
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        laughs += "? *i\n: x\n"
        try laughs.write(toFile: dir + "/laughs.yml", atomically: true, encoding: .utf8)
        let expanded = try CLI.run(["build", "--manifest", "laughs.yml"], in: dir)
        #expect(expanded.status == 2)
        #expect(expanded.stderr.contains("laughs.yml:6:11: error: aliases expand the document to more than 200000 nodes"), "\(expanded.stderr)")

        try """
        table: ios18
        assets:
          - &k {name: Good, kind: image, source: Banner.png, size: 120x45}
          - {*k : 1}
        """.write(toFile: dir + "/key.yml", atomically: true, encoding: .utf8)
        let key = try CLI.run(["build", "--manifest", "key.yml"], in: dir)
        #expect(key.status == 2)
        #expect(key.stderr.contains("key.yml:4:6: error: the alias \"*k\" is used as a mapping key, and names a list or mapping"), "\(key.stderr)")
    }

    @Test func gigabyteManifestIsRefusedAndAGigabyteStampIgnored() throws {
        let dir = try Self.project("nul", assets: "")
        try Self.sparse(dir + "/nul.yml", head: Data(), size: 1 << 30)
        let manifest = try CLI.run(["build", "--manifest", "nul.yml"], in: dir)
        #expect(manifest.status == 2)
        #expect(manifest.stderr.contains("nul.yml: error: manifest \"nul.yml\" is 1 GB, over the budget of 16 MB for a manifest"),
                "\(manifest.stderr)")

        let first = try CLI.run(["build"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let stamp = dir + "/.assetsmith/Assets.xcassets.stamp"
        #expect(FileManager.default.fileExists(atPath: stamp))
        try FileManager.default.removeItem(atPath: stamp)
        try Self.sparse(stamp, head: Data(), size: 1 << 30)
        let second = try CLI.run(["build"], in: dir)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("0 rendered, 3 up to date"), "\(second.stderr)")
    }

    // MARK: Options

    @Test(arguments: [
        (["watch", "--debounce", "9223372036854775807"], "error: --debounce 9223372036854775807 is out of range: give 0 to 60000 milliseconds"),
        (["build", "--jobs", "100000"], "error: --jobs 100000 is out of range: give 1 to 256"),
        (["build", "--render-timeout", "1e300"], "error: --render-timeout 1e+300 is out of range: give more than 0 and at most 3600 seconds"),
    ])
    func numericOptionsOutOfRangeAreRefused(arguments: [String], message: String) throws {
        let dir = try Self.project("options", assets: "")
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output"))
    }

    // MARK: Disk full

    @Test func diskFullLeavesNoEmptySetFolder() throws {
        let mountPoint = CLI.temporaryDirectory("full")
        let mount = try CLI.run(["-c", "mount -t tmpfs -o size=300k tmpfs '\(mountPoint)'"], in: mountPoint, shell: true)
        guard mount.status == 0 else {
            print("skipped diskFullLeavesNoEmptySetFolder: cannot mount a small tmpfs here (\(mount.stderr.trimmingCharacters(in: .whitespacesAndNewlines)))")
            return
        }
        defer { _ = try? CLI.run(["-c", "umount '\(mountPoint)'"], in: "/", shell: true) }
        let dir = CLI.temporaryDirectory("full-project")
        try CLI.copyFromRepo("Assets/Glyphs/star.svg", to: dir)
        var manifest = "table: ios18\noutput: \(mountPoint)/Out\nassets:\n"
        for index in 0..<8 { manifest += "  - {name: I\(index), kind: image, source: star.svg, size: 300}\n" }
        try manifest.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("fix: check permissions and free space"), "\(result.stderr)")
        let catalog = mountPoint + "/Out/Assets.xcassets"
        for name in try FileManager.default.contentsOfDirectory(atPath: catalog) where name.hasSuffix(".imageset") {
            #expect(!(try FileManager.default.contentsOfDirectory(atPath: catalog + "/" + name)).isEmpty, "\(name) was left empty")
        }
    }
}
