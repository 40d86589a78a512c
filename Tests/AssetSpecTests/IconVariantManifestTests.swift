import AssetCore
import AssetSpec
import Foundation
import Testing

/// `alternates:`, `badge:` and `flavors:` (issue 26): what they expand into, and what a user sees
/// when they are wrong.
@Suite struct IconVariantManifestTests {
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("variant-manifest-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        for name in ["icon.svg", "classic.svg", "beta.svg", "back.svg", "front.svg", "dark.svg"] {
            FileManager.default.createFile(atPath: dir + "/Art/" + name, contents: Data("<svg/>".utf8))
        }
        return dir
    }()

    static let example = """
    assets:
      - name: AppIcon
        kind: app-icon
        source: Art/icon.svg
        background: "#1B3FA8"
        dark: Art/dark.svg
        tinted: auto
        alternates:
          - {name: AppIcon-Classic, source: Art/classic.svg}
          - {name: AppIcon-Glass, layers: [Art/back.svg, Art/front.svg], fill: "#1B3FA8"}
    flavors:
      Beta:  {badge: {text: BETA, style: ribbon}, assets: {AppIcon: {source: Art/beta.svg}}}
      Debug: {badge: {text: "v${MARKETING_VERSION}", style: band, colors: {fill: "#FFCC00", text: "#000000"}}, alternates: true}
    """

    func load(_ text: String, environment: [String: String] = ["MARKETING_VERSION": "2.4.1"],
              flavor: String? = nil) throws(ManifestError) -> Manifest {
        try ManifestLoader.parse(text, file: "assetsmith.yml", directory: directory, environment: environment, flavor: flavor)
    }

    func errors(_ text: String, environment: [String: String] = [:], flavor: String? = nil) -> [String] {
        do {
            _ = try load(text, environment: environment, flavor: flavor)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func alternatesPreviewsAndFlavoursBecomeAssetsOfTheirOwn() throws {
        let manifest = try load(Self.example)
        #expect(manifest.assets.map(\.name) == [
            "AppIcon", "AppIcon-Classic", "AppIcon-ClassicPreview", "AppIcon-Glass", "AppIcon-GlassPreview",
            "AppIcon-Beta", "AppIcon-Debug", "AppIcon-Classic-Debug", "AppIcon-Glass-Debug",
        ])
        let byName = Dictionary(uniqueKeysWithValues: manifest.assets.map { ($0.name, $0) })
        // The alternate takes the primary's background and has its appearances (its own master as dark).
        guard case .appIcon(let classic) = byName["AppIcon-Classic"]?.kind else { Issue.record("not flat"); return }
        #expect(classic.background == RGBAColor(hex: "#1B3FA8"))
        #expect(classic.dark?.written == "Art/classic.svg")
        #expect(classic.tinted != nil)
        #expect(classic.badge == nil)
        #expect(byName["AppIcon-Classic"]?.variant == .alternate(primary: "AppIcon"))
        guard case .iconComposer(let glass) = byName["AppIcon-Glass"]?.kind else { Issue.record("not layered"); return }
        #expect(glass.layers.map(\.name) == ["back", "front"])
        // Previews: 60 pt images from the same master; the layered one composes the other layers.
        guard case .image(let preview) = byName["AppIcon-GlassPreview"]?.kind else { Issue.record("not an image"); return }
        #expect(preview.size == PointSize(width: 60, height: 60))
        #expect(preview.source.written == "Art/back.svg")
        if case .preview(let alternate, let overlays) = byName["AppIcon-GlassPreview"]?.variant {
            #expect(alternate == "AppIcon-Glass")
            #expect(overlays.map(\.written) == ["Art/front.svg"])
        } else {
            Issue.record("no preview variant")
        }
        // Flavours: the override and the badge; Debug's alternates because of `alternates: true`.
        guard case .appIcon(let beta) = byName["AppIcon-Beta"]?.kind else { Issue.record("not flat"); return }
        #expect(beta.source.written == "Art/beta.svg")
        #expect(beta.badge?.text == "BETA")
        #expect(beta.badge?.style == .ribbon)
        #expect(beta.badge?.fill == BadgeStyle.ribbon.defaultFill)
        #expect(byName["AppIcon-Debug"]?.badge?.text == "v2.4.1")
        #expect(byName["AppIcon-Debug"]?.badge?.fill == RGBAColor(hex: "#FFCC00"))
        #expect(byName["AppIcon-Glass-Debug"]?.badge?.style == .band)
        #expect(byName["AppIcon-Debug"]?.variant == .flavor(base: "AppIcon", flavor: "Debug"))
        #expect(manifest.flavors.map(\.name) == ["Beta", "Debug"])
        #expect(manifest.retainedAssets.isEmpty)
    }

    @Test func oneFlavourLeavesTheOthersOutAndTheirVariablesUnread() throws {
        let manifest = try load(Self.example, environment: [:], flavor: "Beta")
        #expect(manifest.assets.map(\.name).filter { $0.hasSuffix("-Beta") || $0.hasSuffix("-Debug") } == ["AppIcon-Beta"])
        #expect(manifest.retainedAssets == ["AppIcon-Debug", "AppIcon-Classic-Debug", "AppIcon-Glass-Debug"])
        #expect(errors(Self.example, flavor: "Beat") == [
            "assetsmith.yml:12:3: error: flavour \"Beat\" was asked for, but the manifest has no flavour of that name\n  fix: did you mean \"Beta\"? flavours: Beta, Debug",
        ])
    }

    @Test func anUnsetVariableIsALocatedError() {
        #expect(errors(Self.example) == [
            "assetsmith.yml:13:25: error: badge text \"v${MARKETING_VERSION}\" uses ${MARKETING_VERSION}, which is not set in the environment\n"
                + "  fix: set MARKETING_VERSION (Xcode exports build settings such as MARKETING_VERSION to Run Script phases; in a terminal: MARKETING_VERSION=1.0 assetsmith build), or write the text itself",
        ])
    }

    @Test func wrongKeysAndValuesAreReportedWhereTheyAre() {
        #expect(errors("""
        assets:
          - name: AppIcon
            kind: app-icon
            source: Art/icon.svg
            badge: {text: BETA, style: corner}
            alternates:
              - {name: AppIcon, source: Art/classic.svg}
              - {name: AppIcon-Old, source: Art/classic.svg, alternates: []}
        flavors:
          Beta: {badge: {txt: BETA}, assets: {AppIkon: {source: Art/beta.svg}}}
        """) == [
            "assetsmith.yml:5:32: error: \"style\" in \"badge\" of asset \"AppIcon\" is \"corner\", which is not one of \"ribbon\", \"band\", \"dot\"\n  fix: use one of the listed values",
            "assetsmith.yml:7:16: error: alternate \"AppIcon\" has the name of its primary icon\n  fix: give the alternate its own name, such as \"AppIcon-Classic\"",
            "assetsmith.yml:8:66: error: \"alternates\" cannot be given in alternate \"AppIcon-Old\" of asset \"AppIcon\"\n  fix: remove it: an alternate is an app icon of its own, listed once under its primary",
            "assetsmith.yml:10:18: error: unknown key \"txt\" in \"badge\" of flavour \"Beta\"\n  fix: did you mean \"text\"?",
            "assetsmith.yml:10:17: error: \"badge\" of flavour \"Beta\" is missing the required key \"text\"\n  fix: add `text: …`",
            "assetsmith.yml:10:39: error: flavour \"Beta\" changes asset \"AppIkon\", which the manifest does not have\n  fix: did you mean \"AppIcon\"? name an asset of `assets:` or an alternate icon",
        ])
    }
}
