import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import PNGCodec
import Rendering
import VectorWorkers
import Verification
import XcodeProject
import Yams
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The in-process fuzzer behind `assetsmith-fuzz` (see its main.swift).
enum FuzzMain {
    /// One reader under test: seeds, and what to do with one input. Throwing is fine (a clear
    /// error is the right answer to garbage); crashing or hanging is not.
    struct Target {
        var name: String
        var seeds: [Data]
        /// Tree mutations for a YAML reader (two inputs in three), besides the byte mutations.
        var structure: YAMLMutator? = nil
        /// Returns a short word for the outcome (counted, to show the inputs reach different paths).
        var run: (Data) -> String
    }

    static func run(seconds: Double, target only: String?, output: String) -> Int32 {
        let root = repositoryRoot()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("assetsmith-fuzz-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: scratch + "/Set.xcassets/A.imageset", withIntermediateDirectories: true)
        // Brand assets and an image stack with a layer, whose Contents.json are fuzzed too.
        try? FileManager.default.createDirectory(atPath: scratch + "/Set.xcassets/" + FuzzStack.layer + "/Content.imageset",
                                                 withIntermediateDirectories: true)
        // A catalog holding one symbol set, whose template is fuzzed.
        try? FileManager.default.createDirectory(atPath: scratch + "/Symbols.xcassets/S.symbolset", withIntermediateDirectories: true)
        try? Data(FuzzMain.symbolContents.utf8).write(to: URL(fileURLWithPath: scratch + "/Symbols.xcassets/S.symbolset/Contents.json"))
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let targets = makeTargets(root: root, scratch: scratch).filter { only == nil || $0.name == only }
        guard !targets.isEmpty else {
            FileHandle.standardError.write(Data("assetsmith-fuzz: no target \"\(only ?? "")\"; targets: manifest, launch-template, png, contents-json, symbol-template, pbxproj, svg, pdf, icon-json, svg-inclusion\n".utf8))
            return 2
        }
        var generator = SplitMix(seed: UInt64(Date().timeIntervalSince1970 * 1000))
        for target in targets {
            let crashFile = output + "/crash-" + target.name
            CrashKeeper.arm(path: crashFile)
            var executions = 0
            var outcomes: [String: Int] = [:]
            let deadline = Date().addingTimeInterval(seconds)
            let seeds = target.seeds.isEmpty ? [Data()] : target.seeds
            while Date() < deadline {
                for _ in 0..<32 {
                    var input = seeds[Int(generator.next() % UInt64(seeds.count))]
                    let rounds = 1 + Int(generator.next() % 4)
                    if let structure = target.structure, generator.next() % 3 != 0 {
                        input = structure.mutate(input, generator: &generator) ?? input
                    } else {
                        for _ in 0..<rounds { mutate(&input, seeds: seeds, generator: &generator) }
                    }
                    CrashKeeper.hold(input)
                    outcomes[target.run(input), default: 0] += 1
                    executions += 1
                }
            }
            let kinds = outcomes.sorted { $0.value > $1.value }.prefix(4).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            CrashKeeper.disarm(path: crashFile)
            print("fuzz \(target.name): \(executions) executions in \(Int(seconds)) s, 0 crashes (\(kinds))")
        }
        return 0
    }

    /// The targets in the order they run: what the tool reads from text (manifests, templates,
    /// icon documents), the files a catalog or project holds, then vector sources in the workers.
    static func makeTargets(root: String, scratch: String) -> [Target] {
        let png = try? Data(contentsOf: URL(fileURLWithPath: root + "/Tests/Fixtures/pngsuite/basn6a08.png"))
        if let png {
            try? png.write(to: URL(fileURLWithPath: scratch + "/Set.xcassets/A.imageset/a.png"))
            try? png.write(to: URL(fileURLWithPath: scratch + "/a.png"))
        }
        // The workers are the `assetsmith` binary built beside this one.
        let beside = ((Bundle.main.executablePath ?? "") as NSString).deletingLastPathComponent + "/assetsmith"
        let sandbox = WorkerPool(capacity: 1, timeLimit: 2, executable: beside, arguments: ["_svg-worker", "--parent", String(getpid())])
        return textTargets(root: root, scratch: scratch) + fileTargets(root: root, scratch: scratch)
            + vectorTargets(root: root, scratch: scratch, sandbox: sandbox)
    }

    /// The files below `root/folder` whose names end in one of `extensions`, in name order.
    static func files(_ root: String, _ folder: String, _ extensions: [String]) -> [Data] {
        let path = root + "/" + folder
        return ((try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []).sorted()
            .filter { name in extensions.contains { name.lowercased().hasSuffix($0) } }
            .compactMap { FileManager.default.contents(atPath: path + "/" + $0) }
    }

    /// Icon documents, SVG inclusion, manifests (loaded, then planned) and launch templates.
    static func textTargets(root: String, scratch: String) -> [Target] {
        func files(_ folder: String, _ extensions: [String]) -> [Data] { Self.files(root, folder, extensions) }
        let manifestSeeds = ["assetsmith.yml", "Tests/Fixtures/IconComposer/Project/assetsmith.yml",
                             "Tests/Fixtures/Verify/project/assetsmith.yml"]
            .compactMap { FileManager.default.contents(atPath: root + "/" + $0) }
            + files("Tests/Fixtures/Manifests", [".yml", ".yaml"])
        let project = manifestProject(root: root, scratch: scratch)
        let launchSeeds = files("Templates/Launch", [".yml"]) + files("Tests/Fixtures/Launch", [".yml"])
        let iconBundle = FuzzIconDocument.setUp(root: root, scratch: scratch)
        return [
            // icon.json read by verify and drawn by the preview (issue 36: every number range-checked).
            Target(name: "icon-json", seeds: FuzzIconDocument.seeds(root: root)) { data in
                FuzzIconDocument.run(data, bundle: iconBundle)
            },
            // XInclude found before librsvg sees an SVG source (issue 36).
            Target(name: "svg-inclusion", seeds: files("Assets", [".svg"]) + files("Tests/Fixtures/Artwork", [".svg"])) { data in
                SVGInclusion.problem(in: data) == nil ? "plain" : "refused"
            },
            // Sources resolve in a folder where every seed's artwork is found; a manifest that
            // loads is planned too (the tables from Templates/Tables).
            Target(name: "manifest", seeds: manifestSeeds, structure: YAMLMutator(seeds: manifestSeeds)) { data in
                let manifest: Manifest
                do {
                    manifest = try ManifestLoader.parse(String(decoding: data, as: UTF8.self), file: "fuzz.yml", directory: project)
                } catch {
                    // Well-formed YAML that the loader refuses reached its checks; the rest stopped at Yams.
                    return (try? Yams.compose(yaml: String(decoding: data, as: UTF8.self))) == nil ? "not yaml" : "refused by the loader"
                }
                do {
                    _ = try Planner.plan(manifest, tableDirectories: [root + "/Templates/Tables"])
                    return "planned"
                } catch {
                    return "refused by the planner"
                }
            },
            Target(name: "launch-template", seeds: launchSeeds, structure: YAMLMutator(seeds: launchSeeds)) { data in
                do {
                    _ = try LaunchTemplateLoader.parse(String(decoding: data, as: UTF8.self), file: "fuzz.yml", path: scratch + "/fuzz.yml")
                    return "valid"
                } catch {
                    return "rejected"
                }
            },
        ]
    }

    /// A measure, a draw and an export request and the common replies, as `WorkerWire` writes them.
    static func workerFrameSeeds() -> [Data] {
        let file = VectorSourceFile(path: "/tmp/a.svg", layer: "Regular-S")
        let frames = [WorkerFrame(request: .measure(file)),
                      WorkerFrame(request: .draw(file, size: PixelSize(width: 75, height: 75), matrix: [3, 0, 0, 3, 0, 0]),
                                  memoryBytes: 1 << 20, attached: true),
                      WorkerFrame(request: .export(file, format: .pdf, page: VectorMeasure(width: 24, height: 24),
                                                   matrix: [1, 0, 0, 1, 0, 0]))]
        let replies: [WorkerReply] = [.drawn, .measured(VectorMeasure(width: 24, height: 24)), .exported(byteCount: 9),
                                      .failed(.memoryBudget(path: "/tmp/a.svg", bytes: 1 << 30))]
        return frames.compactMap { try? WorkerWire.encode($0) } + replies.compactMap { try? WorkerWire.encode($0) }
    }

    /// PNG files, Contents.json (verify and every report format), symbol templates, project files.
    static func fileTargets(root: String, scratch: String) -> [Target] {
        func files(_ folder: String, _ extensions: [String]) -> [Data] { Self.files(root, folder, extensions) }
        return [
            // PngSuite, and small real files whose rows an output can take as stored (8-bit RGB or
            // RGBA, no gAMA: most PngSuite files carry one).
            Target(name: "png", seeds: files("Tests/Fixtures/pngsuite", [".png"])
                       + files("Tests/Fixtures/IconComposer/RealWorld/MeshCoreOne/AppIcon.icon/Assets", [".png"])
                       + files("Tests/Fixtures/Projects/Xcode16App/MyApp/Assets.xcassets/Logo.imageset", [".png"])) { data in
                guard let info = try? PNGCodec.info(data) else { return "bad header" }
                if info.size.width * info.size.height > 4_000_000 { return "over budget" }
                guard let decoded = try? PNGCodec.decode(data) else { return "rejected" }
                // A file whose stored rows an output takes as they are (`rewrapped`) must decode
                // to the very pixels the file does: a difference stops the run as a crash.
                for channels in [PixelChannels.rgb, .rgba] {
                    guard let rewrapped = try? PNGCodec.rewrapped(data, channels: channels) else { continue }
                    guard let again = try? PNGCodec.decode(rewrapped), again == decoded else {
                        preconditionFailure("a rewrapped PNG does not decode to the file's pixels")
                    }
                    return "decoded, rewrapped"
                }
                return "decoded"
            },
            // What a worker (the process that parses hostile SVG and PDF files) may send back,
            // and what a pool sends it: `WorkerWire`'s binary and JSON frames.
            Target(name: "worker-frame", seeds: workerFrameSeeds()) { data in
                let frame = WorkerWire.decodeFrame(data) != nil, reply = WorkerWire.decodeReply(data) != nil
                return frame ? (reply ? "both" : "frame") : (reply ? "reply" : "neither")
            },
            Target(name: "contents-json", seeds: files("Tests/Fixtures/Verify", [".json"]) + files("Tests/Fixtures/Projects", [".json"])) { data in
                try? data.write(to: URL(fileURLWithPath: scratch + "/Set.xcassets/A.imageset/Contents.json"))
                for folder in FuzzStack.folders {
                    try? data.write(to: URL(fileURLWithPath: scratch + "/Set.xcassets/" + folder + "/Contents.json"))
                }
                let report = Verifier.verify(catalogAt: scratch + "/Set.xcassets")
                for format in ReportFormat.allCases { _ = format.render(report) }
                return report.findings.isEmpty ? "clean" : "findings"
            },
            // Verify's reading of symbol templates, ours and hand-made (libxml2 in this process).
            Target(name: "symbol-template", seeds: symbolSeeds(root: root)) { data in
                try? data.write(to: URL(fileURLWithPath: scratch + "/Symbols.xcassets/S.symbolset/S.svg"))
                let report = Verifier.verify(catalogAt: scratch + "/Symbols.xcassets")
                for format in ReportFormat.allCases { _ = format.render(report) }
                return report.findings.isEmpty ? "clean" : report.findings.contains { $0.message.contains("interpolate") } ? "not interpolatable" : "findings"
            },
            Target(name: "pbxproj", seeds: files("Tests/Fixtures/XcodeProjects", ["project.pbxproj"])) { data in
                let project = scratch + "/Fuzz.xcodeproj"
                try? FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
                try? data.write(to: URL(fileURLWithPath: project + "/project.pbxproj"))
                guard let file = try? ProjectFile.load(URL(fileURLWithPath: project)) else { return "rejected" }
                return file.targets.isEmpty ? "no targets" : "targets"
            },
        ]
    }

    /// SVG and PDF sources drawn (and PDF written as SVG) through the sandboxed workers.
    static func vectorTargets(root: String, scratch: String, sandbox: WorkerPool) -> [Target] {
        func files(_ folder: String, _ extensions: [String]) -> [Data] { Self.files(root, folder, extensions) }
        // PDF seeds: the bundled glyphs drawn onto Cairo's PDF surface by the workers.
        let pdfSeeds: [Data] = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/Assets/Glyphs")) ?? []).sorted()
            .filter { $0.hasSuffix(".svg") }.prefix(4).compactMap { name in
                try? sandbox.export(VectorSourceFile(path: root + "/Assets/Glyphs/" + name), as: .pdf,
                                    page: VectorMeasure(width: 24, height: 24), matrix: [1, 0, 0, 1, 0, 0])
            }
        return [
            Target(name: "svg", seeds: files("Assets", [".svg"]) + files("Tests/Fixtures/Artwork", [".svg"])) { data in
                let path = scratch + "/fuzz.svg"
                try? data.write(to: URL(fileURLWithPath: path))
                do {
                    let image = try VectorImage(path: path, sandbox: sandbox)
                    let job = RenderJob(output: "fuzz.png", asset: "Fuzz", slot: "24x24pt @1x", scale: .x1,
                                        source: SourceRef(path: path, displayPath: "fuzz.svg", format: .svg),
                                        pixelSize: PixelSize(width: 24, height: 24), fit: .contain, background: nil,
                                        channels: .rgba)
                    _ = try Renderer.render(job, from: .vector(image))
                    return "drawn"
                } catch {
                    if case .svgCrashed = error as? RenderError { return "crash contained" }
                    if case .svgTimeout = error as? RenderError { return "timeout contained" }
                    return "rejected"
                }
            },
            // PDF sources through poppler in the workers: measured, drawn at 24 px, and written as SVG.
            Target(name: "pdf", seeds: pdfSeeds) { data in
                let path = scratch + "/fuzz.pdf"
                try? data.write(to: URL(fileURLWithPath: path))
                do {
                    let image = try VectorImage(file: VectorSourceFile(path: path, isPDF: true), sandbox: sandbox)
                    var job = RenderJob(output: "fuzz.png", asset: "Fuzz", slot: "24x24pt @1x", scale: .x1,
                                        source: SourceRef(path: path, displayPath: "fuzz.pdf", format: .pdf),
                                        pixelSize: PixelSize(width: 24, height: 24), fit: .contain, background: nil,
                                        channels: .rgba)
                    _ = try Renderer.render(job, from: .vector(image))
                    job.vector = VectorOutput(format: .svg, size: PointSize(square: 24))
                    _ = try Renderer.renderVector(job, from: .vector(image))
                    return "drawn"
                } catch {
                    if case .svgCrashed = error as? RenderError { return "crash contained" }
                    if case .svgTimeout = error as? RenderError { return "timeout contained" }
                    return "rejected"
                }
            },
        ]
    }

    /// A folder (two below `scratch`) where the manifest seeds' sources resolve: links to the
    /// repository's artwork under the names the seeds use (`Assets/`, `Art/`, `../../Artwork/`…).
    /// The Contents.json of the fuzzed symbol set: its template is `S.svg`.
    static let symbolContents = #"{"info":{"author":"xcode","version":1},"properties":{"symbol-rendering-intent":"template"},"symbols":[{"filename":"S.svg","idiom":"universal"}]}"#

    /// Symbol templates: the SF Symbols app's exports kept from public repositories, and ours.
    static func symbolSeeds(root: String) -> [Data] {
        let folder = root + "/Tests/Fixtures"
        let found = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".svg") && ($0.contains(".symbolset/") || $0.hasPrefix("Symbols/Ours/")) }.sorted()
            .compactMap { FileManager.default.contents(atPath: folder + "/" + $0) }
    }

