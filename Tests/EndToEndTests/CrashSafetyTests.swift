import AssetCatalog
import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// A build killed at any moment leaves no partial file and nothing the next build cannot repair;
/// two builds into one output serialise; outputs into system folders are refused.
@Suite struct CrashSafetyTests {
    static func project(_ label: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        for file in ["Assets/AppIcon.svg", "Assets/Banner.png", "Assets/Glyphs/home.svg", "Assets/Glyphs/star.svg"] {
            try CLI.copyFromRepo(file, to: dir)
        }
        try """
        table: ios18
        assets:
          - {name: AppIcon, kind: app-icon, source: AppIcon.svg, layout: all-sizes}
          - {name: Banner, kind: image, source: Banner.png, size: 120x45}
          - {name: Home, kind: tab-icon, source: home.svg}
          - {name: Star, kind: tab-icon, source: star.svg}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    /// Every PNG below `folder` decodes (none is partial), and every file of the catalog is complete JSON or PNG.
    static func everyFileIsWhole(_ folder: String) -> [String] {
        var broken: [String] = []
        for case let path as String in FileManager.default.enumerator(atPath: folder)?.allObjects ?? [] {
            let data = FileManager.default.contents(atPath: folder + "/" + path) ?? Data()
            if path.hasSuffix(".png"), (try? PNGCodec.decode(data)) == nil { broken.append(path) }
            if path.hasSuffix(".json"), (try? JSONSerialization.jsonObject(with: data)) == nil { broken.append(path) }
        }
        return broken
    }

    /// Size and modification time of every file below `folder`.
    static func stats(_ folder: String) -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder)?.allObjects ?? [] {
            let stamp = FileStamp.of(folder + "/" + path)
            guard stamp[0] >= 0 else { continue }
            found[path] = stamp
        }
        return found
    }

    /// The pid of a process that has exited.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// Each round changes the icon's colour, so every round must write new files, and is killed as
    /// soon as the first output changes (mid-write, not after an idle build that wrote nothing).
    @Test func killedBuildsLeaveNoPartialFileAndTheNextBuildRepairsAll() throws {
        let dir = try Self.project("kill")
        let catalog = dir + "/Output/Assets.xcassets"
        let original = try String(contentsOfFile: dir + "/AppIcon.svg", encoding: .utf8)
        for round in 0..<6 {
            let colour = String(format: "#%02X7BF2", 0x10 + round * 0x20)
            try original.replacingOccurrences(of: "#3A7BF2", with: colour)
                .write(toFile: dir + "/AppIcon.svg", atomically: true, encoding: .utf8)
            let before = Self.stats(catalog)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["build", "--jobs", "2"]
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Polled by count (at most 60,000 looks 1 ms apart), not timed.
            var looks = 0
            while process.isRunning, looks < 60_000, Self.stats(catalog) == before {
                usleep(1_000)
                looks += 1
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(Self.stats(catalog) != before, "round \(round) wrote nothing")
            #expect(Self.everyFileIsWhole(dir + "/Output").isEmpty, "round \(round): \(Self.everyFileIsWhole(dir + "/Output"))")
        }
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let leftovers = (FileManager.default.enumerator(atPath: dir + "/Output")?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "stale temporary files: \(leftovers)")
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
        let record = try String(contentsOfFile: dir + "/.assetsmith/Assets.xcassets.record.json", encoding: .utf8)
        #expect(record.contains("\"Contents.json\""), "the record keeps the catalog's own Contents.json")
        #expect(FileManager.default.fileExists(atPath: catalog + "/Contents.json"))
    }

    @Test func staleTemporaryFilesOfDeadBuildsAreRemovedAndLiveOnesKept() throws {
        let dir = try Self.project("stale-tmp")
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let set = dir + "/Output/Assets.xcassets/Banner.imageset"
        let dead = set + "/.Banner.png.assetsmith-\(try Self.deadPID()).tmp"
        let live = set + "/.Banner.png.assetsmith-\(getpid()).tmp"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: dead))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: live))
        // A build killed while writing leaves its journal naming what it was writing.
        let journal = #"{"Banner.imageset/Banner.png": [{"sha256": "\#(String(repeating: "0", count: 64))", "asset": "Banner"}]}"#
        try Data(journal.utf8).write(to: URL(fileURLWithPath: dir + "/.assetsmith/Assets.xcassets.pending.json"))
        StateTrust.remember(dir + "/.assetsmith/Assets.xcassets.pending.json") // as the killed build on this machine did
        #expect(try CLI.run(["build", "--force"], in: dir).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live), "a running build's file is not touched")
    }

    @Test func twoBuildsIntoOneOutputSerialise() throws {
        let dir = try Self.project("concurrent")
        var processes: [(Process, Pipe)] = []
        for _ in 0..<2 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["build", "--force"]
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            let err = Pipe()
            process.standardError = err
            try process.run()
            processes.append((process, err))
        }
        for (process, err) in processes {
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(text)")
        }
        #expect(Self.everyFileIsWhole(dir + "/Output").isEmpty)
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func outputIntoASystemFolderIsRefused() throws {
        let dir = try Self.project("root-output")
        let flag = try CLI.run(["build", "--output", "/"], in: dir)
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("error: the output folder \"/\" is a system or home folder; refusing to write a catalog into it"),
                "\(flag.stderr)")
        try "output: /usr\nassets: []\n".write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let manifest = try CLI.run(["build"], in: dir)
        #expect(manifest.status == 2)
        #expect(manifest.stderr.contains("assetsmith.yml:1:9: error: the output folder \"/usr\" is a system or home folder"), "\(manifest.stderr)")
    }
}
