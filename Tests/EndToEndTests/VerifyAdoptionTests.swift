import Foundation
import Testing
import TestSupport

/// Issue 34 through the binary: a team adopts the gate today. Rules switched off with a reason,
/// a baseline of accepted findings, one report for a project's catalogs in every format, and a
/// finding about the project's settings once, not once per catalog.
@Suite struct VerifyAdoptionTests {
    /// TwoApps: target "Acme" registers the alternate icon "Missing", which no catalog holds.
    static let missing = "Acme.xcodeproj/project.pbxproj: error: target \"Acme\" registers the alternate app icon \"Missing\""

    @Test func aProjectFindingIsReportedOnceWhateverTheCatalogCount() throws {
        let dir = try ProjectEndToEndTests.copy("TwoApps")
        let result = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--no-color"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.components(separatedBy: Self.missing).count == 2, "\(result.stdout)")
    }

    @Test func jsonAndJUnitHoldEveryCatalogOfAProjectInOneDocument() throws {
        let dir = try ProjectEndToEndTests.copy("TwoApps")
        let json = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--format", "json"], in: dir)
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "assetsmith-verify-project/1")
        // The alternate no catalog holds, and AcmeWhite's transparent App Store icon.
        #expect(document["errors"] as? Int == 2)
        let reports = try #require(document["reports"] as? [[String: Any]])
        #expect(reports.count >= 2)
        let findings = reports.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
        let project = try #require(findings.first { $0["rule"] as? String == "project-icon" })
        #expect(project["catalog"] as? String == "Acme/Assets.xcassets")
        let junit = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--format", "junit"], in: dir)
        #expect(junit.status == 1)
        #expect(junit.stdout.components(separatedBy: "<testsuite ").count - 1 == reports.count)
        #expect(junit.stdout.hasSuffix("</testsuites>\n"))
    }

    @Test func aRuleSwitchedOffWithAReasonIsCountedNotListed() throws {
        let dir = try ProjectEndToEndTests.copy("TwoApps")
        try Data("""
            verify:
              disable:
                - rule: project-icon
                  paths: ["Acme.xcodeproj/"]
                  reason: the Missing icon ships from the server
                - rule: transparency
                  paths: "AcmeWhite/*"
                  reason: the white-label icon is replaced before release
            """.utf8).write(to: URL(fileURLWithPath: dir + "/.assetsmith-verify.yml"))
        let result = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--no-color"], in: dir)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains(Self.missing))
        #expect(result.stdout.contains("verified Acme/Assets.xcassets: 4 sets checked (4 app icon); 4 files; 0 errors, 1 warning (1 suppressed by verify: rules)"))
        #expect(result.stdout.contains("verified AcmeWhite/Assets.xcassets: 1 set checked (1 app icon); 1 file; 0 errors, 0 warnings (1 suppressed by verify: rules)"))
    }

    @Test func aRuleEntryWithoutAReasonOrWithAnUnknownRuleIsAUsageError() throws {
        let dir = try ProjectEndToEndTests.copy("TwoApps")
        let file = URL(fileURLWithPath: dir + "/.assetsmith-verify.yml")
        try Data("verify:\n  disable:\n    - rule: project-icon\n".utf8).write(to: file)
        let noReason = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--no-color"], in: dir)
        #expect(noReason.status == 2)
        #expect(noReason.stderr.contains("a \"disable\" entry is missing the required key \"reason\""), "\(noReason.stderr)")
        try Data("verify:\n  disable:\n    - rule: project-icons\n      reason: x\n".utf8).write(to: file)
        let typo = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--no-color"], in: dir)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains(".assetsmith-verify.yml:3:13: error: unknown rule \"project-icons\""), "\(typo.stderr)")
        #expect(typo.stderr.contains("did you mean \"project-icon\"?"))
    }

    @Test func aBaselineAcceptsTodaysFindingsAndFailsOnANewOne() throws {
        let dir = try ProjectEndToEndTests.copy("TwoApps")
        let write = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--write-baseline", "baseline.json", "--no-color"], in: dir)
        #expect(write.status == 0, "\(write.stdout)\(write.stderr)")
        let baseline = try String(contentsOfFile: dir + "/baseline.json", encoding: .utf8)
        #expect(baseline.contains("\"schema\" : \"assetsmith-baseline/1\""))
        #expect(baseline.contains("registers the alternate app icon \\\"Missing\\\""))
        let again = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--baseline", "baseline.json", "--strict", "--no-color"], in: dir)
        #expect(again.status == 0, "\(again.stdout)")
        #expect(again.stdout.contains("in the baseline"))
        // A new finding: a file nobody assigned.
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/Acme/Assets.xcassets/AppIcon.appiconset/stray.png"))
        let new = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--baseline", "baseline.json", "--strict", "--no-color"], in: dir)
        #expect(new.status == 1)
        #expect(new.stdout.contains("stray.png"))
        #expect(!new.stdout.contains(Self.missing))
        let absent = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--baseline", "nothing.json", "--no-color"], in: dir)
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("error: baseline"))
    }
}
