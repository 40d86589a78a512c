import AssetCore
@testable import AssetsmithMCP
import Foundation
import FrontEnd
import MCP
import Rendering
import Testing

/// What the server refuses and how (issue 39): paths outside the root (links included), writes
/// in read-only mode, wrong arguments and hostile manifests, each an error result of its call;
/// cancellation; builds of one catalog one at a time.
@Suite struct MCPSafetyTests {
    @Test func pathsOutsideTheRootAreRefusedLinksIncluded() async throws {
        let project = try MCPTestProject("outside")
        let handlers = try project.handlers()
        let up = try await handlers.call("plan", arguments: ["manifest": .string("../assetsmith.yml")])
        #expect(up.failed && up.text.hasPrefix("`manifest` \"../assetsmith.yml\" leads outside the server's root"), "\(up.text)")
        try FileManager.default.createSymbolicLink(atPath: project.root + "/elsewhere", withDestinationPath: "/etc")
        let linked = try await handlers.call("verify", arguments: ["catalog": .string("elsewhere/Assets.xcassets")])
        #expect(linked.failed && linked.text.contains("leads outside the server's root") && linked.text.contains("(to /etc/Assets.xcassets)"),
                "\(linked.text)")
        let absolute = try await handlers.call("plan", arguments: ["manifest": .string("/etc/hostname")])
        #expect(absolute.failed && absolute.text.contains("leads outside the server's root"), "\(absolute.text)")
    }

    /// Issue 49: the root is compared by whole path components: a sibling folder whose name starts
    /// with the root's name (`/srv/app-secrets` for the root `/srv/app`) is outside it.
    @Test func aSiblingWhoseNameStartsWithTheRootsNameIsOutside() async throws {
        let project = try MCPTestProject("prefix")
        let sibling = project.root + "-secrets"
        try FileManager.default.createDirectory(atPath: sibling, withIntermediateDirectories: true)
        try MCPTestProject.manifest.write(toFile: sibling + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let name = PathText.lastComponent(sibling)
        let handlers = try project.handlers()
        let relative = try await handlers.call("plan", arguments: ["manifest": .string("../\(name)/assetsmith.yml")])
        #expect(relative.failed && relative.text.contains("leads outside the server's root"), "\(relative.text)")
        let absolute = try await handlers.call("plan", arguments: ["manifest": .string(sibling + "/assetsmith.yml")])
        #expect(absolute.failed && absolute.text.contains("leads outside the server's root"), "\(absolute.text)")
        let jail = try RootJail(root: project.root)
        #expect(jail.contains(project.root) && jail.contains(project.root + "/Art") && jail.contains(project.root + "/a-secrets"))
        #expect(!jail.contains(sibling) && !jail.contains(sibling + "/assetsmith.yml") && !jail.contains(PathText.parent(project.root)))
    }

    @Test func aManifestWritingOrReadingOutsideTheRootIsRefusedBeforeAnythingIsWritten() async throws {
        let project = try MCPTestProject("manifest-outside")
        let handlers = try project.handlers()
        let parent = PathText.parent(project.root)
        let outputFolder = "mcp-out-\(UUID().uuidString)"
        try MCPTestProject.manifest.replacingOccurrences(of: "output: Output", with: "output: ../\(outputFolder)")
            .write(toFile: project.root + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try await handlers.call("build", arguments: [:])
        #expect(result.failed && result.text.hasPrefix("the manifest's output folder \(parent)/\(outputFolder) is outside the server's root"),
                "\(result.text)")
        #expect(!FileManager.default.fileExists(atPath: parent + "/" + outputFolder))
        let outsideSource = parent + "/mcp-outside-\(UUID().uuidString).png"
        try FileManager.default.copyItem(atPath: project.root + "/Art/Dot.png", toPath: outsideSource)
        defer { try? FileManager.default.removeItem(atPath: outsideSource) }
        try MCPTestProject.manifest.replacingOccurrences(of: "output: ../\(outputFolder)", with: "output: Output")
            .replacingOccurrences(of: "source: Art/Dot.png", with: "source: \(outsideSource)")
            .write(toFile: project.root + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let source = try await handlers.call("plan", arguments: [:])
        #expect(source.failed && source.text.hasPrefix("the manifest reads 1 source outside the server's root \(project.root), "
            + "first \(outsideSource); refused"), "\(source.text)")
    }

    @Test func readOnlyRefusesBuildAndInitButVerifies() async throws {
        let project = try MCPTestProject("read-only")
        let handlers = try project.handlers(readOnly: true)
        for tool in ["build", "init"] {
            let result = try await handlers.call(tool, arguments: [:])
            #expect(result.failed && result.text.hasPrefix("`\(tool)` is not available: the server runs with --read-only"), "\(result.text)")
        }
        #expect(!FileManager.default.fileExists(atPath: project.root + "/Output"))
        #expect(try await !handlers.call("plan", arguments: [:]).failed)
    }

    @Test func wrongArgumentsAndHostileManifestsAreErrorResults() async throws {
        let project = try MCPTestProject("hostile")
        let handlers = try project.handlers()
        let misspelt = try await handlers.call("build", arguments: ["forse": .bool(true)])
        #expect(misspelt.failed && misspelt.text.hasPrefix("unknown argument `forse`; did you mean `force`?"), "\(misspelt.text)")
        let wrongType = try await handlers.call("build", arguments: ["jobs": .string("four")])
        #expect(wrongType.failed && wrongType.text.hasPrefix("`jobs` must be a whole number"), "\(wrongType.text)")
        let range = try await handlers.call("build", arguments: ["jobs": .int(0)])
        #expect(range.failed && range.text.hasPrefix("`jobs` 0 is out of range: give 1 to 256"), "\(range.text)")
        let bomb = "a: &a [x, x]\n" + (1...30).map { "a\($0): &a\($0) [*a\($0 == 1 ? "" : String($0 - 1)), *a\($0 == 1 ? "" : String($0 - 1))]" }
            .joined(separator: "\n")
        let aliases = try await handlers.call("plan", arguments: ["text": .string(bomb)])
        #expect(aliases.failed, "\(aliases.text)")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: project.root + "/Art/Dot.png"))
        let corrupt = try await handlers.call("build", arguments: [:])
        #expect(corrupt.failed && corrupt.object["passed"] == .bool(false) && corrupt.firstDiagnostic["file"] != nil, "\(corrupt.text)")
        // An unknown tool is a protocol error (-32602), not an error result (issue 53).
        do {
            _ = try await handlers.call("deploy", arguments: [:])
            Issue.record("an unknown tool answered with a result")
        } catch let error as MCPError {
            #expect(error.code == -32602 && "\(error)".contains("Unknown tool: \"deploy\""), "\(error)")
        }
        do {
            _ = try await handlers.call("bild", arguments: [:])
        } catch let error as MCPError {
            #expect("\(error)".contains("did you mean \"build\""), "\(error)")
        }
    }

    @Test func aCancelledCallThrowsCancellationAndItsSandboxDrawsNothingMore() async throws {
        let project = try MCPTestProject("cancel")
        let handlers = try project.handlers()
        let call = Task { try await handlers.call("build", arguments: [:]) }
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        let inner = CountingSandbox()
        let flag = CancelFlag()
        let sandbox = CancellableSandbox(inner, flag: flag)
        let file = VectorSourceFile(path: "Art/Slow.svg", isPDF: false, page: 1)
        _ = try sandbox.measure(file)
        flag.cancel()
        #expect(throws: RenderError.svgRender(path: "Art/Slow.svg", message: "not drawn: the build was cancelled")) {
            try sandbox.measure(file)
        }
        #expect(inner.calls == 1, "the worker is not asked once the call is cancelled")
    }

    @Test func buildsOfOneCatalogRunOneAtATime() async throws {
        let project = try MCPTestProject("concurrent")
        let handlers = try project.handlers()
        async let first = handlers.call("build", arguments: [:])
        async let second = handlers.call("build", arguments: [:])
        let rendered = try await [first, second].map { $0.object["rendered"] }
        // The lock makes the second wait for the first's record: it draws nothing again.
        #expect(rendered.compactMap { $0?.intValue }.sorted() == [0, 3], "\(rendered)")
    }

    @Test func initAsksTheCLIsInitAndReturnsTheManifestText() async throws {
        let project = try MCPTestProject("init")
        let asked = RequestLog()
        let handlers = try project.handlers(initializer: { request in
            asked.add(request)
            return InitOutcome(manifest: "assets: []\n", manifestPath: request.project + "/assetsmith.yml", written: request.write,
                               diagnostics: [], notes: ["chose App/Assets.xcassets"])
        })
        let result = try await handlers.call("init", arguments: [:])
        #expect(!result.failed && result.object["manifest"] == .string("assets: []\n") && result.object["written"] == .bool(false),
                "\(result.text)")
        #expect(asked.all == [InitRequest(project: project.root, catalog: nil, write: false)])
        let outside = try await handlers.call("init", arguments: ["project": .string(".."), "write": .bool(true)])
        #expect(outside.failed && asked.all.count == 1, "\(outside.text)")
    }
}

/// The init requests a fake initializer was given.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [InitRequest] = []

    func add(_ request: InitRequest) { lock.withLock { requests.append(request) } }
    var all: [InitRequest] { lock.withLock { requests } }
}

/// A sandbox that measures every document as 10×10 and counts how often it was asked.
final class CountingSandbox: VectorSandbox, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var calls: Int { lock.withLock { count } }

    func measure(_ file: VectorSourceFile) throws(RenderError) -> VectorMeasure {
        lock.withLock { count += 1 }
        return VectorMeasure(width: 10, height: 10)
    }

    func draw(_ file: VectorSourceFile, size: PixelSize, matrix: [Double],
              use: (UnsafeRawPointer) throws(RenderError) -> Void) throws(RenderError) {
        lock.withLock { count += 1 }
    }

    func export(_ file: VectorSourceFile, as format: VectorFileFormat, page: VectorMeasure, matrix: [Double]) throws(RenderError) -> Data {
        lock.withLock { count += 1 }
        return Data()
    }
}
