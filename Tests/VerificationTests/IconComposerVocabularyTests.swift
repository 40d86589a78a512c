import AssetCore
import AssetSpec
import Foundation
import Testing
import TestSupport
import Verification

/// Icon Composer's values are typed once (`IconComposerFormat`): the manifest loader takes every
/// value verify accepts in icon.json and the JSON Schema offers, and no other (in the shape of
/// `ManifestSchemaTests`). Shadow `automatic` was refused by the loader while verify took it;
/// Apple's `ictool` validates it, so both take it now.
@Suite struct IconComposerVocabularyTests {
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icon-vocabulary-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/Art/front.svg", contents: Data("<svg/>".utf8))
        return dir
    }()

    /// The values the JSON Schema lists for `key` of a layer given with its group's keys.
    func schemaChoices(_ key: String) -> Set<String> {
        let url = Fixtures.repoRoot.appendingPathComponent("Templates/Schema/assetsmith.schema.json")
        let schema = (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any] ?? [:]
        let appIcon = ((schema["definitions"] as? [String: Any])?["app-icon"] as? [String: Any])?["properties"] as? [String: Any]
        let items = ((appIcon?["layers"] as? [String: Any])?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]] ?? []
        let layer = items.first { ($0["required"] as? [String]) == ["source"] }
        let property = (layer?["properties"] as? [String: Any])?[key] as? [String: Any]
        return Set(property?["enum"] as? [String] ?? [])
    }

    /// The loader's verdict on `key: value` of one layer: nil when taken, else the error.
    func loaderError(_ key: String, _ value: String) -> String? {
        let text = """
        assets:
          - name: AppIcon
            kind: app-icon
            layers:
              - source: Art/front.svg
                \(key): \(value)
        """
        do {
            _ = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: directory)
            return nil
        } catch {
            return error.diagnostics.first?.description ?? "no diagnostic"
        }
    }

    /// Verify's verdict on an icon.json whose one group has `group` and whose layer has `layer`.
    func verifyFindings(group: String, layer: String = "") throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icon-vocabulary-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/Assets.xcassets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/AppIcon.icon/Assets", withIntermediateDirectories: true)
        try Data("{\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/Assets.xcassets/Contents.json"))
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/AppIcon.icon/Assets/front.svg"))
        let json = #"{ "fill" : "automatic", "groups" : [ { "#  + group
            + #" "layers" : [ { "#  + layer + #" "image-name" : "front.svg", "name" : "front" } ] } ] }"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/AppIcon.icon/icon.json"))
        return Verifier.verify(catalogAt: dir + "/Assets.xcassets").findings.map(\.message)
    }

    @Test func shadowKindsAreTheSameForLoaderVerifyAndSchema() throws {
        let kinds = IconComposerFormat.ShadowKind.allCases.map(\.rawValue)
        #expect(Set(kinds) == ["automatic", "neutral", "none", "layer-color"])
        #expect(schemaChoices("shadow") == Set(kinds))
        for kind in kinds {
            #expect(loaderError("shadow", kind) == nil, "loader refuses shadow \(kind)")
            #expect(try verifyFindings(group: #""shadow" : { "kind" : ""# + kind + #"", "opacity" : 0.5 },"#) == [],
                    "verify refuses shadow \(kind)")
        }
        #expect(loaderError("shadow", "soft") != nil)
        #expect(try verifyFindings(group: #""shadow" : { "kind" : "soft", "opacity" : 0.5 },"#)
                == ["group 1 has the shadow kind \"soft\""])
    }

    @Test func blendModesAreTheSameForLoaderVerifyAndSchema() throws {
        let modes = IconComposerFormat.BlendMode.allCases.map(\.rawValue)
        #expect(modes.count == 10)
        #expect(schemaChoices("blend-mode") == Set(modes))
        for mode in modes {
            #expect(loaderError("blend-mode", mode) == nil, "loader refuses blend mode \(mode)")
            #expect(try verifyFindings(group: "", layer: #""blend-mode" : ""# + mode + #"","#) == [],
                    "verify refuses blend mode \(mode)")
        }
        #expect(loaderError("blend-mode", "dodge") != nil)
        #expect(try verifyFindings(group: "", layer: #""blend-mode" : "dodge","#)
                == ["layer \"front\" of group 1 has the blend mode \"dodge\", which Icon Composer does not write"])
    }

    @Test func lightingsAreTheSameForLoaderVerifyAndSchema() throws {
        let lightings = IconComposerFormat.Lighting.allCases.map(\.rawValue)
        #expect(schemaChoices("lighting") == Set(lightings))
        for lighting in lightings {
            #expect(loaderError("lighting", lighting) == nil, "loader refuses lighting \(lighting)")
            #expect(try verifyFindings(group: #""lighting" : ""# + lighting + #"","#) == [],
                    "verify refuses lighting \(lighting)")
        }
        #expect(loaderError("lighting", "split") != nil)
        #expect(try verifyFindings(group: #""lighting" : "split","#) == ["group 1 has the lighting \"split\""])
    }
}
