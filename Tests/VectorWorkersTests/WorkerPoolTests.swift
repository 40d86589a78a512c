import AssetCore
import Foundation
import Rendering
import Testing
import TestSupport
import VectorWorkers

/// The pool in this process, its workers the built `assetsmith _svg-worker` (as the end-to-end
/// tests find the binary: `$ASSETSMITH_BIN`, else `.build/debug/assetsmith`).
enum PoolFixture {
    static let binary: String = ProcessInfo.processInfo.environment["ASSETSMITH_BIN"]
        ?? Fixtures.repoRoot.appendingPathComponent(".build/debug/assetsmith").path

    static func pool(capacity: Int = 1, timeLimit: Double = 30, growthDelay: Double = 0.1,
                     memoryBudget: Int = VectorWorker.defaultMemoryBudget) -> WorkerPool {
        WorkerPool(capacity: capacity, timeLimit: timeLimit, growthDelay: growthDelay, executable: binary,
                   arguments: ["_svg-worker", "--memory-budget", String(memoryBudget), "--parent", String(getpid())])
    }

    static func folder(_ label: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("assetsmith-\(label)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func copy(_ relative: String, to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: Fixtures.repoRoot.appendingPathComponent(relative).path, toPath: path)
    }

    static let star = "Assets/Glyphs/star.svg"
    static let identity: [Double] = [1, 0, 0, 1, 0, 0]

    /// Draws `path` at 24x24 px and returns how many pixels are not transparent.
    static func drawnPixels(_ pool: WorkerPool, _ path: String, isPDF: Bool = false) throws(RenderError) -> Int {
        let size = PixelSize(width: 24, height: 24)
        var painted = 0
        try pool.draw(VectorSourceFile(path: path, isPDF: isPDF), size: size, matrix: identity) { pixels in
            let words = pixels.assumingMemoryBound(to: UInt32.self)
            painted = (0..<size.width * size.height).filter { words[$0] >> 24 != 0 }.count
        }
        return painted
    }

    /// True when `pid` has ended (gone, or a zombie nobody has reaped yet).
    static func ended(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 { return true }
        #if os(Linux)
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        #else
        return false
        #endif
    }
}

/// Results written by concurrent iterations, each index by one iteration.
final class DrawnCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int]
    init(count: Int) { storage = Array(repeating: 0, count: count) }
    func set(_ index: Int, _ value: Int) { lock.lock(); storage[index] = value; lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return storage }
}

