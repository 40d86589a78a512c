import AssetCore
import Testing

/// Issue 36: a fix line lists a few catalogs and counts the rest, at the exact boundary.
@Suite struct ReportTextCappedTests {
    @Test func listsUpToTheCapWholeAndCountsTheRest() {
        let five = (1...5).map { "\"C\($0).xcassets\"" }
        #expect(ReportText.capped(five, at: 5) == five.joined(separator: ", "))
        let six = five + ["\"C6.xcassets\""]
        #expect(ReportText.capped(six, at: 5) == five.joined(separator: ", ") + " and 1 more")
        let many = (1...435).map { "\"C\($0).xcassets\"" }
        #expect(ReportText.capped(many, at: 5).hasSuffix("\"C5.xcassets\" and 430 more"))
        #expect(ReportText.capped([], at: 5) == "")
    }
}
