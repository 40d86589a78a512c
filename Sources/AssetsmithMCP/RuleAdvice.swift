import Verification

/// How to fix what each verify rule finds, in a sentence: the `explain` tool's "fix" beside the
/// rules table of Docs/verify.md (what the rule checks, its severities and Apple's evidence).
enum RuleAdvice {
    static func fix(_ rule: Finding.Rule) -> String {
        switch rule {
        case .missingFile: "add the file the slot needs (or remove the entry naming a missing file); a manifest's catalog: build again"
        case .pixelSize: "export the image at exactly the size × scale the slot needs (or let the manifest draw every size from one master)"
        case .upscaled: "give a larger source (at least the largest output's pixels), or a vector source (SVG or PDF)"
        case .fileCase: "rename the file, or the name in Contents.json, so that both have the same letter case"
        case .unassigned: "remove the file from the set folder, or name it in Contents.json"
        case .contents: "repair Contents.json (valid JSON, an `images` array, the keys Xcode writes); a manifest's catalog: build again"
        case .notPNG: "export the file again as PNG (it is another image type or corrupt)"
        case .fileType: "export the image as PNG (or another type Xcode reads) with the extension that matches its content"
        case .alphaChannel: "export the App Store icon without an alpha channel (flatten it onto a background colour)"
        case .transparency: "fill the transparent pixels (flatten the icon onto its background colour); a manifest: set `background:`"
        case .colorSpace: "convert the image to sRGB or Display P3 and embed that profile"
        case .template: "mark the set as a template image (`template-rendering-intent`: template) and draw the glyph on a transparent background"
        case .pair: "give both images of the pair (selected and unselected, or indicator and mask) at the same size"
        case .stale: "build again (`assetsmith build`, or the build tool): the sources or the manifest changed since the last build"
        case .modified: "build again to restore the generated file, or change the source and the manifest instead of the output"
        case .ambiguous: "remove the .appiconset or rename one of the two: Xcode 26 uses the .icon of the same name"
        case .iconRole: "register the set as the primary or an alternate icon of a target, or delete it"
        case .stack: "give the stack the layers its platform needs (2 to 5 for tvOS, 3 for visionOS) and every layer it lists"
        case .symbol: "keep exactly one symbol template (.svg) in the symbol set and name it in Contents.json"
        case .symbolTemplate: "export the template again from the SF Symbols app (it is not XML)"
        case .symbolVersion: "export the template again in a format your Xcode reads (SF Symbols app: File › Export, an older template version)"
        case .symbolGuides: "add the Baseline-S/M/L and Capline-S/M/L guides (plain lines, not groups); start from an exported SF Symbols template"
        case .symbolGlyph: "make each variant a group with paths only (convert text to outlines)"
        case .symbolVariants: "add the Regular-M variant (and, from template 3.0, Ultralight-S, Regular-S and Black-S)"
        case .symbolMargins: "add left and right margin guides for the S sources (or Regular-M), and remove margins of absent glyphs"
        case .symbolInterpolation: "give the three S sources the same path structure, so they interpolate (or accept the note)"
        case .unknownValue: "check the value against Xcode's (it may come from a newer Xcode, which is fine)"
        case .duplicateName: "rename one of the two sets, or put one in a folder that provides a namespace"
        case .projectIcon: "add the app icon set the build setting names, or correct ASSETCATALOG_COMPILER_APPICON_NAME"
        case .synchronizedCopy: "move assetsmith's state out of the synchronized folder: build once (its state goes beside the manifest, or where `state:` says), then delete the folder"
        case .lfsPointer: "fetch the Git LFS objects (`git lfs pull`, or `lfs: true` in actions/checkout) and verify again"
        case .scriptPhase: "run the build (or `assetsmith build`) before verify to check the catalog the build compiles"
        }
    }
}
