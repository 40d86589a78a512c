@testable import AssetsmithCLI
import Foundation
import Testing

/// The phase's file lists as Xcode hands them to the script (resolved copies, one path a line):
/// read by their bytes, each path compared in its standard form (issue 50: 250,000 lines at
/// 50,000 assets, read by every run of the phase).
@Suite struct XcodePhaseListTests {
    @Test func everyLineIsComparedInItsStandardForm() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("phase-lists-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = ["/p/a.svg", "  /p/spaced.svg\t", "/p//double.svg", "/p/./dot.svg", "/p/Out/", "/p/Out/Set.imageset/.",
                     "# a comment", "", "/p/.hidden/x.png", "/p/..b/y.png", "/p/with space.svg\r"]
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/out.xcfilelist", atomically: true, encoding: .utf8)
        let phase = try #require(XcodePhase.current(["SRCROOT": "/p", "SCRIPT_OUTPUT_FILE_COUNT": "0", "SCRIPT_OUTPUT_FILE_LIST_COUNT": "1",
                                                     "SCRIPT_OUTPUT_FILE_LIST_0": folder + "/out.xcfilelist"]))
        #expect(phase.outputs.all == ["/p/a.svg", "/p/spaced.svg", "/p/double.svg", "/p/dot.svg", "/p/Out", "/p/Out/Set.imageset",
                                  "/p/.hidden/x.png", "/p/..b/y.png", "/p/with space.svg"])
        #expect(phase.mayWrite("/p//Out/./") && !phase.mayWrite("/p/Other.png") && phase.mayWrite("/elsewhere/x"))
        // A few paths are looked for without the set; the answer is the set's.
        let fresh = try #require(XcodePhase.current(["SRCROOT": "/p", "SCRIPT_OUTPUT_FILE_COUNT": "0", "SCRIPT_OUTPUT_FILE_LIST_COUNT": "1",
                                                     "SCRIPT_OUTPUT_FILE_LIST_0": folder + "/out.xcfilelist"]))
        let asked = ["/p/a.svg", "/p//double.svg", "/p/Out/Set.imageset", "/p/with space.svg", "/p/missing.png", "/elsewhere/x"]
        #expect(fresh.undeclared(reads: asked, writes: asked) == ["/p/missing.png", "/p/missing.png"])
        #expect(fresh.undeclared(reads: ["/p/./missing.png"], writes: []) == ["/p/./missing.png"], "named as asked")
        #expect(fresh.undeclared(reads: ["/p/a.svg"], writes: ["/p/.hidden/x.png", "/p/with space.svg"]).isEmpty,
                "found as written (a line with its carriage return trimmed is found the careful way)")
        #expect(phase.undeclared(reads: asked + Array(repeating: "/p/a.svg", count: 4096), writes: []) == ["/p/missing.png"])
    }
}
