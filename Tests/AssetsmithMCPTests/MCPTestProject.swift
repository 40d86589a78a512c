import AssetCore
import AssetsmithMCP
import Foundation
import FrontEnd
import MCP
import PNGCodec

/// A small project in a temporary folder: `Art/Dot.png` (60×60, opaque) and an `assetsmith.yml`
/// making the image set `Dot` at 20 pt (20, 40 and 60 px) into `Output/Assets.xcassets`.
struct MCPTestProject {
    let root: String

    static let manifest = """
        table: ios18
        output: Output
        catalog: Assets
        assets:
          - name: Dot
            kind: image
            source: Art/Dot.png
            size: 20

        """

    init(_ label: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/Art", withIntermediateDirectories: true)
        let dot = Bitmap(width: 60, height: 60, filledWith: RGBAColor(red: 20, green: 120, blue: 220))
        try PNGCodec.encode(dot, channels: .rgb).write(to: URL(fileURLWithPath: root + "/Art/Dot.png"))
        try Self.manifest.write(toFile: root + "/assetsmith.yml", atomically: true, encoding: .utf8)
    }

    func handlers(readOnly: Bool = false, initializer: (@Sendable (InitRequest) -> InitOutcome)? = nil) throws -> ToolHandlers {
        try ToolHandlers(settings: MCPSettings(root: root, readOnly: readOnly, initializer: initializer))
    }

    var catalog: String { root + "/Output/Assets.xcassets" }
}

extension CallTool.Result {
    var object: [String: Value] { structuredContent?.objectValue ?? [:] }

    var text: String {
        content.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }.joined(separator: "\n")
    }

    var failed: Bool { isError == true }

    /// The first diagnostic of an error result.
    var firstDiagnostic: [String: Value] { object["diagnostics"]?.arrayValue?.first?.objectValue ?? [:] }

    var pngs: [Data] {
        content.compactMap { if case .image(let data, "image/png", _, _) = $0 { Data(base64Encoded: data) } else { nil } }
    }
}

/// The progress a call reported, kept across the engine's threads.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(done: Double, total: Double?)] = []

    var report: ProgressReport { { [self] done, total, _ in lock.withLock { entries.append((done, total)) } } }
    var all: [(done: Double, total: Double?)] { lock.withLock { entries } }
}
