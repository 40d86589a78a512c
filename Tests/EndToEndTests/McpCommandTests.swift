import Foundation
import Testing
import TestSupport

/// `assetsmith mcp` as a command (issue 39); the protocol itself is driven by the MCP Python SDK
/// in scripts/check-mcp.sh, the tools in-process by AssetsmithMCPTests.
@Suite struct McpCommandTests {
    @Test func aRootThatIsNoFolderIsACommandLineError() throws {
        let dir = CLI.temporaryDirectory("mcp-root")
        let result = try CLI.run(["mcp", "--root", "missing"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: --root \"missing\" is not a folder this user can enter"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// `assetsmith mcp` becomes the server binary beside it; without one it says what to install.
    @Test func withoutTheServerBinaryBesideItMcpSaysHowToGetIt() throws {
        let dir = CLI.temporaryDirectory("mcp-alone")
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: dir + "/assetsmith")
        let result = try CLI.run(["-c", "exec ./assetsmith mcp </dev/null"], in: dir, shell: true)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: the MCP server \"\(dir)/assetsmith-mcp\" is not installed beside assetsmith; "
                                       + "build it with `swift build --product assetsmith-mcp` or install with `make install`"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Standard output is the protocol's: a server whose client goes away at once has written
    /// nothing there, and ends cleanly.
    @Test func theServerEndsWithItsInputAndPrintsNothingElse() throws {
        let dir = CLI.temporaryDirectory("mcp-eof")
        let result = try CLI.run(["-c", "exec \"$0\" mcp --read-only </dev/null", CLI.binary], in: dir, shell: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }
}
