import AssetCore

/// A verify rule, declared once: its id (`Finding.Rule`), what it checks, its severity on a catalog
/// made elsewhere and on Assetsmith's own files, the evidence behind that severity (Apple's message,
/// an ITMS code, a shipping app, or the house rule) and how to fix what it finds. Each case is one
/// row of Docs/verify.md's rules table (`RuleDocsTests` fails when the page and this declaration
/// differ; `RECORD_DOCS=1` rewrites the page's table), and the MCP server's `explain` answers from
/// it. A finding's own message and fix stay beside its check, where the file's facts are known.
package struct RuleDeclaration: Sendable, Equatable {
    /// One case of a rule: one row of the rules table.
    package struct Case: Sendable, Equatable {
        /// What is checked (Markdown, as the table shows it).
        package var checks: String
        /// The severity on a catalog made elsewhere (`error`, `warning`, `note`, `–`, or a sentence).
        package var madeElsewhere: String
        /// The severity on the files Assetsmith writes.
        package var own: String
        /// Why: Apple's message or ITMS code, a shipping app, or the house rule.
        package var evidence: String
    }

    package var rule: Finding.Rule
    /// How to fix what the rule finds, in a sentence.
    package var fix: String
    /// At least one; in the table's order.
    package var cases: [Case]

    package init(_ rule: Finding.Rule, fix: String, cases: [Case]) {
        self.rule = rule
        self.fix = fix
        self.cases = cases
    }
}

extension Finding.Rule {
    /// This rule's declaration (every rule has one: `RuleDocsTests`).
    package var declaration: RuleDeclaration {
        RuleDeclaration.byRule[self] ?? RuleDeclaration(self, fix: "", cases: [])
    }
}

extension RuleDeclaration {
    static let byRule = Dictionary(all.map { ($0.rule, $0) }, uniquingKeysWith: { first, _ in first })

    /// The header of Docs/verify.md's rules table and its separator line.
    package static let tableHeader = ["| rule | checks | made elsewhere | own | evidence |", "|---|---|---|---|---|"]

    /// Docs/verify.md's rules table, header included, one line per case, in declaration order.
    package static func markdownTable() -> [String] {
        tableHeader + all.flatMap { declaration in
            declaration.cases.map { "| `\(declaration.rule.rawValue)` | \($0.checks) | \($0.madeElsewhere) | \($0.own) | \($0.evidence) |" }
        }
    }

