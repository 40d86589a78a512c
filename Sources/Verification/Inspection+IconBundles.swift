import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import ImageProbe
import PNGCodec

/// Icon Composer `.icon` bundles (Xcode 26): icon.json parses, its keys and values are ones Icon
/// Composer writes (unknown ones are warnings), every `image-name` is a file of `Assets/` with
/// exactly that case, layer files are SVG or PNG (a PNG at least `IconLayerRule.minimumSide` px a side), specialisation
/// appearances are known, and no `.appiconset` of the same name sits in the catalog. With a plan,
/// icon.json must be the one the manifest gives and the layer files those of the last build.
extension Inspection {
    typealias Format = IconComposerFormat

    /// One bundle being checked: where it is, how messages show it, and how strict to be.
    struct IconBundleCheck {
        let path: String
        let shown: String
        /// The bundle's folder name, the findings' asset.
        let asset: String
        /// assetsmith wrote it: unknown keys and values are errors, and the fixes say to build.
        let own: Bool
        var documentFile: String { shown + "/" + IconComposerFormat.documentName }
        var strict: Diagnostic.Severity { own ? .error : .warning }
        /// The fix for a document that cannot be used.
        var remake: String { own ? "run `assetsmith build`" : "save the icon again in Icon Composer" }
    }

    /// Checks the bundle at `path` (shown as `shown`). `own`: assetsmith wrote it (strict rules).
    /// `expected`: the bundle the plan writes, with the record's facts about its files.
    func checkIconBundle(at path: String, shown: String, own: Bool, expected: IconBundle? = nil,
                         record: [String: FileRecord] = [:]) {
        let bundle = IconBundleCheck(path: path, shown: shown, asset: PathText.lastComponent(path), own: own)
        checkedBundles += 1
        guard let (data, document) = readIconDocument(bundle) else { return }
        let imageNames = checkIconDocument(document, bundle)
        checkIconAssets(bundle, imageNames: imageNames)
        if let expected { checkIconRecord(bundle, data: data, expected: expected, record: record) }
    }

    // MARK: The document

