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

    /// Checks the bundle at `path` (shown as `shown`). `own`: assetsmith wrote it (strict rules).
    /// `expected`: the bundle the plan writes, with the record's facts about its files.
    func checkIconBundle(at path: String, shown: String, own: Bool, expected: IconBundle? = nil,
                         record: [String: FileRecord] = [:]) {
        let asset = (path as NSString).lastPathComponent
        checkedBundles += 1
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            add(.error, .missingFile, file: shown, asset: asset, message: "the Icon Composer icon does not exist",
                fix: "run `assetsmith build`")
            return
        }
        let documentFile = shown + "/" + IconBundle.documentName
        guard let data = FileManager.default.contents(atPath: path + "/" + IconBundle.documentName) else {
            add(.error, .missingFile, file: documentFile, asset: asset, message: "the .icon has no icon.json",
                fix: own ? "run `assetsmith build`" : "save the icon again in Icon Composer")
            return
        }
        let document: JSONValue
        switch ContentsReader.parse(data) {
        case .failure(let error):
            add(.error, .contents, file: documentFile, line: error.line, column: error.column, asset: asset,
                message: error.message.replacingOccurrences(of: "Contents.json", with: "icon.json"),
                fix: own ? "run `assetsmith build`" : "save the icon again in Icon Composer")
            return
        case .success(let value):
            document = value
        }
        let strict: Diagnostic.Severity = own ? .error : .warning
        func unknown(_ what: String, fix: String = "remove it, or check the spelling against a bundle Icon Composer saved") {
            add(strict, .contents, file: documentFile, asset: asset, message: what, fix: fix)
        }

        // Keys and values.
        guard case .object(let top) = document else {
            add(.error, .contents, file: documentFile, asset: asset, message: "icon.json is not a JSON object",
                fix: own ? "run `assetsmith build`" : "save the icon again in Icon Composer")
            return
        }
        if top[Format.featuresKey] != nil {
            add(.error, .contents, file: documentFile, asset: asset,
                message: "icon.json has a top-level \"features\" key, which makes actool fail with an internal error (Xcode 26.6)",
                fix: "remove \"features\"")
        }
        var imageNames: [String] = []
        func checkValue(_ key: String, _ value: JSONValue, in place: String) {
            switch key {
            case "fill":
                if let word = value.stringValue {
                    if Format.FillWord(rawValue: word) == nil { unknown("\(place) has the fill \"\(word)\", which Icon Composer does not write") }
                } else if case .object(let fill) = value {
                    let kinds = fill.keys.filter { $0 != Format.orientationKey }
                    if kinds.count != 1 || Format.FillKind(rawValue: kinds[0]) == nil {
                        let given = kinds.isEmpty ? "an empty fill" : "a fill of kind " + kinds.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                        unknown("\(place) has \(given), not one of " + Format.FillKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
                    }
                    let colors = fill.values.flatMap { $0.arrayValue ?? [$0] }.compactMap(\.stringValue)
                    for color in colors where !Format.ColorSpace.isKnown(color) {
                        unknown("\(place) has the colour \"\(color)\" in a colour space Icon Composer does not write",
                                fix: "write it as \"srgb:r,g,b,a\" or \"display-p3:r,g,b,a\" with components from 0 to 1")
                    }
                } else {
                    unknown("\(place) has a \"fill\" that is neither a word nor an object")
                }
            case "blend-mode":
                if let mode = value.stringValue, Format.BlendMode(rawValue: mode) == nil {
                    unknown("\(place) has the blend mode \"\(mode)\", which Icon Composer does not write",
                            fix: "use one of " + Format.BlendMode.allCases.map(\.rawValue).sorted().joined(separator: ", "))
                }
            case "shadow":
                if let kind = value["kind"]?.stringValue, Format.ShadowKind(rawValue: kind) == nil {
                    unknown("\(place) has the shadow kind \"\(kind)\"", fix: "use one of " + Format.ShadowKind.allCases.map(\.rawValue).sorted().joined(separator: ", "))
                }
            case "lighting":
                if let lighting = value.stringValue, Format.Lighting(rawValue: lighting) == nil {
                    unknown("\(place) has the lighting \"\(lighting)\"", fix: "use " + Format.Lighting.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
                }
            case "image-name":
                if let name = value.stringValue { imageNames.append(name) } else {
                    add(.error, .contents, file: documentFile, asset: asset, message: "\(place) has an \"image-name\" that is not a string",
                        fix: "name a file of Assets/, such as \"front.svg\"")
                }
            default:
                break
            }
        }
        func checkProperties(_ object: [String: JSONValue], known: Set<String>, place: String) {
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                let base = key.hasSuffix(Format.specializationSuffix) ? String(key.dropLast(Format.specializationSuffix.count)) : key
                guard known.contains(base) else {
                    unknown("\(place) has the key \"\(key)\", which Icon Composer does not write")
                    continue
                }
                guard base != key else {
                    checkValue(key, value, in: place)
                    continue
                }
                if object[base] != nil {
                    add(.warning, .contents, file: documentFile, asset: asset,
                        message: "\(place) has both \"\(base)\" and \"\(key)\"; the plain key wins and the specialisations are ignored",
                        fix: "keep \"\(key)\" with a default entry (no \"appearance\") and remove \"\(base)\"")
                }
                guard let entries = value.arrayValue else {
                    unknown("\(place) has \"\(key)\" that is not a list of { appearance, value }")
                    continue
                }
                for entry in entries {
                    guard case .object(let fields) = entry, let inner = fields["value"] else {
                        unknown("an entry of \"\(key)\" in \(place) has no \"value\"")
                        continue
                    }
                    if let appearance = fields["appearance"] {
                        if let word = appearance.stringValue, Format.Appearance(rawValue: word) == nil {
                            add(strict, .contents, file: documentFile, asset: asset,
                                message: "\"\(key)\" in \(place) names the appearance \"\(word)\", which is not one of " + Format.Appearance.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
                                fix: "use \"dark\" or \"tinted\" (an entry without \"appearance\" is the default)")
                        }
                    }
                    if let idiom = fields["idiom"]?.stringValue, !Format.idioms.contains(idiom) {
                        unknown("\"\(key)\" in \(place) names the idiom \"\(idiom)\"")
                    }
                    for other in fields.keys.sorted() where !Format.specializationKeys.contains(other) {
                        unknown("an entry of \"\(key)\" in \(place) has the key \"\(other)\"")
                    }
                    checkValue(base, inner, in: place)
                }
            }
        }
        checkProperties(top.filter { $0.key != "groups" && $0.key != "features" }, known: Format.topKeys, place: "icon.json")
        let groups = top["groups"]?.arrayValue ?? []
        if top["groups"] == nil || groups.isEmpty {
            add(.error, .contents, file: documentFile, asset: asset, message: "icon.json has no groups, so the icon has no layers",
                fix: own ? "run `assetsmith build`" : "add a layer in Icon Composer")
        }
        for (groupIndex, group) in groups.enumerated() {
            guard case .object(let groupFields) = group else { continue }
            let groupPlace = "group \(groupIndex + 1)"
            checkProperties(groupFields.filter { $0.key != "layers" }, known: Format.groupKeys, place: groupPlace)
            for (layerIndex, layer) in (groupFields["layers"]?.arrayValue ?? []).enumerated() {
                guard case .object(let layerFields) = layer else { continue }
                let name = layerFields["name"]?.stringValue.map { "layer \"\($0)\"" } ?? "layer \(layerIndex + 1)"
                if layerFields["image-name"] == nil && layerFields["image-name-specializations"] == nil {
                    add(.error, .contents, file: documentFile, asset: asset, message: "\(name) of \(groupPlace) has no \"image-name\"",
                        fix: "name its file in Assets/")
                }
                checkProperties(layerFields, known: Format.layerKeys, place: "\(name) of \(groupPlace)")
            }
        }

        // image-name ↔ Assets/.
        let assetsPath = path + "/" + IconBundle.assetsFolder
        let listed = ((try? FileManager.default.contentsOfDirectory(atPath: assetsPath)) ?? []).filter { !$0.hasPrefix(".") }
        let files = Set(listed)
        for name in Array(Set(imageNames)).sorted() where !files.contains(name) {
            if let other = listed.first(where: { $0.lowercased() == name.lowercased() }) {
                add(.error, .fileCase, file: documentFile, asset: asset,
                    message: "icon.json names \"\(name)\" but Assets/ holds \"\(other)\"; the case differs, which fails on a case-sensitive disk",
                    fix: "rename the file to \"\(name)\", or the image-name to \"\(other)\"")
            } else {
                add(.error, .missingFile, file: shown + "/" + IconBundle.assetsFolder + "/" + name, asset: asset,
                    message: "the layer file \"\(name)\" named in icon.json does not exist in Assets/",
                    fix: own ? "run `assetsmith build`" : "add \"\(name)\" to Assets/, or remove the layer in Icon Composer")
            }
        }
        for name in listed.sorted() {
            let file = shown + "/" + IconBundle.assetsFolder + "/" + name
            let full = assetsPath + "/" + name
            guard let bytes = FileManager.default.contents(atPath: full) else { continue }
            checkedBundleFiles += 1
            if !imageNames.contains(name) {
                add(.warning, .unassigned, file: file, asset: asset, message: "no layer of icon.json uses this file",
                    fix: "remove it, or use it in a layer")
            }
            switch ImageFormat(sniffing: bytes) {
            case .png?:
                switch Result(catching: { () throws(PNGError) -> PNGInfo in try PNGCodec.info(bytes) }) {
                case .success(let info):
                    if IconLayerRule.isTooSmall(info.size) {
                        add(strict, .pixelSize, file: file, asset: asset, message: IconLayerRule.problem(info.size),
                            fix: IconLayerRule.fix)
                    }
                case .failure(let error):
                    add(.error, .notPNG, file: file, asset: asset, message: "cannot be read as PNG: \(error)",
                        fix: "export the layer again")
                }
            case .svg?:
                do throws(ProbeError) {
                    _ = try VectorReader.size(ofFileAt: full, format: .svg)
                } catch {
                    add(.error, .fileType, file: file, asset: asset, message: "is a damaged SVG: \(error)",
                        fix: "export the layer again")
                }
            case let format?:
                add(.error, .fileType, file: file, asset: asset,
                    message: "is \(format.name), but Icon Composer layers are SVG or PNG",
                    fix: "export the layer as SVG (preferred) or PNG")
            case nil:
                add(.error, .fileType, file: file, asset: asset, message: "is not an image (SVG or PNG)",
                    fix: "export the layer as SVG (preferred) or PNG")
            }
        }

        // The manifest's bundle and the last build.
        guard let expected else { return }
        if data != ContentsJSON.data(expected.document) {
            add(.error, .stale, file: documentFile, asset: asset,
                message: record[expected.documentPath].map { Digest.sha256(data) != $0.sha256 } == true
                    ? "icon.json was changed after assetsmith wrote it (in Icon Composer?) and is not the one the manifest gives"
                    : "icon.json is not the one the manifest gives",
                fix: "run `assetsmith build` (changes made in Icon Composer belong in the manifest)")
        }
        for layer in expected.layers {
            let relative = expected.path(of: layer)
            let file = shown + "/" + IconBundle.assetsFolder + "/" + layer.name
            guard let bytes = FileManager.default.contents(atPath: path + "/" + IconBundle.assetsFolder + "/" + layer.name) else { continue }
            guard let fact = record[relative] else {
                add(.error, .stale, file: file, asset: asset, message: "is not in the build record",
                    fix: "run `assetsmith build`")
                continue
            }
            if Digest.sha256(bytes) != fact.sha256 {
                add(.error, .modified, file: file, asset: asset, message: "was changed after assetsmith wrote it",
                    fix: "run `assetsmith build`, or change the layer's source \"\(layer.source.displayPath)\" instead")
            } else if let source = FileManager.default.contents(atPath: layer.source.path),
                      Digest.sha256(source) != fact.sourceSHA256 {
                add(.error, .stale, file: file, asset: asset,
                    message: "its source \"\(layer.source.displayPath)\" changed since the last build",
                    fix: "run `assetsmith build`")
            }
        }
    }

    /// An `.appiconset` of the bundle's name in the catalog: Xcode takes the two as one app icon.
    func checkAmbiguity(bundleFolder: String, bundleShown: String) {
        let name = (bundleFolder as NSString).deletingPathExtension
        guard let set = sets.first(where: { $0.folderKind == .appIconSet
            && (($0.path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased() == name.lowercased() })
        else { return }
        add(.error, .ambiguous, file: shown(set.path), asset: set.path,
            message: "has the name of the Icon Composer icon \"\(bundleShown)\"; Xcode takes the two as one ambiguous app icon",
            fix: "delete or rename the set (Xcode 26 derives the flat icons from the .icon); with a manifest, `adopt: true` moves it away")
    }
}
