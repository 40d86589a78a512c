import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Testing
import TestSupport
import Verification

/// Apple's vocabulary is typed once in AssetCore (`Idiom`, `Platform`, `Appearance`,
/// `AssetKindWord`): the manifest's JSON Schema, the loader, verify and the planners (the writer's
/// Contents.json) agree on every value, in the shape of `IconComposerVocabularyTests`. Each test
/// compares the sides as sets, so a value one side gains and another lacks fails it.
@Suite struct AppleVocabularyTests {
    static let root = Fixtures.repoRoot
    static let tables = root.appendingPathComponent("Templates/Tables").path

    static var schema: [String: Any] {
        let url = root.appendingPathComponent("Templates/Schema/assetsmith.schema.json")
        return ((try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any]) ?? [:]
    }

    /// The `enum` at `path` (object keys, `items` for an array) in the schema.
    static func schemaEnum(_ path: [String]) -> Set<String> {
        var node: Any? = schema
        for key in path { node = (node as? [String: Any])?[key] }
        return Set((node as? [String: Any])?["enum"] as? [String] ?? [])
    }

    /// The loader's first error for `text` (a whole manifest), or nil when it loads.
    static func loaderError(_ text: String) -> String? {
        do {
            _ = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: root.path)
            return nil
        } catch {
            return error.diagnostics.first?.description ?? "no diagnostic"
        }
    }

    /// Verify's `unknown-value` findings for an image set whose one entry is `entry` (JSON fields).
    static func unknownValues(_ entry: String) throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apple-vocabulary-\(UUID().uuidString)").path
        let set = dir + "/Assets.xcassets/Art.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        let info = #""info" : { "author" : "xcode", "version" : 1 }"#
        try Data("{ \(info) }".utf8).write(to: URL(fileURLWithPath: dir + "/Assets.xcassets/Contents.json"))
        try Data("{ \"images\" : [ { \(entry) } ], \(info) }".utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return Verifier.verify(catalogAt: dir + "/Assets.xcassets").findings.filter { $0.rule == .unknownValue }.map(\.message)
    }

    /// Every string under `key` (or in an array under it) anywhere in the bundled tables.
    static func tableValues(_ key: String) -> Set<String> {
        var found: Set<String> = []
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                for (name, value) in object {
                    if name == key, let text = value as? String { found.insert(text) }
                    if name == key, let list = value as? [String] { found.formUnion(list) }
                    walk(value)
                }
            } else if let list = node as? [Any] {
                list.forEach(walk)
            }
        }
        for file in (try? FileManager.default.contentsOfDirectory(atPath: tables)) ?? [] where file.hasSuffix(".json") {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: tables + "/" + file))) ?? Data()
            if let json = try? JSONSerialization.jsonObject(with: data) { walk(json) }
        }
        return found
    }

    /// The Contents.json values of `key` the planners write for an icon on every platform, with
    /// dark and tinted appearances (`ios18`).
    static func writtenValues(_ key: String) throws -> Set<String> {
        let text = """
            table: ios18
            assets:
              - name: AppIcon
                kind: app-icon
                source: Assets/AppIcon.svg
                dark: Assets/AppIcon-dark.svg
                tinted: auto
                platforms: [ios, macos, watchos]
              - name: Layered
                kind: app-icon
                platforms: [tvos, visionos]
                fill: "#1E5AA8"
                layers: [Assets/AppIcon.svg, Assets/Logo.svg]
            """
        let manifest = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: root.path)
        let plan = try Planner.plan(manifest, tableDirectories: [tables])
        var found: Set<String> = []
        func walk(_ node: JSONValue) {
            switch node {
            case .object(let fields):
                for (name, value) in fields {
                    if name == key, let text = value.stringValue { found.insert(text) }
                    walk(value)
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        for entry in plan.entries { walk(entry.contents) }
        return found
    }

    @Test func kindsAreTheSameForSchemaAndLoader() {
        let kinds = Set(AssetKindWord.allCases.map(\.rawValue))
        #expect(kinds.count == 8)
        #expect(Self.schemaEnum(["properties", "assets", "items", "properties", "kind"]) == kinds)
        #expect(Set(ManifestLoader.kindNames) == kinds)
        #expect(Set(ManifestLoader.keysByKind.keys) == kinds)
        #expect(Self.loaderError("assets:\n  - {name: A, kind: sticker}\n")?.contains("\"sticker\"") == true)
    }

    @Test func platformsAreTheSameForSchemaLoaderVerifyAndWriter() throws {
        let platforms = Set(Platform.allCases.map(\.rawValue))
        #expect(platforms == ["ios", "macos", "watchos", "tvos", "visionos"])
        #expect(Self.schemaEnum(["definitions", "app-icon", "properties", "platforms", "items"]) == platforms)
        for platform in platforms {
            let text = "assets:\n  - {name: A, kind: app-icon, fill: \"#FFFFFF\", layers: [Assets/AppIcon.svg], platforms: [\(platform)]}\n"
            #expect(Self.loaderError(text) == nil, "loader refuses platform \(platform)")
            #expect(try Self.unknownValues(#""idiom" : "universal", "platform" : ""# + platform + #"""#) == [],
                    "verify refuses platform \(platform)")
        }
        #expect(try Self.writtenValues("platform").isSubset(of: platforms))
        #expect(try Self.writtenValues("platform").contains(Platform.watchos.rawValue), "the writer writes platforms")
        #expect(Self.loaderError("assets:\n  - {name: A, kind: app-icon, source: Assets/AppIcon.svg, platforms: [android]}\n")?
            .contains("is not a platform") == true)
        #expect(try Self.unknownValues(#""idiom" : "universal", "platform" : "android""#)
                == [#""platform" is "android"; Xcode accepts "ios", "macos", "watchos", "tvos" or "visionos""#])
    }

    @Test func idiomsAreTheSameForSchemaLoaderTablesVerifyAndWriter() throws {
        let idioms = Set(Idiom.allCases.map(\.rawValue))
        for idiom in idioms {
            #expect(try Self.unknownValues(#""idiom" : ""# + idiom + #"""#) == [], "verify refuses idiom \(idiom)")
        }
        #expect(Self.tableValues("idiom").union(Self.tableValues("idioms")).isSubset(of: idioms),
                "a table gives an idiom Idiom lacks: \(Self.tableValues("idiom").subtracting(idioms))")
        let written = try Self.writtenValues("idiom")
        #expect(written.isSubset(of: idioms))
        #expect(written.isSuperset(of: ["universal", "mac", "tv", "vision"]), "the writer writes idioms")
        let tabBar = Set(Idiom.tabBar.map(\.rawValue))
        #expect(Self.schemaEnum(["properties", "tab-bar", "properties", "idiom"]) == tabBar)
        for idiom in tabBar {
            #expect(Self.loaderError("tab-bar: {idiom: \(idiom)}\nassets: []\n") == nil, "loader refuses tab bar idiom \(idiom)")
        }
        #expect(Self.loaderError("tab-bar: {idiom: mac}\nassets: []\n") != nil)
        #expect(try Self.unknownValues(#""idiom" : "android""#).count == 1)
    }

    @Test func appearancesAreTheSameForTablesLoaderVerifyAndWriter() throws {
        let luminosity = Set(Appearance.Luminosity.allCases.map(\.rawValue))
        #expect(luminosity == ["light", "dark", "tinted"])
        for appearance in Appearance.allCases {
            for value in appearance.values {
                let entry = #""idiom" : "universal", "appearances" : [ { "appearance" : ""# + appearance.rawValue
                    + #"", "value" : ""# + value + #"" } ]"#
                #expect(try Self.unknownValues(entry) == [], "verify refuses \(appearance.rawValue) \(value)")
            }
        }
        // The manifest's app icon takes each luminosity but the default as a key (`dark:`, `tinted:`).
        let keys = Set(ManifestLoader.keysByKind[AssetKindWord.appIcon.rawValue] ?? [])
        #expect(keys.intersection(luminosity) == luminosity.subtracting(["light"]))
        #expect(Self.tableValues("appearances").isSubset(of: luminosity))
        #expect(try Self.writtenValues("appearance") == [Appearance.luminosity.rawValue])
        #expect(try Self.writtenValues("value").isSuperset(of: ["dark", "tinted"]))
        #expect(try Self.unknownValues(#""idiom" : "universal", "appearances" : [ { "appearance" : "luminosity", "value" : "dim" } ]"#)
                == [#""luminosity" appearance value "dim" is not one verify knows (a newer Xcode may write it)"#])
    }

    @Test func tabLimitsAreTheTables() throws {
        // A copy of ios18 whose iPhone tab bar shows 3 tabs: the warning follows the table.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tab-limit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try String(contentsOfFile: Self.tables + "/ios18.json", encoding: .utf8)
        #expect(text.contains("\"iphone\": 5,"))
        try text.replacingOccurrences(of: "\"iphone\": 5,", with: "\"iphone\": 3,")
            .replacingOccurrences(of: "\"name\": \"ios18\"", with: "\"name\": \"narrow\"")
            .write(toFile: dir + "/narrow.json", atomically: true, encoding: .utf8)
        var body = "table: narrow\nassets:\n"
        for index in 1...4 {
            body += "  - {name: T\(index), kind: tab-icon, source: Assets/Glyphs/star.svg, group: main}\n"
        }
        let manifest = try ManifestLoader.parse(body, file: "assetsmith.yml", directory: Self.root.path)
        let warnings = try Planner.plan(manifest, tableDirectories: [dir]).warnings.map(\.message)
        #expect(warnings == [#"tab bar group "main" has 4 tabs; iPhone shows at most 3, so "T4" and the tabs after it go under "More""#])
    }
}
