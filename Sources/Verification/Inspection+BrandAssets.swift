import AssetCatalog
import AssetCore
import Foundation

/// tvOS brand assets and the layers of image stacks, for any catalog (hand-made or ours):
/// - an `.imagestack` lists 2 to 5 layers and at least 2 of them hold an image; a
///   `.solidimagestack` (visionOS) lists 3 layers, its back and at least one other with an image;
/// - every listed layer exists; each layer's images have the stack's pixel size (the back layer
///   exactly; a front layer made elsewhere may be smaller, tvOS centres it, never larger); visionOS
///   layers have the table's size (1024x1024 px);
/// - a `.brandassets` has the App Store and Home Screen stacks and the Top Shelf image (App Store
///   Connect rejects an app without them; the wide Top Shelf image is a warning), each at Apple's size.
/// Layer counts, roles and sizes come from the requirement table (`StackRules`); without one,
/// only the checks that need no table run.
extension Inspection {
    /// The image files of stack layers and Top Shelf sets inside a `.brandassets`, and of visionOS
    /// layers: their sizes are checked here, against the stack's size rather than scale by scale.
    func stackSizedFiles() -> Set<String> {
        var files: Set<String> = []
        for set in sets where set.kind == .image {
            let parent = PathText.parent(set.path)
            let inStack = set.name == "Content" && [.imageStackLayer, .solidImageStackLayer].contains(FolderKind(folder: parent))
            let onShelf = FolderKind.brandAssets.names(parent)
            guard inStack || onShelf else { continue }
            for (_, image) in set.images {
                if let name = image.filename { files.insert(set.path + "/" + name) }
            }
        }
        return files
    }