    /// Every rule, in the order of the rules table.
    package static let all: [RuleDeclaration] = [
        RuleDeclaration(.missingFile, fix: "add the file the slot needs (or remove the entry naming a missing file); a manifest's catalog: build again", cases: [
            .init(checks: #"a file Contents.json or icon.json names does not exist; a required slot has no file; a stack lists a layer it does not hold"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool: "The file … for the image set … does not exist"; a missing App Store icon: ITMS-90704"#),
        ]),
        RuleDeclaration(.pixelSize, fix: "export the image at exactly the size × scale the slot needs (or let the manifest draw every size from one master)", cases: [
            .init(checks: #"an app icon file is not `size` × `scale`; a Top Shelf image or tvOS layer is not its role's size"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"Apple's Technical Q&A QA1686: an icon's width and height in pixels "must match"; App Store Connect: ITMS-90022/90023 "Missing required icon file … of exactly '120x120' pixels""#),
            .init(checks: #"image-set scales disagree (@2x not 2 × @1x, beyond a pixel of rounding); a visionOS layer is not 1024 px; an Icon Composer PNG layer under 1024 px"#,
                  madeElsewhere: "warning / note", own: "error",
                  evidence: #"HIG (image sizes), Apple's visionOS and Icon Composer design templates: advice, actool accepts it"#),
        ]),
        RuleDeclaration(.upscaled, fix: "give a larger source (at least the largest output's pixels), or a vector source (SVG or PDF)", cases: [
            .init(checks: #"a bitmap source smaller than an output made from it (manifest only)"#,
                  madeElsewhere: "–", own: "error",
                  evidence: #"house rule: Assetsmith never upscales"#),
        ]),
        RuleDeclaration(.fileCase, fix: "rename the file, or the name in Contents.json, so that both have the same letter case", cases: [
            .init(checks: #"Contents.json names a file whose case differs on disk"#,
                  madeElsewhere: "warning", own: "error",
                  evidence: #"a case-sensitive volume opens names exactly, so the file is not found there; APFS/HFS+ default volumes hide it"#),
        ]),
        RuleDeclaration(.unassigned, fix: "remove the file from the set folder, or name it in Contents.json", cases: [
            .init(checks: #"a file in a set no entry names"#,
                  madeElsewhere: "warning", own: "warning",
                  evidence: #"actool: "The image set … has an unassigned child" (a warning)"#),
        ]),
        RuleDeclaration(.contents, fix: "repair Contents.json (valid JSON, an `images` array, the keys Xcode writes); a manifest's catalog: build again", cases: [
            .init(checks: #"Contents.json or icon.json is not JSON, or not an object; `images` missing or not an array; a set without Contents.json (own); an icon.json top-level `features` key"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool stops on a Contents.json it cannot parse; `features` makes actool 26.6 fail with an internal error"#),
            .init(checks: #"unknown keys, a set folder without Contents.json (made elsewhere)"#,
                  madeElsewhere: "warning", own: "warning",
                  evidence: #"no actool message read: the messages say "Xcode may ignore it", "Xcode may skip the set""#),
            .init(checks: #"a folder of a kind verify does not know, without Contents.json"#,
                  madeElsewhere: "note", own: "note",
                  evidence: #"none either way: "Xcode may skip it". A macOS `.iconset` is not reported at all: shipping macOS apps keep document icons so inside `Assets.xcassets` and name them in `CFBundleTypeIconFile` (issue 48: two apps, kept aside), and facebook/xcbuild's actool reimplementation knows `.iconset` as an asset kind of a catalog (`Libraries/xcassets/Headers/xcassets/Asset/IconSet.h`; its compiler says "icon set not yet supported")"#),
        ]),
        RuleDeclaration(.unknownValue, fix: "check the value against Xcode's (it may come from a newer Xcode, which is fine)", cases: [
            .init(checks: #"an idiom, scale, appearance or other enumerated value this verify does not know"#,
                  madeElsewhere: "warning", own: "warning",
                  evidence: #"a newer Xcode may write it (`reality`, visionOS in Xcode 15's betas); the message says "verify does not know", not that Xcode does not"#),
        ]),
        RuleDeclaration(.notPNG, fix: "export the file again as PNG (it is another image type or corrupt)", cases: [
            .init(checks: #"a `.png` that is not a PNG or is corrupt"#,
                  madeElsewhere: #"error (another image type: warning)"#, own: "error",
                  evidence: #"actool cannot read a corrupt image; it reads another type by its content"#),
        ]),
        RuleDeclaration(.fileType, fix: "export the image as PNG (or another type Xcode reads) with the extension that matches its content", cases: [
            .init(checks: #"a file no image type Xcode reads, or too large to read"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool: "… is not a valid image""#),
        ]),
        RuleDeclaration(.alphaChannel, fix: "export the App Store icon without an alpha channel (flatten it onto a background colour)", cases: [
            .init(checks: #"the App Store icon (1024 px, an app's primary icon) has an alpha channel or tRNS chunk"#,
                  madeElsewhere: #"error when pixels are transparent, else warning"#, own: "error",
                  evidence: #"ITMS-90717 "Invalid App Store Icon … can't be transparent nor contain an alpha channel""#),
        ]),
        RuleDeclaration(.transparency, fix: "fill the transparent pixels (flatten the icon onto its background colour); a manifest: set `background:`", cases: [
            .init(checks: #"transparent pixels in the App Store icon; in other opaque icons and tvOS back layers"#,
                  madeElsewhere: #"error (App Store icon), else warning"#, own: "error",
                  evidence: #"ITMS-90717; HIG: app icons are opaque"#),
        ]),
        RuleDeclaration(.colorSpace, fix: "convert the image to sRGB or Display P3 and embed that profile", cases: [
            .init(checks: #"an ICC profile other than sRGB, grey or Display P3"#,
                  madeElsewhere: #"note (once per set)"#, own: "warning",
                  evidence: #"Apple's own Generic RGB icons ship; what actool does with the profile was not read, so the message says "Xcode may convert it"; the HIG asks for sRGB or Display P3"#),
        ]),
        RuleDeclaration(.template, fix: "mark the set as a template image (`template-rendering-intent`: template) and draw the glyph on a transparent background", cases: [
            .init(checks: #"a bar glyph is not a template image; a template image on an opaque uniform background"#,
                  madeElsewhere: "warning", own: "error",
                  evidence: #"HIG: bar glyphs are template images; a solid background draws as a square"#),
        ]),
        RuleDeclaration(.pair, fix: "give both images of the pair (selected and unselected, or indicator and mask) at the same size", cases: [
            .init(checks: #"a tab pair or back-indicator/mask pair is incomplete or of unequal sizes"#,
                  madeElsewhere: "warning", own: "error",
                  evidence: #"HIG; house rule for our own sets"#),
        ]),
        RuleDeclaration(.stale, fix: "build again (`assetsmith build`, or the build tool): the sources or the manifest changed since the last build", cases: [
            .init(checks: #"outputs out of date with their sources or the manifest (manifest only)"#,
                  madeElsewhere: "–", own: "error",
                  evidence: #"house rule: the committed catalog is what the manifest builds"#),
        ]),
        RuleDeclaration(.modified, fix: "delete it and build again to restore the generated file, or change the source and the manifest instead of the output", cases: [
            .init(checks: #"a generated file edited after the build (manifest only)"#,
                  madeElsewhere: "–", own: "error",
                  evidence: #"house rule"#),
        ]),
        RuleDeclaration(.ambiguous, fix: "remove the .appiconset or rename one of the two: Xcode 26 uses the .icon of the same name", cases: [
            .init(checks: #"an `.appiconset` and an `.icon` of one name"#,
                  madeElsewhere: "warning", own: "warning",
                  evidence: #"Xcode 26 draws every size from the `.icon` and does not use the set (Aidoku/Aidoku PR #1081 removed its set for that reason; `Tests/Fixtures/XcodeProjects/Aidoku`)"#),
        ]),
        RuleDeclaration(.iconRole, fix: "register the set as the primary or an alternate icon of a target, or delete it", cases: [
            .init(checks: #"an app icon set no target ships (judged from the Xcode project)"#,
                  madeElsewhere: "warning", own: "warning",
                  evidence: #"it is compiled but never shown"#),
        ]),
        RuleDeclaration(.projectIcon, fix: "add the app icon set the build setting names, or correct ASSETCATALOG_COMPILER_APPICON_NAME", cases: [
            .init(checks: #"a name in `ASSETCATALOG_COMPILER_APPICON_NAME` or `…ALTERNATE_APPICON_NAMES` with no set, brand assets, sticker icon set or `.icon`"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool: "None of the input catalogs contained a matching … app icon set named …" (coronalabs/corona#805); an alternate: ITMS-90895; not an error when a Run Script phase of the target fills its catalogs (rule `script-phase`)"#),
        ]),
        RuleDeclaration(.synchronizedCopy, fix: "move assetsmith's state out of the synchronized folder: build once (its state goes beside the manifest, or where `state:` says), then delete the folder", cases: [
            .init(checks: #"judged from the Xcode project: an `.assetsmith` state folder (or a catalog inside a hidden folder) inside a folder a target synchronizes"#,
                  madeElsewhere: #"warning (a catalog in a hidden folder: note)"#, own: "warning",
                  evidence: #"Xcode 16 copies every file of a synchronized folder into the product, dot files included: tuist/tuist#11534 (a `.gitkeep` in a buildable folder is bundled; two fail with "Multiple commands produce"); what it does with a catalog in a hidden folder is not known here, so that is a note"#),
        ]),
        RuleDeclaration(.duplicateName, fix: "rename one of the two sets, or put one in a folder that provides a namespace", cases: [
            .init(checks: #"two sets of one kind and one name in a catalog (letter case aside; folders with `provides-namespace` make their own namespace; an app icon set and a visionOS solid image stack may share a name)"#,
                  madeElsewhere: "warning", own: "warning",
                  evidence: #"which one ships is left to chance (no actool message read; a warning)"#),
        ]),
        RuleDeclaration(.stack, fix: "give the stack the layers its platform needs (2 to 5 for tvOS, 3 for visionOS) and every layer it lists", cases: [
            .init(checks: #"an image stack with too few or too many layers, an empty back layer, brand assets without a required role"#,
                  madeElsewhere: #"error (a missing wide Top Shelf image: warning)"#, own: "error",
                  evidence: #"a missing App Store icon: ITMS-90471 "Missing Image Asset. Your app is missing the App Store Icon asset" (meshtastic/Meshtastic-Apple PRs #2271, #2277, 2026-08); the other required roles: Apple's Asset Catalog Format Reference (Brand Assets) and the requirement table; layers: "The image stack … must have at least 2 layers with applicable content" (MicrosoftDocs/xamarin-docs#3039), Apple's format reference: 2–5 layers"#),
        ]),
        RuleDeclaration(.symbol, fix: "keep exactly one symbol template (.svg) in the symbol set and name it in Contents.json", cases: [
            .init(checks: #"a symbol set whose Contents.json names no template, or two templates for one appearance"#,
                  madeElsewhere: "warning", own: "warning",
                  evidence: #"a set may hold one template per appearance: Xcode writes a second `symbols` entry with `"appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ]` for a Dark template (`emoji.symbolset` with `emoji.svg` and `emoji.dark.svg`, `"author" : "xcode"`, in a macOS app on the App Store: issue 48, kept aside; fixture `Tests/Fixtures/Symbols/Appearances`). No actool message read for the rest, so a warning: a set without a template draws nothing, and which of two templates for one appearance Xcode uses is not known"#),
        ]),
        RuleDeclaration(.symbolTemplate, fix: "export the template again from the SF Symbols app (it is not XML)", cases: [
            .init(checks: #"a symbol template that is not XML"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool: "Unable to parse SVG Data""#),
        ]),
        RuleDeclaration(.lfsPointer, fix: "fetch the Git LFS objects (`git lfs pull`, or `lfs: true` in actions/checkout) and verify again", cases: [
            .init(checks: #"files of the catalog (images, symbol templates) that are Git LFS pointers: text beginning `version https://git-lfs.github.com/spec/v1` (the Git LFS specification, git-lfs/git-lfs `docs/spec.md`)"#,
                  madeElsewhere: #"error, once per catalog"#, own: "error",
                  evidence: #"the checkout lacks the LFS objects (an App Store game's checkout gave 38 "is not a PNG file" errors: issue 48); the fix is `git lfs pull`, or `lfs: true` in `actions/checkout` (its documented input)"#),
        ]),
        RuleDeclaration(.scriptPhase, fix: "run the build (or `assetsmith build`) before verify to check the catalog the build compiles", cases: [
            .init(checks: #"a Run Script phase of a target fills a catalog it compiles (see [Catalogs a build phase fills](#verify)); a missing app icon of such a target"#,
                  madeElsewhere: "note", own: "note",
                  evidence: #"what a build phase writes cannot be known from the checkout: an iOS + watchOS app copies its `AppIcon.appiconset` into `DerivedAssets.xcassets` at build time (issue 48), and Assetsmith's own build step is such a phase"#),
        ]),
        RuleDeclaration(.symbolVersion, fix: "export the template again in a format your Xcode reads (SF Symbols app: File › Export, an older template version)", cases: [
            .init(checks: #"a template format newer than 7.0 (error); newer than 6.0 (note: needs Xcode 26)"#,
                  madeElsewhere: #"error / note"#, own: #"error / note"#,
                  evidence: #"actool: "Template format … is newer than the version that this software supports (7.0)""#),
        ]),
        RuleDeclaration(.symbolGuides, fix: "add the Baseline-S/M/L and Capline-S/M/L guides (plain lines, not groups); start from an exported SF Symbols template", cases: [
            .init(checks: #"no `Baseline-S/M/L` or `Capline-S/M/L`; a guide that is a group"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool: "is missing a baseline guide for …", "is missing a capline guide for …", "has guide object … of the wrong type, it must be a shape""#),
        ]),
        RuleDeclaration(.symbolGlyph, fix: "make each variant a group with paths only (convert text to outlines)", cases: [
            .init(checks: #"a variant that is not a group, is empty, or holds text"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool: "has glyph node … that is not a group", "… contains no content", "contains a text node""#),
        ]),
        RuleDeclaration(.symbolVariants, fix: "add the Regular-M variant (and, from template 3.0, Ultralight-S, Regular-S and Black-S)", cases: [
            .init(checks: #"no `Regular-M`, and (from 3.0) not all of `Ultralight-S`, `Regular-S`, `Black-S`"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool: "must have a glyph for Regular weight Medium size""#),
        ]),
        RuleDeclaration(.symbolMargins, fix: "add left and right margin guides for the S sources (or Regular-M), and remove margins of absent glyphs", cases: [
            .init(checks: #"from template 3.0: no usable margins (on the three S sources, on Regular-S, on Regular-M or plain `left-margin`/`right-margin`), or margins for a glyph that is absent"#,
                  madeElsewhere: "error", own: "error",
                  evidence: #"actool: "is missing margin guides: interpolatable margins on Ultralight-S, Regular-S, and Black-S, or fixed margins on Regular-M or Regular-S are required""#),
        ]),
        RuleDeclaration(.symbolInterpolation, fix: "give the three S sources the same path structure, so they interpolate (or accept the note)", cases: [
            .init(checks: #"the three S sources have different path structure"#,
                  madeElsewhere: "note", own: "note",
                  evidence: #"actool then draws only the variants in the template"#),
        ]),
    ]
}