@Suite struct WorkerPoolTests {
    @Test func aWorkerThatCrashesIsReplacedAndTheNextFileDraws() throws {
        let dir = PoolFixture.folder("pool-crash")
        try PoolFixture.copy("Tests/Fixtures/Hostile/absurd-font.svg", to: dir + "/font.svg")
        try PoolFixture.copy(PoolFixture.star, to: dir + "/star.svg")
        let pool = PoolFixture.pool()
        #expect(try PoolFixture.drawnPixels(pool, dir + "/star.svg") > 100)
        let first = pool.workerIDs
        #expect(first.count == 1)
        #expect(throws: RenderError.svgCrashed(path: dir + "/font.svg", message: "SIGABRT: librsvg stopped on an internal assertion")) {
            try PoolFixture.drawnPixels(pool, dir + "/font.svg")
        }
        #expect(pool.workerIDs.isEmpty)
        #expect(first.allSatisfy(PoolFixture.ended))
        #expect(try PoolFixture.drawnPixels(pool, dir + "/star.svg") > 100)
        #expect(pool.workerIDs.count == 1 && pool.workerIDs != first)
    }

    @Test func aSlowWorkerIsKilledAtTheTimeLimit() throws {
        let dir = PoolFixture.folder("pool-slow")
        try PoolFixture.copy("Tests/Fixtures/Hostile/turbulence.svg", to: dir + "/slow.svg")
        try PoolFixture.copy(PoolFixture.star, to: dir + "/star.svg")
        let pool = PoolFixture.pool(timeLimit: 1)
        _ = try pool.measure(VectorSourceFile(path: dir + "/slow.svg"))
        let slowWorker = pool.workerIDs
        #expect(slowWorker.count == 1)
        #expect(throws: RenderError.svgTimeout(path: dir + "/slow.svg", seconds: 1)) {
            try PoolFixture.drawnPixels(pool, dir + "/slow.svg")
        }
        #expect(slowWorker.allSatisfy(PoolFixture.ended))
        #expect(try PoolFixture.drawnPixels(pool, dir + "/star.svg") > 100)
    }

    /// Many small drawings from two threads keep one worker busy: a second one starts only when
    /// requests have waited longer than the growth delay in all (here longer than the test).
    @Test func smallDrawingsFromTwoThreadsShareOneWorker() throws {
        let pool = PoolFixture.pool(capacity: 2, growthDelay: 600)
        let path = Fixtures.repoRoot.appendingPathComponent(PoolFixture.star).path
        let painted = DrawnCounts(count: 24)
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            painted.set(index, (try? PoolFixture.drawnPixels(pool, path)) ?? 0)
        }
        #expect(painted.values.allSatisfy { $0 > 100 })
        #expect(pool.workerIDs.count == 1)
    }

    /// A drawing that keeps the only worker busy does not hold up the next file: after the
    /// growth delay a second worker starts and draws it.
    @Test func aRequestWaitingPastTheGrowthDelayGetsASecondWorker() throws {
        let dir = PoolFixture.folder("pool-grow")
        try PoolFixture.copy("Tests/Fixtures/Hostile/turbulence.svg", to: dir + "/slow.svg")
        try PoolFixture.copy(PoolFixture.star, to: dir + "/star.svg")
        let pool = PoolFixture.pool(capacity: 2, timeLimit: 3, growthDelay: 0.05)
        let slowDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? PoolFixture.drawnPixels(pool, dir + "/slow.svg")
            slowDone.signal()
        }
        let deadline = Date().addingTimeInterval(10)
        while pool.workerIDs.isEmpty, Date() < deadline { usleep(10_000) }
        usleep(200_000)
        #expect(try PoolFixture.drawnPixels(pool, dir + "/star.svg") > 100)
        #expect(pool.workerIDs.count == 2, "the slow drawing's worker and a second one")
        slowDone.wait()
    }

    @Test func aFailedFileFailsAtOnceUntilItChanges() throws {
        let dir = PoolFixture.folder("pool-retry")
        let path = dir + "/art.svg"
        try PoolFixture.copy("Tests/Fixtures/Hostile/absurd-font.svg", to: path)
        let pool = PoolFixture.pool()
        let crashed = RenderError.svgCrashed(path: path, message: "SIGABRT: librsvg stopped on an internal assertion")
        #expect(throws: crashed) { try PoolFixture.drawnPixels(pool, path) }
        // Asked again, unchanged: the same error, and no worker is started for it.
        #expect(throws: crashed) { try PoolFixture.drawnPixels(pool, path) }
        #expect(pool.workerIDs.isEmpty)
        // Fixed (a new size and time): tried again, and drawn.
        try PoolFixture.copy(PoolFixture.star, to: path)
        #expect(try PoolFixture.drawnPixels(pool, path) > 100)
    }

    @Test func aPDFThatRunsPastTheTimeLimitIsCalledAPDF() throws {
        let dir = PoolFixture.folder("pool-pdf-slow")
        let path = dir + "/nested.pdf"
        try HostileVectors.nestedFormsPDF().write(to: URL(fileURLWithPath: path))
        let pool = PoolFixture.pool(timeLimit: 1)
        #expect(throws: RenderError.pdfTimeout(path: path, seconds: 1)) {
            try PoolFixture.drawnPixels(pool, path, isPDF: true)
        }
        let error = RenderError.pdfTimeout(path: path, seconds: 1)
        #expect(error.description == "drawing the pdf page took longer than 1 s and was stopped (huge pictures, complex patterns or shadings can make a page that slow)")
        #expect(error.fix?.contains("SVG") == false)
        #expect(error.remedy == .renderTimeout)
    }

    @Test(arguments: ["svg", "pdf"])
    func aPictureOverTheMemoryBudgetFailsInTheWorker(_ kind: String) throws {
        let dir = PoolFixture.folder("pool-memory")
        let path = dir + "/big." + kind
        if kind == "svg" {
            try HostileVectors.bigPictureSVG().write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            try HostileVectors.bigPicturePDF().write(to: URL(fileURLWithPath: path))
        }
        let pool = PoolFixture.pool(memoryBudget: 256 << 20)
        let overBudget = RenderError.memoryBudget(path: path, bytes: 256 << 20)
        #expect(throws: overBudget) { try PoolFixture.drawnPixels(pool, path, isPDF: kind == "pdf") }
        // Every other size of the file fails the same way (a library may have cached the failed picture).
        #expect(throws: overBudget) { try PoolFixture.drawnPixels(pool, path, isPDF: kind == "pdf") }
        #expect(overBudget.description == "drawing it needs more than the worker's 256 MiB memory budget (a picture inside the file is too large)")
        #expect(overBudget.remedy == .workerMemory)
    }
}