    func checkStackLayers() {
        for stack in sets where stack.folderKind == .imageStack || stack.folderKind == .solidImageStack {
            guard case .success(let value) = stack.contents else { continue }
            let solid = stack.folderKind == .solidImageStack
            let listed = (value["layers"]?.arrayValue ?? []).compactMap { $0[.filename]?.stringValue }
            let file = shown(stack.path + "/Contents.json")
            let kind = solid ? "visionOS solid image stack" : "image stack"
            let range = stackRules.map { solid ? $0.visionLayerNames.count...$0.visionLayerNames.count : $0.tvLayerCounts }
            if let range, let rules = stackRules, !range.contains(listed.count) {
                add(.error, .stack, file: file, asset: stack.path,
                    message: "the \(kind) \"\(stack.name)\" lists \(listed.count) layer\(listed.count == 1 ? "" : "s"); it needs "
                        + (solid ? "\(range.lowerBound) (\(rules.visionLayerNames.joined(separator: ", ")))"
                            : "\(range.lowerBound) to \(range.upperBound), front to back"),
                    fix: solid ? "give it \(rules.visionLayerList) layers (the back opaque)"
                        : "add a layer so that the icon moves in parallax (the back one opaque), or merge layers")
            }
            var filled: [String] = []
            for (index, name) in listed.enumerated() {
                let layerPath = stack.path + "/" + name
                guard let content = set(at: layerPath + "/" + FolderKind.layerContent) else {
                    if set(at: layerPath) == nil {
                        add(.error, .missingFile, file: file, asset: stack.path,
                            message: "the \(kind) \"\(stack.name)\" lists the layer \"\(name)\", which does not exist",
                            fix: "add \"\(name)\" with a \(FolderKind.layerContent), or remove it from \"layers\"")
                    } else {
                        add(.error, .missingFile, file: shown(layerPath), asset: layerPath,
                            message: "the layer \"\(name)\" of \"\(stack.name)\" has no \(FolderKind.layerContent)",
                            fix: "add \(FolderKind.layerContent) with the layer's image")
                    }
                    continue
                }
                let files = content.images.compactMap { $0.image.filename }
                if !files.isEmpty { filled.append(name) }
                let isBack = index == listed.count - 1
                for (_, entry) in content.images {
                    guard let image = entry.filename, exists(image, in: content) else { continue }
                    let relative = content.path + "/" + image
                    guard !sizeChecked(byPlan: relative), let actual = pixelSize(relative) else { continue }
                    let scale = entry.scale ?? .x1
                    let expected: PixelSize
                    if solid {
                        guard let pixels = stackRules?.visionLayerPixels else { continue }
                        expected = pixels
                    } else if let points = brandSize(ofStack: stack), let pixels = points.pixels(at: scale) {
                        expected = pixels
                    } else {
                        continue
                    }
                    guard actual != expected else { continue }
                    // tvOS centres a front layer that is smaller than the stack; ours are drawn at full size.
                    let smallerFront = !solid && !isBack && actual.width <= expected.width && actual.height <= expected.height
                    if smallerFront && !isOwn(relative) { continue }
                    // visionOS's 1024x1024 px layers are Apple's design advice, not a build or upload
                    // rule (shipping apps carry 907 px layers): a warning for a stack made elsewhere.
                    add(solid && !isOwn(relative) ? .warning : .error, .pixelSize, file: shown(relative), asset: content.path,
                        message: "is \(actual.width)x\(actual.height) px but the \(isBack ? "back" : "\"\((name as NSString).deletingPathExtension)\"") layer of \"\(stack.name)\" at \(scale) needs \(expected)",
                        fix: "export it at \(expected)")
                }
            }
            if let back = listed.last, set(at: stack.path + "/" + back + "/" + FolderKind.layerContent) != nil, !filled.contains(back) {
                let name = (back as NSString).deletingPathExtension
                add(.error, .stack, file: file, asset: stack.path,
                    message: "the back layer \"\(name)\" of \"\(stack.name)\" has no image; the back layer is the icon's opaque background",
                    fix: "give \"\(name)\" an opaque image")
            } else if range?.contains(listed.count) ?? true, filled.count < 2 {
                add(.error, .stack, file: file, asset: stack.path,
                    message: "only \(filled.count) layer\(filled.count == 1 ? "" : "s") of the \(kind) \"\(stack.name)\" hold\(filled.count == 1 ? "s" : "") an image; it needs at least 2",
                    fix: "give the back layer and at least one layer in front of it an image")
            }
        }
    }

    /// The stack's size in points, from its `.brandassets` entry (`"size" : "400x240"`).
    private func brandSize(ofStack stack: CatalogSet) -> PointSize? {
        let parent = PathText.parent(stack.path)
        let folder = PathText.lastComponent(stack.path)
        guard FolderKind.brandAssets.names(parent), let brand = set(at: parent),
              case .success(let value) = brand.contents else { return nil }
        let entry = (value["assets"]?.arrayValue ?? []).first { $0[.filename]?.stringValue == folder }
        return entry?[.size]?.stringValue.flatMap(PointSize.init(parsing:))
    }

    func checkBrandAssets() {
        guard let rules = stackRules else { return }
        for brand in sets where brand.folderKind == .brandAssets {
            guard case .success(let value) = brand.contents else { continue }
            let file = shown(brand.path + "/Contents.json")
            let entries = (value["assets"]?.arrayValue ?? []).map {
                (role: $0[.role]?.stringValue ?? "", size: $0[.size]?.stringValue ?? "",
                 filename: $0[.filename]?.stringValue ?? "", idiom: $0[.idiom]?.stringValue ?? "")
            }.filter { $0.idiom == Idiom.tv.rawValue || $0.idiom.isEmpty }
            for entry in entries where !entry.filename.isEmpty {
                if set(at: brand.path + "/" + entry.filename) == nil {
                    let place = locate(key: ContentsKey.filename.rawValue, value: entry.filename, in: brand)
                    add(.error, .missingFile, file: file, line: place?.line, column: place?.column, asset: brand.path,
                        message: "names \"\(entry.filename)\" (\(entry.role)), which does not exist",
                        fix: "add \"\(entry.filename)\" to \"\(brand.path)\", or remove its entry")
                }
            }
            for rule in rules.brandRoles where !entries.contains(where: { $0.role == rule.role && $0.size == rule.size && !$0.filename.isEmpty }) {
                // An entry of this role at a size Apple does not list: the likely wrong one.
                let other = entries.first { entry in
                    entry.role == rule.role && !entry.filename.isEmpty
                        && !rules.brandRoles.contains { $0.role == entry.role && $0.size == entry.size }
                }
                let message = other.map { "has \"\($0.filename)\" as \(rule.role) at \($0.size) pt, but no \(rule.what) of \(rule.size) pt" }
                    ?? "has no \(rule.what) (role \(rule.role), \(rule.size) pt)"
                add(rule.required ? .error : .warning, .stack, file: file, asset: brand.path,
                    message: message + (!rule.required ? "" : rule.what.hasPrefix("App Store")
                        ? "; App Store Connect rejects the app without it (ITMS-90471)" : "; Apple's brand-assets format requires it"),
                    fix: "add the \(rule.what) in Xcode (\(rule.size) pt, \(rule.makeUp)), or let assetsmith make it (platforms: [tvos])")
            }
            // Top Shelf images at their size × scale.
            for entry in entries where entry.role.hasPrefix("top-shelf") {
                guard let shelf = set(at: brand.path + "/" + entry.filename), let points = PointSize(parsing: entry.size) else { continue }
                for (_, shelfImage) in shelf.images {
                    guard let image = shelfImage.filename, exists(image, in: shelf) else { continue }
                    let relative = shelf.path + "/" + image
                    let scale = shelfImage.scale ?? .x1
                    guard !sizeChecked(byPlan: relative), let expected = points.pixels(at: scale),
                          let actual = pixelSize(relative), actual != expected else { continue }
                    add(.error, .pixelSize, file: shown(relative), asset: shelf.path,
                        message: "is \(actual.width)x\(actual.height) px but the \(entry.role) at \(scale) needs \(expected)",
                        fix: "export it at \(expected)")
                }
            }
        }
    }
}
