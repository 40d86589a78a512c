import Foundation
import TestSupport

/// Runs the built `assetsmith` binary the way a user does and captures what they would see.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `$ASSETSMITH_BIN`, else `<repo>/.build/debug/assetsmith` (built by `swift build --build-tests`).
    static let binary: String = ProcessInfo.processInfo.environment["ASSETSMITH_BIN"]
        ?? Fixtures.repoRoot.appendingPathComponent(".build/debug/assetsmith").path

    /// `shell`: run `/bin/sh` with `arguments` instead of the binary (for setup such as a mount).
    /// `removing`: environment variables to unset for the run.
    /// `executable`: another copy of the binary to run.
    static func run(_ arguments: [String], in directory: String, environment extra: [String: String] = [:],
                    shell: Bool = false, removing: [String] = [], executable: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell ? "/bin/sh" : executable ?? binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["ASSETSMITH_TEMPLATES"] = Fixtures.repoRoot.appendingPathComponent("Templates").path
        environment.merge(extra) { _, new in new }
        for name in removing { environment[name] = nil }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A new empty folder under the system temporary folder.
    static func temporaryDirectory(_ label: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("assetsmith-\(label)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Copies a file from the repository (`Assets/AppIcon.svg`) into `directory`.
    static func copyFromRepo(_ relative: String, to directory: String, as name: String? = nil) throws {
        let target = directory + "/" + (name ?? (relative as NSString).lastPathComponent)
        try FileManager.default.copyItem(atPath: Fixtures.repoRoot.appendingPathComponent(relative).path, toPath: target)
    }

    /// `assetsmith watch` started in `directory`, writing to `watch.log` there.
    final class Watch {
        let process = Process()
        let log: String

        init(in directory: String, arguments: [String] = []) throws {
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["watch"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            var environment = ProcessInfo.processInfo.environment
            environment["ASSETSMITH_TEMPLATES"] = Fixtures.repoRoot.appendingPathComponent("Templates").path
            process.environment = environment
            log = directory + "/watch.log"
            FileManager.default.createFile(atPath: log, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            process.standardError = handle
            process.standardOutput = handle
            try process.run()
        }

        deinit { if process.isRunning { process.terminate() } }

        var text: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        /// Waits (at most 15 s) until the log contains `expected`.
        func waitFor(_ expected: String) -> Bool {
            for _ in 0..<300 {
                if text.contains(expected) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
    }
}
