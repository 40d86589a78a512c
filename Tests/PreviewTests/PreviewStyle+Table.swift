import AssetCore
import AssetPlan
import Preview
import Testing
import TestSupport

extension PreviewStyle {
    /// The system colours and the bundled iOS 18 table's bars, as `assetsmith preview` uses them
    /// for a manifest on that table.
    static var ios18: PreviewStyle {
        let tables = Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path
        let table = try? TableLoader.load("ios18", from: [tables], reference: SourceLocation(file: "test", line: 1, column: 1)).get()
        return PreviewStyle(bars: table.flatMap(PreviewBars.init(table:)))
    }
}


/// The mocks' bars come from the table (issue 37): the iOS 18 table's heights and tab counts,
/// and no bars for a table without them.
@Suite struct PreviewBarsTests {
    static func table(_ name: String) throws -> RequirementTable {
        let tables = Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path
        return try TableLoader.load(name, from: [tables], reference: SourceLocation(file: "test", line: 1, column: 1)).get()
    }

    @Test func theBarsAreTheTables() throws {
        let bars = try #require(PreviewBars(table: try Self.table("ios18")))
        #expect([bars.phone.tabBar, bars.phoneCompact.tabBar, bars.pad.tabBar, bars.phone.navigationBar] == [49, 32, 50, 44])
        #expect([bars.phoneTabs, bars.padTabs] == [5, 7])
        #expect(PreviewBars(table: try Self.table("ios6")) == nil, "ios6 has no tab icons, so no tab counts")
        var narrow = try Self.table("ios18")
        narrow.glyphs?.tabIcon.maximumTabs["iphone"] = 3
        #expect(PreviewBars(table: narrow)?.phoneTabs == 3)
    }
}
