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

    /// Every property the manifest can give a group and a layer is written under Icon Composer's
    /// own key (spelt out here, not taken from `IconComposerFormat`), and every key written is one
    /// verify reads at that level (`IconComposerFormat`'s typed keys, issue 55): the writer and
    /// verify cannot drift apart.
    @Test func everyPropertyIsWrittenUnderTheKeyVerifyReads() throws {
        let plan = try plan("""
        assets:
          - name: AppIcon
            kind: app-icon
            fill: "#FFFFFF"
            layers:
              - source: front.svg
                name: star
                glass: true
                opacity: 0.9
                blend-mode: soft-light
                scale: 1.2
                offset: [0, -40]
                fill: automatic
                shadow: layer-color
                shadow-opacity: 0.3
                translucency: 0.4
                specular: true
                lighting: individual
                blur-material: 0.5
            dark:
              layers: {star: back.svg}
        """)
        let document = try #require(plan.iconBundles?.first?.document)
        let expected: JSONValue = [
            "fill": ["solid": "srgb:1.00000,1.00000,1.00000,1.00000"],
            "groups": [[
                "blur-material": .number(0.5), "lighting": "individual", "specular": true,
                "shadow": ["kind": "layer-color", "opacity": .number(0.3)],
                "translucency": ["enabled": true, "value": .number(0.4)],
                "layers": [[
                    "name": "star", "glass": true, "opacity": .number(0.9), "blend-mode": "soft-light", "fill": "automatic",
                    "position": ["scale": .number(1.2), "translation-in-points": [0, -40]],
                    "image-name-specializations": [["value": "front.svg"], ["appearance": "dark", "value": "back.svg"]],
                ]],
            ]],
            "supported-platforms": ["circles": ["watchOS"], "squares": "shared"],
        ]
        #expect(document == expected)
        /// The keys of an object, `…-specializations` read as the key they specialise.
        func keys(_ value: JSONValue) -> Set<String> {
            guard case .object(let fields) = value else { return [] }
            let suffix = IconComposerFormat.specializationSuffix
            return Set(fields.keys.map { $0.hasSuffix(suffix) ? String($0.dropLast(suffix.count)) : $0 })
        }
        #expect(keys(document).isSubset(of: IconComposerFormat.topKeys))
        for group in document["groups"]?.arrayValue ?? [] {
            #expect(keys(group).isSubset(of: IconComposerFormat.groupKeys))
            for layer in group["layers"]?.arrayValue ?? [] {
                #expect(keys(layer).isSubset(of: IconComposerFormat.layerKeys) && !keys(layer).isEmpty)
            }
        }
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
