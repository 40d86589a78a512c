import AssetCore
import AssetSpec
import Foundation
import Testing
import TestSupport

/// The JSON Schema that editors use (`Templates/Schema/assetsmith.schema.json`) lists exactly the
/// keys and values the loader accepts, so completion never offers a key the loader rejects and
/// never misses one it takes.
@Suite struct ManifestSchemaTests {
    let schema: [String: Any] = {
        let url = Fixtures.repoRoot.appendingPathComponent("Templates/Schema/assetsmith.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }()

    func properties(_ object: Any?) -> [String: Any] {
        (object as? [String: Any])?["properties"] as? [String: Any] ?? [:]
    }

    func definition(_ kind: String) -> [String: Any] {
        (schema["definitions"] as? [String: Any])?[kind] as? [String: Any] ?? [:]
    }

    @Test func topLevelKeysMatchTheLoader() {
        #expect(Set(properties(schema).keys) == Set(ManifestLoader.topLevelKeys))
        #expect(Set(properties(properties(schema)["tab-bar"]).keys) == Set(ManifestLoader.tabBarKeys))
        #expect(schema["additionalProperties"] as? Bool == false)
    }

    @Test func everyKindListsExactlyTheKeysTheLoaderAccepts() {
        let kindEnum = (properties(properties(schema)["assets"].flatMap { ($0 as? [String: Any])?["items"] })["kind"]
                        as? [String: Any])?["enum"] as? [String]
        #expect(Set(kindEnum ?? []) == Set(ManifestLoader.kindNames))
        #expect(Set(ManifestLoader.keysByKind.keys) == Set(ManifestLoader.kindNames))
        for (kind, keys) in ManifestLoader.keysByKind {
            let listed = properties(definition(kind))
            #expect(Set(listed.keys) == Set(keys), "kind \(kind)")
            #expect(definition(kind)["additionalProperties"] as? Bool == false, "kind \(kind)")
        }
        #expect(Set(properties(properties(definition("control"))["cap-insets"]).keys) == Set(ManifestLoader.capInsetKeys))
    }

    @Test func choicesMatchTheLoadersValues() {
        func choices(_ kind: String, _ key: String) -> Set<String> {
            Set((properties(definition(kind))[key] as? [String: Any])?["enum"] as? [String] ?? [])
        }
        #expect(choices("image", "fit") == Set(ImageSpec.Fit.allCases.map(\.rawValue)))
        #expect(choices("bar-glyph", "rendering") == Set(GlyphRendering.allCases.map(\.rawValue)))
        #expect(choices("tab-icon", "shape") == Set(TabShape.allCases.map(\.rawValue)))
        #expect(choices("launch-image", "status-bar") == Set(LaunchTemplate.StatusBarStyle.allCases.map(\.rawValue)))
        for kind in ["image", "bar-glyph", "tab-icon", "back-indicator", "control"] {
            #expect(choices(kind, "vector") == Set(VectorFormat.allCases.map(\.rawValue)), "kind \(kind)")
        }
    }
}

extension ManifestSchemaTests {
    @Test func iconLayerGroupAndAppearanceKeysMatchTheLoader() {
        let layers = properties(definition("app-icon"))["layers"] as? [String: Any]
        let items = ((layers?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]]) ?? []
        let objects = items.filter { $0["type"] as? String == "object" }
        #expect(objects.count == 2)
        let layerWithGroup = objects.first { ($0["required"] as? [String]) == ["source"] }
        let group = objects.first { ($0["required"] as? [String]) == ["layers"] }
        #expect(Set(properties(layerWithGroup).keys)
                == Set(ManifestLoader.iconLayerKeys + ManifestLoader.iconGroupKeys.filter { $0 != "layers" }))
        #expect(Set(properties(group).keys) == Set(ManifestLoader.iconGroupKeys))
        for key in ["dark", "tinted"] {
            let forms = (properties(definition("app-icon"))[key] as? [String: Any])?["oneOf"] as? [[String: Any]] ?? []
            let mapping = forms.first { $0["type"] as? String == "object" }
            #expect(Set(properties(mapping).keys) == Set(ManifestLoader.iconAppearanceKeys), "\(key)")
        }
        let blend = (properties(layerWithGroup)["blend-mode"] as? [String: Any])?["enum"] as? [String]
        #expect(Set(blend ?? []) == Set(IconComposerFormat.BlendMode.allCases.map(\.rawValue)))
        let shadow = (properties(group)["shadow"] as? [String: Any])?["enum"] as? [String]
        #expect(Set(shadow ?? []) == Set(IconComposerFormat.ShadowKind.allCases.map(\.rawValue)))
    }
}
