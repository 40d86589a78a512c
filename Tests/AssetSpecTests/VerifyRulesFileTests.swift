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
