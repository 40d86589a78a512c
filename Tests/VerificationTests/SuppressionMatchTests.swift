import Foundation
import Testing
import Verification

/// Issue 49: the string and count rules of suppressions and baselines at their boundaries. A rule
/// id is compared whole (`symbol` does not silence `symbol-version`), a suppressed path covers
/// itself and what is below it by whole components (`Assets/Icon` is not `Assets/IconBeta`), and a
/// baseline is a multiset (a finding listed twice absorbs two, once absorbs one).
@Suite struct SuppressionMatchTests {
    static func finding(_ rule: Finding.Rule, _ file: String, _ message: String = "is wrong") -> Finding {
        Finding(.error, rule, file: file, asset: nil, message: message, fix: "fix it")
    }

    static func report(_ findings: [Finding]) -> VerifyReport {
        VerifyReport(catalog: "Assets.xcassets", sets: [], files: 0, findings: findings)
    }

    @Test func aRuleIdIsComparedWholeNotByPrefix() {
        let suppression = Suppression(rules: [.init(rule: "symbol", paths: [], reason: "drawn by hand")])
        let findings: [Finding] = [.symbol, .symbolVersion, .symbolGuides, .symbolTemplate].map { Self.finding($0, "A.symbolset/A.svg") }
        let result = suppression.apply(to: Self.report(findings))
        #expect(result.suppressed == 1)
        #expect(Set(result.findings.map(\.rule)) == [.symbolVersion, .symbolGuides, .symbolTemplate])
        #expect(result.findings.count == 3)
    }

    @Test func aSuppressedPathCoversItsFolderByWholeComponents() {
        let suppression = Suppression(rules: [.init(rule: "transparency", paths: ["Assets/Icon"], reason: "replaced before release")])
        let files = ["Assets/Icon", "Assets/Icon/A.png", "Assets/IconBeta", "Assets/IconBeta/A.png", "Assets/Ico", "Assets"]
        let result = suppression.apply(to: Self.report(files.map { Self.finding(.transparency, $0) }))
        #expect(result.suppressed == 2)
        #expect(result.findings.map(\.file).sorted() == ["Assets", "Assets/Ico", "Assets/IconBeta", "Assets/IconBeta/A.png"])
    }

    @Test func aFolderPatternWithATrailingSlashCoversOnlyWhatIsBelowByComponent() {
        let suppression = Suppression(rules: [.init(rule: "transparency", paths: ["Assets/Icon/"], reason: "replaced before release")])
        let files = ["Assets/Icon/A.png", "Assets/IconBeta/A.png"]
        let result = suppression.apply(to: Self.report(files.map { Self.finding(.transparency, $0) }))
        #expect(result.findings.map(\.file) == ["Assets/IconBeta/A.png"])
    }

    @Test func aBaselineListingAFindingTwiceAbsorbsTwoAndNoMore() {
        let twice = Self.finding(.pixelSize, "A.imageset/a.png")
        let listed = Baseline(reports: [Self.report([twice, twice])])
        #expect(listed.findings.count == 2)
        let suppression = Suppression(baseline: listed)
        let two = suppression.apply(to: Self.report([twice, twice]))
        #expect(two.baselined == 2)
        #expect(two.findings.isEmpty)
        let three = suppression.apply(to: Self.report([twice, twice, twice]))
        #expect(three.baselined == 2)
        #expect(three.findings.count == 1)
    }

    @Test func aBaselineListingAFindingOnceAbsorbsOneOfTwo() {
        let finding = Self.finding(.pixelSize, "A.imageset/a.png")
        let suppression = Suppression(baseline: Baseline(reports: [Self.report([finding])]))
        let result = suppression.apply(to: Self.report([finding, finding]))
        #expect(result.baselined == 1)
        #expect(result.findings.count == 1)
    }

    /// A baseline that is not one says where: no JSON, a missing field, a field of the wrong type.
    @Test func aBaselineThatIsNotOneSaysWhatIsWrong() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cases = [
            ("garbage{", ""),
            (#"{"schema":"assetsmith-baseline/1"}"#, "(no \"findings\")"),
            (#"{"schema":"assetsmith-baseline/1","findings":[{"rule":"x","file":5,"message":"m"}]}"#, "(\"findings.0.file\" is of the wrong type)"),
        ]
        for (index, (text, words)) in cases.enumerated() {
            let path = folder.appendingPathComponent("\(index).json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            guard case .failure(let error) = Baseline.read(path) else { Issue.record("\(text) read as a baseline"); continue }
            let start = "baseline \"\(path)\" is not a baseline assetsmith wrote ("
            // Where JSON breaks is Foundation's wording (it differs between Linux and macOS); never "not in the correct format".
            #expect(words.isEmpty ? error.message.hasPrefix(start) && !error.message.contains("correct format") : error.message == start + words.dropFirst(),
                    "\(error.message)")
        }
    }
}
