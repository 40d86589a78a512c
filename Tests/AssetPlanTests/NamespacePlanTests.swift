import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Testing
import TestSupport

/// Set names in the plan share the catalog's namespace (issue 35): sets of one name in different
/// group folders clash, the layers of two stacks (each `Content.imageset`) do not.
@Suite struct NamespacePlanTests {
    static let tables = [Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path]
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("namespace-plan-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["a.svg", "b.svg"] { _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data()) }
        return dir
    }()

    func plan(_ assets: String) throws -> Plan {
        let manifest = try ManifestLoader.parse("table: ios18\nassets:\n" + assets, file: "assetsmith.yml", directory: directory)
        return try Planner.plan(manifest, tableDirectories: Self.tables)
    }

    @Test func twoTVStacksKeepTheirOwnLayerSets() throws {
        let plan = try plan("""
              - {name: TV, kind: app-icon, platforms: [tvos], fill: "#102030", layers: [a.svg, b.svg]}
              - {name: TV2, kind: app-icon, platforms: [tvos], fill: "#102030", layers: [a.svg, b.svg]}

            """)
        #expect(plan.entries.filter { $0.folder.hasSuffix("/Content.imageset") }.count >= 4)
    }

    @Test func anImageInAGroupFolderClashesWithOneOfItsNameAtTheTop() {
        #expect(throws: PlanError.self) {
            try plan("""
                  - {name: Hero, kind: image, source: a.svg, size: 20, folder: Art}
                  - {name: AppIcon, kind: app-icon, source: b.svg, alternates: [{name: Hero, source: a.svg}]}

                """)
        }
    }
}
