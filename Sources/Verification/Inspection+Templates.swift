import AssetCatalog
import AssetCore
import Foundation

/// Template glyphs: tab pairs (`<Name>` and `<Name>.selected`) and back indicators (`<Name>` and
/// its transition mask `<Name>.mask`), and any image set whose intent is `template`. These are
/// assetsmith's conventions and the HIG's advice, not actool's rules: errors for our own sets,
/// warnings for sets made elsewhere.
extension Inspection {
    /// A partner suffix and what the two images are called in messages.
    struct PairKind {
        var suffix: String
        var base: String
        var partner: String
        var sameSize: String
    }

    static let pairKinds = [
        PairKind(suffix: SetNaming.selected, base: "unselected image", partner: "selected image",
                 sameSize: "selected and unselected images must be the same size"),
        PairKind(suffix: SetNaming.mask, base: "back indicator", partner: "transition mask",
                 sameSize: "a transition mask must be the same size as its back indicator"),
    ]

    /// The names of image sets the pair checks look into: a partner (`X.selected`, `X.mask`) and
    /// the base its name gives.
    func glyphNames() -> Set<String> {
        var names: Set<String> = []
        for set in sets where set.kind == .image {
            for kind in Self.pairKinds where set.name.hasSuffix(kind.suffix) {
                names.insert(set.name)
                names.insert(String(set.name.dropLast(kind.suffix.count)))
            }
        }
        return names
    }

    func checkTemplates() {
        // Positions in `sets`, not copies of the sets: a catalog may hold 50,000 (issue 38).
        let imageSets = sets.indices.filter { sets[$0].kind == .image && (try? sets[$0].contents.get()) != nil }
        var byName: [String: Int] = [:]
        for index in imageSets where byName[sets[index].name] == nil { byName[sets[index].name] = index }
        var glyphs: [String: String] = [:] // set path → why it is a glyph
        var masks: Set<String> = []          // transition masks: opaque beside the chevron by design

        for index in imageSets {
            let set = sets[index]
            for kind in Self.pairKinds {
                if set.name.hasSuffix(kind.suffix) {
                    let baseName = String(set.name.dropLast(kind.suffix.count))
                    // A control's states (`X`, `X.highlighted`, `X.selected`, `X.disabled`) are not a tab pair.
                    if kind.suffix == SetNaming.selected, byName[baseName + SetNaming.highlighted] != nil { continue }
                    if kind.suffix == SetNaming.mask { masks.insert(set.path) }
                    glyphs[set.path] = "the \(kind.partner) of \"\(baseName)\""
                    if let base = byName[baseName].map({ sets[$0] }) {
                        glyphs[base.path] = "the \(kind.base) of \"\(set.name)\""
                        checkPair(base: base, partner: set, kind: kind)
                    } else {
                        add(isOwn(set) ? .error : .warning, .pair, file: shown(set.path), asset: set.path,
                            message: "\(kind.partner) \"\(set.name)\" has no \(kind.base) \"\(baseName)\"",
                            fix: "add the image set \"\(baseName)\" (same pixel sizes), or remove \"\(set.name)\"")
                    }
                }
            }
        }
        for index in imageSets {
            let set = sets[index]
            let intent = set.templateRenderingIntent
            if let why = glyphs[set.path], intent != "template" {
                let place = locate(key: "template-rendering-intent", value: nil, in: set)
                add(isOwn(set) ? .error : .warning, .template, file: shown(set.path + "/Contents.json"), line: place?.line,
                    column: place?.column, asset: set.path,
                    message: "\"\(set.name)\" is \(why) but its template-rendering-intent is "
                        + (intent.map { "\"\($0)\"" } ?? "not set") + "; bar glyphs are template images",
                    fix: "set \"properties\" : { \"template-rendering-intent\" : \"template\" }")
            }
            guard glyphs[set.path] != nil || intent == "template", !masks.contains(set.path) else { continue }
            for (_, image) in set.images {
                guard let name = image.filename, exists(name, in: set),
                      (name as NSString).pathExtension.lowercased() == "png",
                      let bitmap = bitmap(set.path + "/" + name) else { continue }
                let corners = [bitmap.pixel(x: 0, y: 0), bitmap.pixel(x: bitmap.width - 1, y: 0),
                               bitmap.pixel(x: 0, y: bitmap.height - 1),
                               bitmap.pixel(x: bitmap.width - 1, y: bitmap.height - 1)]
                // A glyph cropped so its ink touches a corner is fine; only an opaque background
                // (all four corners opaque and alike) draws a solid square.
                let opaqueBackground = corners.allSatisfy { $0.alpha == 255 && $0 == corners[0] }
                if isOwn(set) ? corners.contains(where: { $0.alpha != 0 }) : opaqueBackground {
                    add(severity(own: set.path + "/" + name), .template, file: shown(set.path + "/" + name), asset: set.path,
                        message: "has no transparent background (a corner pixel has alpha "
                            + "\(corners.map(\.alpha).max() ?? 0)); a template image draws only its alpha, "
                            + "so the background would show as a solid square",
                        fix: "export the glyph on a transparent background")
                }
            }
        }
    }

    /// Both sets have the same scales, and equal pixel sizes at each.
    private func checkPair(base: CatalogSet, partner: CatalogSet, kind: PairKind) {
        func files(_ set: CatalogSet) -> [Scale: String] {
            var out: [Scale: String] = [:]
            for (_, image) in set.images {
                guard let name = image.filename, exists(name, in: set) else { continue }
                let scale = image.scale ?? .x1
                if out[scale] == nil { out[scale] = name }
            }
            return out
        }
        let baseFiles = files(base)
        let partnerFiles = files(partner)
        for scale in Set(baseFiles.keys).union(partnerFiles.keys).sorted() {
            switch (baseFiles[scale], partnerFiles[scale]) {
            case (let b?, let p?):
                guard let bs = pixelSize(base.path + "/" + b), let ps = pixelSize(partner.path + "/" + p), bs != ps else {
                    continue
                }
                add(isOwn(partner) || isOwn(base) ? .error : .warning, .pair, file: shown(partner.path + "/" + p),
                    asset: partner.path,
                    message: "is \(ps.width)x\(ps.height) px but its \(kind.base) \"\(base.name)\" \(scale) is "
                        + "\(bs); \(kind.sameSize)",
                    fix: "export both at \(bs) from the same artboard")
            case (let b?, nil):
                add(isOwn(partner) || isOwn(base) ? .error : .warning, .pair, file: shown(partner.path), asset: partner.path,
                    message: "\(kind.partner) \"\(partner.name)\" has no \(scale) image, but its \(kind.base) "
                        + "\"\(base.name)\" has \"\(b)\"",
                    fix: "add the \(scale) image to \"\(partner.name)\"")
            case (nil, let p?):
                add(isOwn(partner) || isOwn(base) ? .error : .warning, .pair, file: shown(base.path), asset: base.path,
                    message: "\(kind.base) \"\(base.name)\" has no \(scale) image, but its \(kind.partner) "
                        + "\"\(partner.name)\" has \"\(p)\"",
                    fix: "add the \(scale) image to \"\(base.name)\"")
            case (nil, nil): break
            }
        }
    }
}