/// The pixels come back through anonymous shared memory: no name in /dev/shm or the temporary
/// folder, so there is nothing to plant a link at and nothing left behind.
@Suite(.serialized) struct SharedMemoryTests {
    static func shmNames() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? [])
    }

    @Test func drawingLeavesNoFileInDevShmOrTheTemporaryFolder() throws {
        let dir = PoolFixture.folder("pool-shm")
        try PoolFixture.copy(PoolFixture.star, to: dir + "/star.svg")
        let shmBefore = Self.shmNames()
        let temporaryBefore = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
        let pool = PoolFixture.pool()
        #expect(try PoolFixture.drawnPixels(pool, dir + "/star.svg") > 100)
        // While the pool is alive, with a worker mapping the memory:
        #expect(Self.shmNames().subtracting(shmBefore).filter { $0.contains("assetsmith") }.isEmpty)
        let temporaryNow = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
        #expect(temporaryNow.subtracting(temporaryBefore).filter { $0.hasSuffix(".pixels") }.isEmpty)
        #if os(Linux)
        // The worker holds the memory by descriptor only: a memfd, whose name is in no folder.
        let worker = try #require(pool.workerIDs.first)
        let links = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(worker)/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(worker)/fd/\($0)")
        }
        #expect(links.contains { $0.hasPrefix("/memfd:assetsmith-pixels") }, "\(links)")
        #endif
    }

    @Test func linksPlantedWhereTheOldBuffersWereNamedAreNeverFollowed() throws {
        let dir = PoolFixture.folder("pool-plant")
        try PoolFixture.copy(PoolFixture.star, to: dir + "/star.svg")
        let victim = dir + "/victim.txt"
        try "keep me".write(toFile: victim, atomically: true, encoding: .utf8)
        // The names the pool once used: assetsmith-<pid>-<n>.pixels, in /dev/shm and the temporary folder.
        let folders: [String] = ["/dev/shm", NSTemporaryDirectory()].filter { FileManager.default.isWritableFile(atPath: $0) }
        var planted: [String] = []
        for folder in folders {
            for number in 1...16 {
                let link = (folder as NSString).appendingPathComponent("assetsmith-\(getpid())-\(number).pixels")
                if (try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)) != nil { planted.append(link) }
            }
        }
        defer { for link in planted { unlink(link) } }
        #expect(!planted.isEmpty)
        let pool = PoolFixture.pool()
        for size in [24, 2000] {
            try pool.draw(VectorSourceFile(path: dir + "/star.svg"), size: PixelSize(width: size, height: size),
                          matrix: [Double(size) / 24, 0, 0, Double(size) / 24, 0, 0]) { _ in }
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
    }
}

@Suite struct WireTests {
    @Test func requestsAndRepliesRoundTripThroughJSON() throws {
        let file = VectorSourceFile(path: "/a/b.pdf", isPDF: true, page: 2)
        let frame = WorkerFrame(request: .export(file, format: .svg, page: VectorMeasure(width: 24, height: 12),
                                                 matrix: [1, 0, 0, 1, 0, 0]), memoryBytes: 1 << 20, attached: true)
        #expect(try JSONDecoder().decode(WorkerFrame.self, from: JSONEncoder().encode(frame)) == frame)
        let replies: [WorkerReply] = [.measured(VectorMeasure(width: 1.5, height: 2)), .drawn, .exported(byteCount: 9),
                                      .needsRoom(byteCount: 1 << 21), .failed(.pdfPage(path: "/a/b.pdf", page: 2, count: 1)),
                                      .failed(.memoryBudget(path: "/a/b.pdf", bytes: 1 << 30))]
        for reply in replies {
            #expect(try JSONDecoder().decode(WorkerReply.self, from: JSONEncoder().encode(reply)) == reply)
        }
    }

