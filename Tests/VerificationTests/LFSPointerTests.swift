import Foundation
import Testing
import TestSupport
import Verification

/// Issue 48: a checkout without its Git LFS objects holds pointer files in place of images; verify
/// says what they are and how to fetch them, once per catalog rather than once per file.
@Suite struct LFSPointerTests {
    static func copy() throws -> URL {
        let catalog = try VerifyFixtures.temporaryDirectory().appendingPathComponent("Assets.xcassets")
        try FileManager.default.copyItem(at: Fixtures.url("Verify/lfs-pointers/Assets.xcassets"), to: catalog)
        return catalog
    }

    static func lines(_ report: VerifyReport) -> [String] {
        report.findings.map { "\($0.place): \($0.severity.rawValue): [\($0.rule.rawValue)] \($0.message) | fix: \($0.fix)" }
    }

    @Test func pointersAreOneErrorForTheCatalog() throws {
        let report = Verifier.verify(catalogAt: try Self.copy().path, displayPath: "Assets.xcassets")
        #expect(Self.lines(report) == [
            "Assets.xcassets: error: [lfs-pointer] 2 files are Git LFS pointers (\"version https://git-lfs.github.com/spec/v1\"), "
                + "not the images they stand for (first: Assets.xcassets/Coin.imageset/coin.png); the checkout lacks its LFS objects"
                + " | fix: run `git lfs pull` (in GitHub Actions: `lfs: true` in actions/checkout) and verify again",
        ])
        #expect(!report.passed)
    }

    @Test func onePointerIsNamedInTheSingular() throws {
        let catalog = try Self.copy()
        try VerifyFixtures.png(side: 16).write(to: catalog.appendingPathComponent("Gem.imageset/gem.png"))
        let report = Verifier.verify(catalogAt: catalog.path, displayPath: "Assets.xcassets")
        #expect(report.findings.map(\.message).first?.hasPrefix("1 file is a Git LFS pointer (") == true)
        #expect(report.findings.map(\.message).first?.contains("not the image they stand for (first: Assets.xcassets/Coin.imageset/coin.png)") == true)
        #expect(report.findings.count == 1)
    }

    /// The specification keeps a pointer under 1024 bytes: 1023 bytes is a pointer, 1024 is not
    /// (then it is a file that is not a PNG, per file).
    @Test func aPointerIsUnder1024Bytes() throws {
        let catalog = try Self.copy()
        try VerifyFixtures.png(side: 16).write(to: catalog.appendingPathComponent("Gem.imageset/gem.png"))
        let coin = catalog.appendingPathComponent("Coin.imageset/coin.png")
        let head = Data("version https://git-lfs.github.com/spec/v1\n".utf8)
        try (head + Data(repeating: 0x20, count: 1023 - head.count)).write(to: coin)
        #expect(Verifier.verify(catalogAt: catalog.path).findings.map(\.rule) == [.lfsPointer])
        try (head + Data(repeating: 0x20, count: 1024 - head.count)).write(to: coin)
        let report = Verifier.verify(catalogAt: catalog.path, displayPath: "Assets.xcassets")
        #expect(report.findings.map { "\($0.rule.rawValue) \($0.message)" } == ["not-png is not a PNG file (no PNG signature)"])
    }
}
