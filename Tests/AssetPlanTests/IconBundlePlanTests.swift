import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Testing
import TestSupport

/// The `.icon` part of a plan: icon.json as a value (top layer first), the layer files, the
/// paths the build reads and writes, and the flat set's own name.
@Suite struct IconBundlePlanTests {
    static let tables = [Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path]
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icon-plan-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["back.svg", "front.svg", "flat.svg"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("<svg/>".utf8))
        }
        return dir
    }()

    func plan(_ text: String) throws -> Plan {
        let manifest = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: directory)
        return try Planner.plan(manifest, tableDirectories: Self.tables)
    }

    @Test func layersAreWrittenTopFirstWithTheirFiles() throws {
        let plan = try plan("""
        assets:
          - name: AppIcon
            kind: app-icon
            fill: {gradient: ["#FFFFFF", "#000000"]}
            layers:
              - back.svg
              - {source: front.svg, opacity: 0.5, scale: 0.8}
        """)
        let bundle = try #require(plan.iconBundles?.first)
        #expect(bundle.folder == "AppIcon.icon")
        #expect(bundle.layers.map(\.name) == ["back.svg", "front.svg"])
        let groups = bundle.document["groups"]?.arrayValue ?? []
        #expect(groups.compactMap { $0["layers"]?.arrayValue?.first?["image-name"]?.stringValue } == ["front.svg", "back.svg"])
        #expect(groups.first?["layers"]?.arrayValue?.first?["opacity"] == .number(0.5))
        #expect(groups.first?["layers"]?.arrayValue?.first?["position"]
                == ["scale": .number(0.8), "translation-in-points": [0, 0]])
        #expect(bundle.document["fill"]?["linear-gradient"]
                == ["srgb:1.00000,1.00000,1.00000,1.00000", "srgb:0.00000,0.00000,0.00000,1.00000"])
        #expect(plan.entries.map(\.folder) == [], "no app icon set: the .icon alone")
        #expect(plan.sideFilePaths == ["AppIcon.icon/icon.json", "AppIcon.icon/Assets/back.svg", "AppIcon.icon/Assets/front.svg"])
        #expect(plan.sourcePaths == [directory + "/back.svg", directory + "/front.svg"])
    }

    @Test func sourceBesideLayersPlansTheFlatSetAsNameFlat() throws {
        let plan = try plan("""
        table: ios18
        assets:
          - name: AppIcon
            kind: app-icon
            source: flat.svg
            layers: [back.svg]
        """)
        #expect(plan.entries.map(\.folder) == ["AppIcon-Flat.appiconset"])
        #expect(plan.jobs.map(\.output) == ["AppIcon-Flat.appiconset/AppIcon-Flat-1024.png"])
        #expect(plan.jobs.allSatisfy { $0.asset == "AppIcon" })
        #expect(plan.iconBundles?.map(\.folder) == ["AppIcon.icon"])
    }

    @Test func anotherAssetNamedLikeTheFlatSetIsAnError() {
        let text = """
        table: ios18
        assets:
          - name: AppIcon
            kind: app-icon
            source: flat.svg
            layers: [back.svg]
          - name: AppIcon-Flat
            kind: app-icon
            source: flat.svg
        """
        do {
            _ = try plan(text)
            Issue.record("no error")
        } catch let error as PlanError {
            #expect(error.diagnostics.map(\.description).contains(
                "assetsmith.yml:7:5: error: asset \"AppIcon-Flat\" (app-icon) writes the set \"AppIcon-Flat.appiconset\", which asset \"AppIcon\" (app-icon, line 3) also writes\n  fix: rename one of the two assets"))
        } catch {
            Issue.record("\(error)")
        }
    }
}