    /// Every request and reply reads back as it was sent through `WorkerWire`: a draw and a
    /// measure (and their answers) in the binary layout, the rest as JSON.
    @Test func everyFrameRoundTripsThroughTheWire() throws {
        let files = [VectorSourceFile(path: "/a/é b.svg"), VectorSourceFile(path: "/a/b.pdf", isPDF: true, page: 3),
                     VectorSourceFile(path: "/s.svg", layer: "Regular-S"), VectorSourceFile(path: ""),
                     VectorSourceFile(path: "/a/\u{FFFD}.svg")]
        var frames: [WorkerFrame] = []
        for file in files {
            frames.append(WorkerFrame(request: .measure(file)))
            frames.append(WorkerFrame(request: .draw(file, size: PixelSize(width: 75, height: 3),
                                                     matrix: [3.125, 0, -0.5, 1e-300, .pi, -0.0]),
                                      memoryBytes: 1 << 20, attached: true))
        }
        frames.append(WorkerFrame(request: .export(files[0], format: .pdf, page: VectorMeasure(width: 24, height: 12),
                                                   matrix: [1, 0, 0, 1, 0, 0])))
        for frame in frames {
            let bytes = try WorkerWire.encode(frame)
            #expect(WorkerWire.decodeFrame(bytes) == frame)
            if case .export = frame.request { #expect(bytes.first == UInt8(ascii: "{")) } else { #expect(bytes.first != UInt8(ascii: "{")) }
        }
        let replies: [WorkerReply] = [.measured(VectorMeasure(width: 1.5, height: -2)), .drawn, .exported(byteCount: 9),
                                      .failed(.memoryBudget(path: "/a/b.pdf", bytes: 1 << 30))]
        for reply in replies {
            #expect(try WorkerWire.decodeReply(WorkerWire.encode(reply)) == reply)
        }
        #expect(try WorkerWire.encode(WorkerReply.drawn) == Data([1]))
    }

    /// A binary frame cut anywhere, with a byte too many, a flag that is neither 0 nor 1, or a
    /// path that is not UTF-8 is no frame (the worker exits, the pool reports garbage).
    @Test func aDamagedBinaryFrameIsNoFrame() throws {
        let file = VectorSourceFile(path: "/a/b.svg", layer: "L")
        for frame in [WorkerFrame(request: .measure(file)),
                      WorkerFrame(request: .draw(file, size: PixelSize(width: 2, height: 2), matrix: [1, 0, 0, 1, 0, 0]))] {
            let bytes = try WorkerWire.encode(frame)
            for length in 0..<bytes.count { #expect(WorkerWire.decodeFrame(bytes.prefix(length)) == nil) }
            #expect(WorkerWire.decodeFrame(bytes + [0]) == nil)
            var badFlag = bytes
            badFlag[1] = 2 // `attached`
            #expect(WorkerWire.decodeFrame(badFlag) == nil)
            var badPath = bytes
            // The path's last byte: the frame's last, or before a draw's size and matrix.
            badPath[bytes.count - 1 - (frame.request == .measure(file) ? 0 : 8 * 8)] = 0xFF
            #expect(WorkerWire.decodeFrame(badPath) == nil)
        }
        let measured = try WorkerWire.encode(WorkerReply.measured(VectorMeasure(width: 1, height: 1)))
        for length in 1..<measured.count { #expect(WorkerWire.decodeReply(measured.prefix(length)) == nil) }
        #expect(WorkerWire.decodeReply(Data([1, 0])) == nil)
        #expect(WorkerWire.decodeReply(Data()) == nil)
    }

    @Test func workerErrorsNameThePDFAsAPDF() {
        let pdf = VectorSourceFile(path: "/a/b.pdf", isPDF: true)
        let svg = VectorSourceFile(path: "/a/b.svg")
        #expect(WorkerError.timedOut.renderError(for: pdf, timeLimit: 5) == .pdfTimeout(path: "/a/b.pdf", seconds: 5))
        #expect(WorkerError.timedOut.renderError(for: svg, timeLimit: 5) == .svgTimeout(path: "/a/b.svg", seconds: 5))
        #expect(WorkerError.died(reason: "signal 9").renderError(for: pdf, timeLimit: 5) == .pdfCrashed(path: "/a/b.pdf", message: "signal 9"))
        #expect(RenderError.pdfCrashed(path: "/a/b.pdf", message: "signal 9").description == "the pdf crashed the renderer (signal 9)")
    }
}