    static func manifestProject(root: String, scratch: String) -> String {
        let project = scratch + "/project/manifest"
        try? FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let links = [
            (project + "/Assets", root + "/Assets"),
            (project + "/Art", root + "/Tests/Fixtures/IconComposer/Project/Art"),
            (project + "/Icon.svg", root + "/Tests/Fixtures/Verify/project/Icon.svg"),
            (project + "/Badge.png", root + "/Tests/Fixtures/Verify/project/Badge.png"),
            (scratch + "/Artwork", root + "/Tests/Fixtures/Artwork"),
            (scratch + "/Launch", root + "/Tests/Fixtures/Launch"),
        ]
        for (link, target) in links { try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target) }
        return project
    }

    /// Byte-level mutations: flips, random bytes, inserts, deletes, duplicated and spliced runs,
    /// and boundary numbers written over digits.
    static func mutate(_ data: inout Data, seeds: [Data], generator: inout SplitMix) {
        func random(_ n: Int) -> Int { n <= 0 ? 0 : Int(generator.next() % UInt64(n)) }
        if data.isEmpty { data = Data([UInt8(truncatingIfNeeded: generator.next())]); return }
        switch random(8) {
        case 0: let i = random(data.count); data[data.startIndex + i] ^= UInt8(1 << random(8))
        case 1: let i = random(data.count); data[data.startIndex + i] = UInt8(truncatingIfNeeded: generator.next())
        case 2: data.insert(UInt8(truncatingIfNeeded: generator.next()), at: data.startIndex + random(data.count + 1))
        case 3:
            let i = random(data.count), n = min(data.count - i, 1 + random(64))
            data.removeSubrange(data.startIndex + i..<data.startIndex + i + n)
        case 4:
            let i = random(data.count), n = min(data.count - i, 1 + random(256))
            let run = data.subdata(in: data.startIndex + i..<data.startIndex + i + n)
            if data.count < 1 << 20 { data.insert(contentsOf: run, at: data.startIndex + random(data.count + 1)) }
        case 5:
            let other = seeds[random(seeds.count)]
            guard !other.isEmpty else { return }
            let cut = random(data.count), from = random(other.count)
            data = data.prefix(cut) + other.suffix(from: other.startIndex + from)
        case 6:
            let numbers = ["0", "-1", "1e38", "65535", "4294967296", "NaN", "16384", "99999999999", "\"\"", "*a", "&a"]
            let word = Data(numbers[random(numbers.count)].utf8)
            let i = random(data.count)
            data.replaceSubrange(data.startIndex + i..<data.startIndex + min(data.count, i + 1 + random(4)), with: word)
        default:
            let tokens = ["\n", ": ", "- ", "{", "}", "[", "]", "\"", "<use href=\"#a\"/>", "<g id=\"a\">", "</g>", "\t", "\u{0}"]
            data.insert(contentsOf: Data(tokens[random(tokens.count)].utf8), at: data.startIndex + random(data.count + 1))
        }
    }

    /// The repository (for seeds): `$ASSETSMITH_REPO`, else a folder above the executable or the
    /// current folder that holds `Package.swift`.
    static func repositoryRoot() -> String {
        if let env = ProcessInfo.processInfo.environment["ASSETSMITH_REPO"] { return env }
        var folder = (Bundle.main.executablePath.map { PathText.parent($0) }) ?? FileManager.default.currentDirectoryPath
        while folder != "/" && !folder.isEmpty {
            if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder }
            folder = PathText.parent(folder)
        }
        return FileManager.default.currentDirectoryPath
    }
}

/// A small, fast, seedable generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Keeps the input under test where a fatal-signal handler can write it out, so a crash leaves
/// its reproducer in `crash-<target>`.
enum CrashKeeper {
    nonisolated(unsafe) static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 21)
    nonisolated(unsafe) static var length = 0
    nonisolated(unsafe) static var descriptor: Int32 = -1

    /// Opens `path` for the handler; `disarm` removes it when the target ends without a crash.
    static func arm(path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        for sig in [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP] {
            signal(sig) { number in
                if CrashKeeper.descriptor >= 0 {
                    _ = write(CrashKeeper.descriptor, CrashKeeper.buffer, CrashKeeper.length)
                }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func disarm(path: String) {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
    }

    static func hold(_ data: Data) {
        length = min(data.count, 1 << 21)
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { buffer.update(from: base.assumingMemoryBound(to: UInt8.self), count: length) }
        }
    }
}

/// The containers the contents-json target also fills with the fuzzed document.
enum FuzzStack {
    static let brand = "B.brandassets"
    static let stack = brand + "/App Icon.imagestack"
    static let layer = stack + "/Back.imagestacklayer"
    static let folders = [brand, stack, layer, layer + "/Content.imageset"]
}
