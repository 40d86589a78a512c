import Foundation
import Testing
import TestSupport

/// The SVG/PDF workers against hostile files and signals, through the built binary.
@Suite struct WorkerHostileTests {
    static func project(_ label: String, files: [String: Data], kinds: [String: String] = [:]) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        var lines = ["table: ios18", "assets:"]
        for (name, data) in files.sorted(by: { $0.key < $1.key }) {
            try data.write(to: URL(fileURLWithPath: dir + "/" + name))
            let asset = name.split(separator: ".").map(\.capitalized).joined()
            lines.append("  - {name: \(asset), kind: \(kinds[name] ?? "image"), source: \(name), size: 24}")
        }
        try CLI.copyFromRepo("Assets/Banner.png", to: dir)
        lines.append("  - {name: Good, kind: image, source: Banner.png, size: 120x45}")
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func picturesInsideVectorFilesOverTheMemoryBudgetFailThoseAssets() throws {
        let dir = try Self.project("worker-memory", files: ["big.svg": Data(HostileVectors.bigPictureSVG().utf8),
                                                             "big.pdf": HostileVectors.bigPicturePDF()])
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        // Every size of each file fails (none drawn without its picture).
        for name in ["big.svg", "big.pdf"] {
            for scale in 1...3 {
                #expect(result.stderr.contains("cannot render 24x24pt @\(scale)x from \"\(name)\": drawing it needs more than the worker's 1 GiB memory budget (a picture inside the file is too large)"),
                        "\(result.stderr)")
            }
        }
        #expect(result.stderr.contains("fix: downsample the pictures inside the file (a few thousand px a side is plenty), or export the artwork without them, or raise --worker-memory"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/BigSvg.imageset/BigSvg@3x.png"))
    }

    @Test func aPDFRunningPastTheTimeLimitIsReportedAsAPDF() throws {
        let dir = try Self.project("worker-pdf-slow", files: ["nested.pdf": HostileVectors.nestedFormsPDF()])
        let result = try CLI.run(["build", "--render-timeout", "1"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("from \"nested.pdf\": drawing the pdf page took longer than 1 s and was stopped"), "\(result.stderr)")
        #expect(result.stderr.contains("fix: open the PDF in an editor and simplify it (flatten transparency and effects, downsample large pictures), then export it again, or raise --render-timeout"))
        #expect(!result.stderr.contains("SVG") && !result.stderr.contains("svg"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"))
    }

    @Test func aPDFWithAnEmptyMediaBoxIsAnError() throws {
        let dir = try Self.project("worker-mediabox", files: ["empty.pdf": HostileVectors.emptyMediaBoxPDF()])
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("empty.pdf: error: cannot read the pdf: page 1 has no size (its media box is empty)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/EmptyPdf.imageset/EmptyPdf@3x.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"))
    }
}

#if os(Linux)
/// Ctrl-C, SIGTERM, SIGHUP or a killed build during a slow render leave no worker running.
@Suite struct WorkerSignalTests {
    /// The children of `pid`, from /proc.
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            let status = (try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").contains("PPid:\t\(pid)")
        }
    }

    /// True when `pid` has ended (gone, or a zombie not yet reaped).
    static func ended(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// Polls `condition` every 50 ms for at most `seconds`.
    static func within(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        for _ in 0..<Int(seconds * 20) {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129)), (SIGKILL, Int32(-1))])
    func aSignalDuringASlowRenderLeavesNoWorker(_ signal: Int32, _ status: Int32) throws {
        let slow = try Data(contentsOf: Fixtures.directory.appendingPathComponent("Hostile/turbulence.svg"))
        let dir = try WorkerHostileTests.project("worker-signal", files: ["slow.svg": slow])
        let build = Process()
        build.executableURL = URL(fileURLWithPath: CLI.binary)
        build.arguments = ["build", "--render-timeout", "120"]
        build.currentDirectoryURL = URL(fileURLWithPath: dir)
        build.standardOutput = FileHandle.nullDevice
        build.standardError = FileHandle.nullDevice
        try build.run()
        var workers: [Int32] = []
        #expect(Self.within(20) {
            workers = Self.children(of: build.processIdentifier).filter { child in
                ((try? String(contentsOfFile: "/proc/\(child)/cmdline", encoding: .utf8)) ?? "").contains("_svg-worker")
            }
            return !workers.isEmpty
        })
        // Let the workers start drawing, then stop the build.
        Thread.sleep(forTimeInterval: 0.5)
        kill(build.processIdentifier, signal)
        build.waitUntilExit()
        if status > 0 {
            #expect(build.terminationReason == .exit && build.terminationStatus == status)
        } else {
            #expect(build.terminationReason == .uncaughtSignal)
        }
        #expect(!workers.isEmpty)
        #expect(Self.within(5) { workers.allSatisfy(Self.ended) }, "still running: \(workers.filter { !Self.ended($0) })")
    }
}
#endif
