import AssetCore
@testable import AssetSpec
import Foundation
import Testing

/// Issue 49: a `.assetsmith-verify.yml` over its budget is called what it is, not a manifest.
@Suite struct VerifyRulesFileTests {
    static func file(_ name: String, bytes: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verify-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(("verify:\n" + String(repeating: "#", count: bytes)).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aRulesFileOverItsBudgetIsCalledARulesFile() throws {
        var budgets = Budgets.standard
        budgets.manifestBytes = 1 << 20
        let path = try Self.file(".assetsmith-verify.yml", bytes: 2 << 20)
        do {
            _ = try VerifyRulesLoader.load(path: path, knownRules: ["transparency"], budgets: budgets)
            Issue.record("a rules file over its budget was read")
        } catch {
            let message = error.diagnostics.first?.message ?? ""
            #expect(message.contains("over the budget of 1 MB for a verify rules file"), "\(message)")
        }
        let manifest = try Self.file("assetsmith.yml", bytes: 2 << 20)
        do {
            _ = try VerifyRulesLoader.load(path: manifest, knownRules: ["transparency"], budgets: budgets)
            Issue.record("a manifest over its budget was read")
        } catch {
            #expect(error.diagnostics.first?.message.contains("for a manifest") == true, "\(error.diagnostics)")
        }
    }
}

/// A file without the word `verify` (nor a backslash) is not parsed again for the section
/// (issue 50); a key spelt with an escape still is.
@Suite struct VerifyRulesShortcutTests {
    @Test func onlyAFileThatMayHoldTheKeyIsParsed() throws {
        #expect(!VerifyRulesLoader.mentionsVerify(Data("table: ios18\nassets:\n  - {name: A}\n".utf8)))
        #expect(VerifyRulesLoader.mentionsVerify(Data("verify:\n".utf8)))
        #expect(VerifyRulesLoader.mentionsVerify(Data("x: 1\nverify".utf8)), "at the very end")
        #expect(!VerifyRulesLoader.mentionsVerify(Data("verif".utf8)))
        #expect(VerifyRulesLoader.mentionsVerify(Data("\"v\\x65rify\": []\n".utf8)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let escaped = folder + "/escaped.yml"
        try "\"v\\x65rify\":\n  - {rule: pixel-size, paths: [A.imageset], reason: why}\n".write(toFile: escaped, atomically: true, encoding: .utf8)
        // Read as the `verify` section (here a wrong one: a list where a mapping belongs).
        #expect(throws: ManifestError.self) { try VerifyRulesLoader.load(path: escaped, knownRules: ["pixel-size"]) }
    }
}
