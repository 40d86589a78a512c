import AssetCore
import Foundation
import PNGCodec
import Rendering
import Testing
import TestSupport
@testable import AssetsmithCLI

/// The libraries say what is wrong and how to fix the input; only the CLI names its options.
@Suite struct CLIRemedyTests {
    @Test func theCommandLineAddsItsOptionToTheLibrarysFix() {
        let timeout = RenderError.svgTimeout(path: "slow.svg", seconds: 30)
        let diagnostic = Diagnostic.error("\(timeout)", at: .file("slow.svg"), fix: timeout.fix).with(timeout.remedy)
        #expect(diagnostic.fix == "simplify the SVG (remove filters, flatten <use> and very long paths)")
        #expect(CLIRemedy.fix(of: diagnostic)
                == "simplify the SVG (remove filters, flatten <use> and very long paths), or raise --render-timeout")
        let memory = PNGError.outOfMemory("insufficient memory")
        #expect(CLIRemedy.fix(of: Diagnostic.error("x", fix: memory.fix).with(memory.remedy))
                == "close other programs to free memory, or lower --jobs")
        #expect(CLIRemedy.fix(of: Diagnostic.error("x").with(.outputFolder)) == "choose another --output")
        #expect(CLIRemedy.fix(of: Diagnostic.error("x", fix: "check it")) == "check it")
    }

    @Test func aCorruptPNGIsTheFilesFaultAndOutOfMemoryIsNot() {
        #expect(PNGError.corrupt("IDAT: CRC error").fix == nil, "the caller says how to export it again")
        #expect(PNGError.outOfMemory("x").fix != "internal error, please report")
        #expect(PNGError.internalError("x").fix == "internal error, please report")
    }

    /// No string in a library module names a command-line option (`--output`): the wording
    /// belongs to `CLIRemedy`. The front ends are not libraries: the CLI, `assetsmith mcp`
    /// (AssetsmithMCP names its own `--root` and `--read-only`) and what they share (FrontEnd
    /// starts the workers with their command line).
    @Test func noLibraryTextNamesACommandLineOption() throws {
        let sources = Fixtures.repoRoot.appendingPathComponent("Sources")
        let frontEnds = ["AssetsmithCLI", "Assetsmith", "AssetsmithFuzz", "AssetsmithMCP", "AssetsmithMCPServer", "FrontEnd"]
        let libraries = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { !frontEnds.contains($0) && !$0.hasPrefix("C") }
        #expect(libraries.contains("BuildEngine") && libraries.contains("AssetSpec"))
        let option = try Regex(#""[^"\n]*--[a-z][a-z-]+[^"\n]*""#)
        var found: [String] = []
        for library in libraries {
            let folder = sources.appendingPathComponent(library)
            for case let file as String in FileManager.default.enumerator(atPath: folder.path) ?? .init() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(option) {
                    found.append("\(library)/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