    /// The bundle's icon.json, read and typed; nil (with the finding) when there is none to check.
    private func readIconDocument(_ bundle: IconBundleCheck) -> (Data, IconDocument)? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: bundle.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            add(.error, .missingFile, file: bundle.shown, asset: bundle.asset, message: "the Icon Composer icon does not exist",
                fix: "run `assetsmith build`")
            return nil
        }
        let data: Data
        switch ContainedFile.read(under: bundle.path, relative: IconComposerFormat.documentName, limit: Budgets.standard.contentsBytes) {
        case .success(let read): data = read
        case .failure(.file(.unreadable(let reason))) where reason.contains("No such file"):
            add(.error, .missingFile, file: bundle.documentFile, asset: bundle.asset, message: "the .icon has no icon.json",
                fix: bundle.remake)
            return nil
        case .failure(let failure):
            add(.error, .contents, file: bundle.documentFile, asset: bundle.asset,
                message: "icon.json " + failure.words(for: "an icon.json", in: ".icon bundle"), fix: bundle.remake)
            return nil
        }
        switch ContentsReader.parse(data, documentName: IconComposerFormat.documentName) {
        case .failure(let error):
            add(.error, .contents, file: bundle.documentFile, line: error.line, column: error.column, asset: bundle.asset,
                message: error.message, fix: bundle.remake)
            return nil
        case .success(let value):
            guard let document = IconDocument(value) else {
                add(.error, .contents, file: bundle.documentFile, asset: bundle.asset, message: "icon.json is not a JSON object",
                    fix: bundle.remake)
                return nil
            }
            return (data, document)
        }
    }

    /// Keys and values at every level; returns the `image-name`s it names.
    private func checkIconDocument(_ document: IconDocument, _ bundle: IconBundleCheck) -> [String] {
        if document.hasFeatures {
            add(.error, .contents, file: bundle.documentFile, asset: bundle.asset,
                message: "icon.json has a top-level \"features\" key, which makes actool fail with an internal error (Xcode 26.6)",
                fix: "remove \"features\"")
        }
        var imageNames: [String] = []
        for (index, level) in document.levels.enumerated() {
            if level.namesNoImage {
                add(.error, .contents, file: bundle.documentFile, asset: bundle.asset, message: "\(level.place) has no \"image-name\"",
                    fix: "name its file in Assets/")
            }
            checkIconProperties(level, bundle, imageNames: &imageNames)
            if index == 0, document.hasNoGroups {
                add(.error, .contents, file: bundle.documentFile, asset: bundle.asset,
                    message: "icon.json has no groups, so the icon has no layers",
                    fix: bundle.own ? "run `assetsmith build`" : "add a layer in Icon Composer")
            }
        }
        return imageNames
    }

    /// A key or value Icon Composer does not write: an error in our own bundles, else a warning.
    private func unknownInIcon(_ bundle: IconBundleCheck, _ what: String,
                               fix: String = "remove it, or check the spelling against a bundle Icon Composer saved") {
        add(bundle.strict, .contents, file: bundle.documentFile, asset: bundle.asset, message: what, fix: fix)
    }

    /// Each property of one level: a known key, its value, or its `-specializations` entries.
    private func checkIconProperties(_ level: IconDocument.Level, _ bundle: IconBundleCheck, imageNames: inout [String]) {
        for (key, value) in level.properties.sorted(by: { $0.key < $1.key }) {
            let suffix = Format.specializationSuffix
            let base = key.hasSuffix(suffix) ? String(key.dropLast(suffix.count)) : key
            guard level.known.contains(base) else {
                unknownInIcon(bundle, "\(level.place) has the key \"\(key)\", which Icon Composer does not write")
                continue
            }
            if base == key {
                checkIconValue(key, value, in: level.place, bundle, imageNames: &imageNames)
            } else {
                checkSpecializations(key, base: base, value, in: level, bundle, imageNames: &imageNames)
            }
        }
    }

    /// `p-specializations`: a list of `{ appearance, idiom, value }` beside (ideally instead of) `p`.
    private func checkSpecializations(_ key: String, base: String, _ value: JSONValue, in level: IconDocument.Level,
                                      _ bundle: IconBundleCheck, imageNames: inout [String]) {
        let place = level.place
        if level.properties[base] != nil {
            add(.warning, .contents, file: bundle.documentFile, asset: bundle.asset,
                message: "\(place) has both \"\(base)\" and \"\(key)\"; the plain key wins and the specialisations are ignored",
                fix: "keep \"\(key)\" with a default entry (no \"appearance\") and remove \"\(base)\"")
        }
        guard let entries = value.arrayValue else {
            unknownInIcon(bundle, "\(place) has \"\(key)\" that is not a list of { appearance, value }")
            return
        }
        for entry in entries {
            guard case .object(let fields) = entry, let inner = fields[Format.SpecializationKey.value.rawValue] else {
                unknownInIcon(bundle, "an entry of \"\(key)\" in \(place) has no \"value\"")
                continue
            }
            if let word = fields[Format.SpecializationKey.appearance.rawValue]?.stringValue, Format.Appearance(rawValue: word) == nil {
                add(bundle.strict, .contents, file: bundle.documentFile, asset: bundle.asset,
                    message: "\"\(key)\" in \(place) names the appearance \"\(word)\", which is not one of "
                        + Format.Appearance.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
                    fix: "use \"\(Format.Appearance.dark.rawValue)\" or \"\(Format.Appearance.tinted.rawValue)\" (an entry without \"appearance\" is the default)")
            }
            if let idiom = fields[Format.SpecializationKey.idiom.rawValue]?.stringValue, !Format.idioms.contains(idiom) {
                unknownInIcon(bundle, "\"\(key)\" in \(place) names the idiom \"\(idiom)\"")
            }
            for other in fields.keys.sorted() where !Format.specializationKeys.contains(other) {
                unknownInIcon(bundle, "an entry of \"\(key)\" in \(place) has the key \"\(other)\"")
            }
            checkIconValue(base, inner, in: place, bundle, imageNames: &imageNames)
        }
    }

    /// The value of one property: fills, blend modes, shadow kinds and lightings Icon Composer
    /// writes, and `image-name`s (collected).
    private func checkIconValue(_ key: String, _ value: JSONValue, in place: String, _ bundle: IconBundleCheck,
                                imageNames: inout [String]) {
        switch key {
        case Format.LayerKey.fill.rawValue:
            checkIconFill(value, in: place, bundle)
        case Format.LayerKey.blendMode.rawValue:
            if let mode = value.stringValue, Format.BlendMode(rawValue: mode) == nil {
                unknownInIcon(bundle, "\(place) has the blend mode \"\(mode)\", which Icon Composer does not write",
                              fix: "use one of " + Format.BlendMode.allCases.map(\.rawValue).sorted().joined(separator: ", "))
            }
        case Format.GroupKey.shadow.rawValue:
            if let kind = value[Format.ShadowKey.kind.rawValue]?.stringValue, Format.ShadowKind(rawValue: kind) == nil {
                unknownInIcon(bundle, "\(place) has the shadow kind \"\(kind)\"",
                              fix: "use one of " + Format.ShadowKind.allCases.map(\.rawValue).sorted().joined(separator: ", "))
            }
        case Format.GroupKey.lighting.rawValue:
            if let lighting = value.stringValue, Format.Lighting(rawValue: lighting) == nil {
                unknownInIcon(bundle, "\(place) has the lighting \"\(lighting)\"",
                              fix: "use " + Format.Lighting.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
            }
        case Format.LayerKey.imageName.rawValue:
            if let name = value.stringValue {
                imageNames.append(name)
            } else {
                add(.error, .contents, file: bundle.documentFile, asset: bundle.asset,
                    message: "\(place) has an \"image-name\" that is not a string",
                    fix: "name a file of Assets/, such as \"front.svg\"")
            }
        default:
            break
        }
    }

    /// A fill: a word, or an object of one kind (and an orientation) whose colours are in a
    /// colour space Icon Composer writes.
    private func checkIconFill(_ value: JSONValue, in place: String, _ bundle: IconBundleCheck) {
        if let word = value.stringValue {
            if Format.FillWord(rawValue: word) == nil {
                unknownInIcon(bundle, "\(place) has the fill \"\(word)\", which Icon Composer does not write")
            }
            return
        }
        guard case .object(let fill) = value else {
            unknownInIcon(bundle, "\(place) has a \"fill\" that is neither a word nor an object")
            return
        }
        let kinds = fill.keys.filter { $0 != Format.orientationKey }
        if kinds.count != 1 || Format.FillKind(rawValue: kinds[0]) == nil {
            let given = kinds.isEmpty ? "an empty fill" : "a fill of kind " + kinds.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            unknownInIcon(bundle, "\(place) has \(given), not one of "
                + Format.FillKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        }
        let colors = fill.values.flatMap { $0.arrayValue ?? [$0] }.compactMap(\.stringValue)
        for color in colors where !Format.ColorSpace.isKnown(color) {
            unknownInIcon(bundle, "\(place) has the colour \"\(color)\" in a colour space Icon Composer does not write",
                          fix: "write it as \"\(Format.ColorSpace.srgb.prefix)r,g,b,a\" or \"\(Format.ColorSpace.displayP3.prefix)r,g,b,a\" with components from 0 to 1")
        }
    }

    // MARK: The assets

    /// `image-name` ↔ `Assets/`: every name a file of exactly that case, and every file a layer
    /// image of a type and size Icon Composer takes.
    private func checkIconAssets(_ bundle: IconBundleCheck, imageNames: [String]) {
        let assetsPath = bundle.path + "/" + IconComposerFormat.assetsFolder
        if let link = ContainedFile.link(under: bundle.path, relative: IconComposerFormat.assetsFolder) {
            add(.error, .fileType, file: bundle.shown + "/" + link, asset: bundle.asset,
                message: "is a symbolic link, which is not followed out of the .icon bundle",
                fix: "replace the link with a folder holding the layer files")
            return
        }
        let listed = ((try? FileManager.default.contentsOfDirectory(atPath: assetsPath)) ?? []).filter { !$0.hasPrefix(".") }
        let files = Set(listed)
        for name in Array(Set(imageNames)).sorted() where !files.contains(name) {
            if let other = listed.first(where: { $0.lowercased() == name.lowercased() }) {
                add(.error, .fileCase, file: bundle.documentFile, asset: bundle.asset,
                    message: "icon.json names \"\(name)\" but Assets/ holds \"\(other)\"; the case differs, which fails on a case-sensitive disk",
                    fix: "rename the file to \"\(name)\", or the image-name to \"\(other)\"")
            } else {
                add(.error, .missingFile, file: bundle.shown + "/" + IconComposerFormat.assetsFolder + "/" + name, asset: bundle.asset,
                    message: "the layer file \"\(name)\" named in icon.json does not exist in Assets/",
                    fix: bundle.own ? "run `assetsmith build`" : "add \"\(name)\" to Assets/, or remove the layer in Icon Composer")
            }
        }
        for name in listed.sorted() {
            let file = bundle.shown + "/" + IconComposerFormat.assetsFolder + "/" + name
            let bytes: Data
            switch ContainedFile.read(under: bundle.path, relative: IconComposerFormat.assetsFolder + "/" + name,
                                      limit: Budgets.standard.sourceBytes) {
            case .success(let read): bytes = read
            case .failure(.file(.notAFile)): continue
            case .failure(let failure):
                add(.error, .fileType, file: file, asset: bundle.asset,
                    message: failure.words(for: "a layer file", in: ".icon bundle"), fix: bundle.remake)
                continue
            }
            checkedBundleFiles += 1
            if !imageNames.contains(name) {
                add(.warning, .unassigned, file: file, asset: bundle.asset, message: "no layer of icon.json uses this file",
                    fix: "remove it, or use it in a layer")
            }
            checkIconLayerFile(bytes, at: assetsPath + "/" + name, shown: file, bundle)
        }
    }

    /// One file of `Assets/`: an SVG that parses, or a PNG of at least the canvas size.
    private func checkIconLayerFile(_ bytes: Data, at full: String, shown file: String, _ bundle: IconBundleCheck) {
        switch ImageFormat(sniffing: bytes) {
        case .png?:
            switch Result(catching: { () throws(PNGError) -> PNGInfo in try PNGCodec.info(bytes) }) {
            case .success(let info):
                if IconLayerRule.isTooSmall(info.size) {
                    // Icon Composer draws a layer at its own size times its scale: a small layer
                    // placed at a scale of 1 or less is sharp. Without reading the placement, a note
                    // for a bundle made elsewhere.
                    add(bundle.own ? .error : .note, .pixelSize, file: file, asset: bundle.asset, message: IconLayerRule.problem(info.size),
                        fix: IconLayerRule.fix)
                }
            case .failure(let error):
                add(.error, .notPNG, file: file, asset: bundle.asset, message: "cannot be read as PNG: \(error)",
                    fix: "export the layer again")
            }
        case .svg?:
            do throws(ProbeError) {
                _ = try VectorReader.size(ofFileAt: full, format: .svg)
            } catch {
                add(.error, .fileType, file: file, asset: bundle.asset, message: "is a damaged SVG: \(error)",
                    fix: "export the layer again")
            }
        case let format?:
            add(.error, .fileType, file: file, asset: bundle.asset,
                message: "is \(format.name), but Icon Composer layers are SVG or PNG",
                fix: "export the layer as SVG (preferred) or PNG")
        case nil:
            add(.error, .fileType, file: file, asset: bundle.asset, message: "is not an image (SVG or PNG)",
                fix: "export the layer as SVG (preferred) or PNG")
        }
    }

    // MARK: The record

    /// The manifest's bundle and the last build: icon.json is the one the manifest gives, and each
    /// layer file the one the build wrote from its source as it is now.
    private func checkIconRecord(_ bundle: IconBundleCheck, data: Data, expected: IconBundle, record: [String: FileRecord]) {
        if data != ContentsJSON.data(expected.document) {
            add(.error, .stale, file: bundle.documentFile, asset: bundle.asset,
                message: record[expected.documentPath].map { Digest.sha256Digest(data) != $0.sha256 } == true
                    ? "icon.json was changed after assetsmith wrote it (in Icon Composer?) and is not the one the manifest gives"
                    : "icon.json is not the one the manifest gives",
                fix: "run `assetsmith build` (changes made in Icon Composer belong in the manifest)")
        }
        for layer in expected.layers {
            let file = bundle.shown + "/" + IconComposerFormat.assetsFolder + "/" + layer.name
            guard case .success(let bytes) = ContainedFile.read(under: bundle.path, relative: IconComposerFormat.assetsFolder + "/" + layer.name,
                                                                limit: Budgets.standard.sourceBytes) else { continue }
            guard let fact = record[expected.path(of: layer)] else {
                add(.error, .stale, file: file, asset: bundle.asset, message: "is not in the build record",
                    fix: "run `assetsmith build`")
                continue
            }
            if Digest.sha256Digest(bytes) != fact.sha256 {
                add(.error, .modified, file: file, asset: bundle.asset, message: "was changed after assetsmith wrote it",
                    fix: "run `assetsmith build`, or change the layer's source \"\(layer.source.displayPath)\" instead")
            } else if case .success(let source) = BoundedFile.read(layer.source.path, limit: Budgets.standard.sourceBytes),
                      Digest.sha256Digest(source) != fact.sourceSHA256 {
                add(.error, .stale, file: file, asset: bundle.asset,
                    message: "its source \"\(layer.source.displayPath)\" changed since the last build",
                    fix: "run `assetsmith build`")
            }
        }
    }

    /// An `.appiconset` of the bundle's name in the catalog: Xcode 26 builds every size from the
    /// `.icon` (older systems included), so the set ships nothing (Aidoku PR #1081 measured it).
    func checkAmbiguity(bundleFolder: String, bundleShown: String) {
        let name = (bundleFolder as NSString).deletingPathExtension
        guard let set = sets.first(where: { $0.folderKind == .appIconSet
            && (PathText.lastComponent($0.path) as NSString).deletingPathExtension.lowercased() == name.lowercased() })
        else { return }
        add(.warning, .ambiguous, file: shown(set.path), asset: set.path,
            message: "is not used: Xcode 26 draws every size from \(PathText.lastComponent(bundleShown))",
            fix: "nothing to do with Xcode 26; delete the set once no older Xcode builds the app")
    }
}
