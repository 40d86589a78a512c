import AssetCatalog
import AssetCore
import Foundation
import PNGCodec
import Rendering

/// What the preview needs from a catalog on disk: every set with its Contents.json entries and
/// decoded images. Read from the files, so it shows exactly what Xcode will get.
package struct PreviewCatalog: Sendable {
    package struct Image: Sendable {
        package var file: String
        package var bitmap: Bitmap
        /// The Contents.json entry's string fields (`idiom`, `scale`, `size`, `subtype`, …).
        package var fields: [String: String]
        /// `dark`, `tinted` or nil (any appearance).
        package var appearance: String?
        /// The luminosity the image is for: `.light` without an appearance, nil for a value
        /// that is not a luminosity (`high`).
        package var luminosity: Appearance.Luminosity? {
            appearance.map(Appearance.Luminosity.init(rawValue:)) ?? .light
        }
        /// The file's own pixel size when `bitmap` is a thumbnail of it (a large image set's file,
        /// reduced when read so 500 sets stay within bounded memory); nil when it is the file itself.
        package var filePixels: PixelSize? = nil

        /// The file's pixel size, as the preview labels it.
        package var pixels: PixelSize { filePixels ?? PixelSize(width: bitmap.width, height: bitmap.height) }

        package var scale: Int { Int(fields[ContentsKey.scale.rawValue]?.dropLast() ?? "1") ?? 1 }
        package var isCompact: Bool { fields[ContentsKey.heightClass.rawValue] == "compact" }
        /// True when drawn from a single-scale PDF or SVG entry (at @2x and @3x, as Xcode does).
        package var isVector: Bool { fields["vector"] != nil }
        /// A macOS icon size: drawn as it is (its own shape), never masked to the iOS rounded square.
        package var isMac: Bool { fields[ContentsKey.idiom.rawValue] == Idiom.mac.rawValue }
    }

    package struct Set: Sendable {
        /// `AppIcon` (no extension).
        package var name: String
        /// `.appIconSet`, `.imageSet`, `.launchImage`, … (nil: a folder kind Xcode does not know)
        package var type: FolderKind?
        package var images: [Image]
        package var isTemplate: Bool
        /// Path inside the catalog (`Icons/AppIcon.appiconset`).
        package var path: String = ""
        /// A symbol set's template drawn in its weights and scales; nil for other sets.
        package var symbol: PreviewSymbol?

        /// The image for `scale` (regular height class, any appearance), if any.
        package func image(scale: Int, compact: Bool = false) -> Image? {
            images.first { $0.scale == scale && $0.appearance == nil && $0.isCompact == compact }
                ?? (compact ? image(scale: scale) : nil)
        }
    }

    /// A tvOS image stack or visionOS solid image stack: its layers front to back.
    package struct Stack: Sendable {
        /// `App Icon` of `AppIcon & Top Shelf Image`, or the visionOS stack's name.
        package var name: String
        /// The brand assets holding a tvOS stack; nil for visionOS.
        package var brand: String?
        package var isSolid: Bool
        /// Front to back; the largest image of each layer, nil for a layer without one.
        package var layers: [(name: String, bitmap: Bitmap?)]
        /// The image sets of the layers (paths inside the catalog), which the images section leaves out.
        package var contentPaths: [String]
    }

    package var name: String
    package var sets: [Set]
    package var stacks: [Stack] = []

    package func set(named name: String) -> Set? { sets.first { $0.name == name } }

    /// Reads `<catalog>.xcassets` through `ContentsReader`; unreadable sets or images are skipped
    /// (verify reports them). A single-scale PDF or SVG entry becomes two images, drawn from the
    /// vector file at @2x and @3x (by `vectors`, the build's worker processes, when given).
    /// `including`: when given, only the sets it accepts (by path inside the catalog) have their
    /// images read and decoded (a preview of one asset, issue 51); the others are left out.
    package static func read(at path: String, vectors: VectorSandbox? = nil,
                             including: ((_ setPath: String) -> Bool)? = nil) -> PreviewCatalog {
        var sets: [Set] = []
        for found in ContentsReader.sets(inCatalogAt: path) ?? [] {
            guard case .success = found.contents, including?(found.path) ?? true else { continue }
            let folder = (path as NSString).appendingPathComponent(found.path)
            var images: [Image] = []
            for (_, entry) in found.images {
                if let file = entry.filename, entry.fields[.scale] == nil,
                   ["pdf", "svg"].contains((file as NSString).pathExtension.lowercased()) {
                    images += vectorImages(folder + "/" + file, entry: entry, vectors: vectors)
                    continue
                }
                guard let file = entry.filename,
                      ContainedFile.link(under: folder, relative: file) == nil,
                      let bytes = BoundedFile.boundedImage(folder + "/" + file),
                      let info = try? PNGCodec.info(bytes), info.size.width * info.size.height <= Budgets.standard.imagePixels,
                      let bitmap = try? PNGCodec.decode(bytes) else { continue }
                var image = Image(file: file, bitmap: bitmap, fields: entry.fields.compactMapValues(\.stringValue),
                                  appearance: entry.appearanceValue)
                if found.kind == .image, CatalogNamespace.isNamed(found.path) { image = PreviewThumbnail.reduced(image) }
                images.append(image)
            }
            let type = found.folderKind
            var symbol: PreviewSymbol?
            if type == .symbolSet, case .success(let value) = found.contents,
               let template = value["symbols"]?.arrayValue?.first?[.filename]?.stringValue,
               !template.contains("/"), !template.hasPrefix(".") {
                symbol = PreviewSymbol.draw(templateAt: folder + "/" + template, vectors: vectors)
            }
            sets.append(Set(name: found.name, type: type, images: images,
                            isTemplate: found.templateRenderingIntent == "template", path: found.path, symbol: symbol))
        }
        var catalog = PreviewCatalog(name: (PathText.lastComponent(path) as NSString).deletingPathExtension,
                                     sets: sets.sorted { $0.name < $1.name })
        for found in ContentsReader.sets(inCatalogAt: path) ?? [] where including?(found.path) ?? true {
            let type = FolderKind(folder: found.path)
            guard type == .imageStack || type == .solidImageStack, case .success(let value) = found.contents else { continue }
            let names = (value["layers"]?.arrayValue ?? []).compactMap { $0[.filename]?.stringValue }
            var layers: [(name: String, bitmap: Bitmap?)] = []
            var contents: [String] = []
            for name in names {
                let content = found.path + "/" + name + "/" + FolderKind.layerContent
                contents.append(content)
                let largest = sets.first { $0.path == content }?.images.max { $0.bitmap.width < $1.bitmap.width }
                layers.append(((name as NSString).deletingPathExtension, largest?.bitmap))
            }
            let parent = PathText.parent(found.path)
            let brand = FolderKind.brandAssets.names(parent)
                ? (PathText.lastComponent(parent) as NSString).deletingPathExtension : nil
            catalog.stacks.append(Stack(name: found.name, brand: brand, isSolid: type == .solidImageStack, layers: layers,
                                        contentPaths: contents))
        }
        catalog.stacks.sort { ($0.brand ?? "", $0.name) < ($1.brand ?? "", $1.name) }
        return catalog
    }

    /// A vector entry drawn at @2x and @3x, each labelled with its format; none when it cannot be read.
    static func vectorImages(_ path: String, entry: ContentsImage, vectors: VectorSandbox?) -> [Image] {
        let format = (path as NSString).pathExtension.lowercased()
        let file = VectorSourceFile(path: path, isPDF: format == "pdf")
        guard let image = try? (vectors.map { try VectorImage(file: file, sandbox: $0) } ?? VectorImage(file: file)) else { return [] }
        var images: [Image] = []
        for scale in [2, 3] {
            guard let bitmap = try? image.bitmap(scale: Double(scale)) else { continue }
            var fields = entry.fields.compactMapValues(\.stringValue)
            fields[ContentsKey.scale.rawValue] = "\(scale)x"
            fields["vector"] = format
            images.append(Image(file: PathText.lastComponent(path), bitmap: bitmap, fields: fields,
                                appearance: entry.appearanceValue))
        }
        return images
    }

    /// Tab pairs: template imagesets `X` with a sibling `X.selected`, in name order (a control's
    /// `X.selected` state is not a tab: controls are not templates and have `X.highlighted`).
    package var tabPairs: [(unselected: Set, selected: Set)] {
        sets.compactMap { set in
            guard set.type == .imageSet, set.isTemplate, !set.name.hasSuffix(SetNaming.selected),
                  self.set(named: set.name + SetNaming.highlighted) == nil,
                  let selected = self.set(named: set.name + SetNaming.selected) else { return nil }
            return (set, selected)
        }
    }

    /// Back indicators: imagesets `X` with a sibling transition mask `X.mask`.
    package var backIndicators: [Set] {
        sets.filter { $0.type == .imageSet && self.set(named: $0.name + SetNaming.mask) != nil }
    }

    /// Bar glyphs: template imagesets that are neither half of a tab pair nor a back indicator or mask.
    package var barGlyphs: [Set] {
        let taken = Swift.Set(tabPairs.flatMap { [$0.unselected.name, $0.selected.name] }
            + backIndicators.flatMap { [$0.name, $0.name + SetNaming.mask] })
        return sets.filter { $0.type == .imageSet && $0.isTemplate && !taken.contains($0.name) }
    }
}
