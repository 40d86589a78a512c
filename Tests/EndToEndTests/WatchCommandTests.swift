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
        let watch = try CLI.Watch(in: dir)
        let process = watch.process
        func waitFor(_ text: String) -> Bool { watch.waitFor(text) }
        let log = watch.log
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
