import Foundation
import Testing
import TestSupport

/// `assetsmith watch` as a process: a real save through the system's file events replaces the
/// outputs, and Ctrl-C ends it cleanly. Waits are generous upper bounds, never measurements.
@Suite struct WatchCommandTests {
    @Test func savedSourceIsRebuiltAndInterruptStops() throws {
        let dir = CLI.temporaryDirectory("watch")
        try CLI.copyFromRepo("Assets/Glyphs/star.svg", to: dir)
        try "table: ios18\nassets:\n  - {name: Star, kind: image, source: star.svg, size: 24}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["watch"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["ASSETSMITH_TEMPLATES"] = Fixtures.repoRoot.appendingPathComponent("Templates").path
        process.environment = environment
        let log = dir + "/watch.log"
        FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        func waitFor(_ text: String) -> Bool {
            for _ in 0..<200 {
                if let contents = try? String(contentsOfFile: log, encoding: .utf8), contents.contains(text) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
        #expect(waitFor("watching "), "watch did not start")
        let output = dir + "/Output/Assets.xcassets/Star.imageset/Star@2x.png"
        let before = try Data(contentsOf: URL(fileURLWithPath: output))

        // An editor's save: write a temporary file, rename it over the source.
        let star = try String(contentsOfFile: dir + "/star.svg", encoding: .utf8)
        try star.replacingOccurrences(of: "</svg>", with: "<circle cx=\"12\" cy=\"12\" r=\"3\"/></svg>")
            .write(toFile: dir + "/.star.svg.tmp", atomically: false, encoding: .utf8)
        _ = rename(dir + "/.star.svg.tmp", dir + "/star.svg")
        #expect(waitFor("changed star.svg: 3 rendered, 3 written"), "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) != before)

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(waitFor("stopped watching"))
    }
}
