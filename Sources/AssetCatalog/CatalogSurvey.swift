import AssetCore
import Foundation

/// What `assetsmith init` can reproduce from a catalog that already exists: app icons with a
/// 1024 px master (and their dark and tinted appearances), and image sets made from one large
/// file. Everything else is listed with the reason it is left as it is.
package struct CatalogSurvey: Sendable {
    /// An app icon set with its 1024 pt master (paths inside the catalog).
    package struct AppIcon: Sendable, Hashable {
        package var name: String
        package var master: String
        package var dark: String?
        package var tinted: String?
        /// Something the user should know (a layout that changes).
        package var note: String?
        /// The group folder holding the set (`AppIcons`); nil at the catalog's top level.
        package var folder: String?
        /// Platforms the set holds slots of: `ios` and/or `macos` (a mac-only set's master is the
        /// file of 1024 px, whatever its slot).
        package var platforms: [Platform] = [.ios]
    }

    /// An image set holding one file at its largest scale.
    package struct Image: Sendable, Hashable {
        package var name: String
        package var file: String
        package var scale: Int
        package var pixels: PixelSize
        /// The group folder holding the set; nil at the catalog's top level.
        package var folder: String?
        /// Size in points at @1x.
        package var points: PixelSize { PixelSize(width: pixels.width / scale, height: pixels.height / scale) }
    }

    package var appIcons: [AppIcon] = []
    package var images: [Image] = []
    /// App icon sets with no image yet (Xcode's template): names to suggest, commented out.
    package var emptyAppIcons: [String] = []
    /// Icon Composer `.icon` bundles inside the catalog (paths inside it): the user's own.
    package var iconBundles: [String] = []
    /// Set path inside the catalog → why it stays hand-made.
    package var leftAlone: [(set: String, reason: String)] = []

    /// Surveys `sets` (as `ContentsReader` reads them). `pixels` gives a PNG file's pixel size
    /// (nil when it is not a readable PNG); it is given a path inside the catalog.
    package static func survey(_ sets: [CatalogSet], pixels: (String) -> PixelSize?) -> CatalogSurvey {
        var survey = CatalogSurvey()
        // Layered icons are one entry each: their layer and Top Shelf sets are parts of them.
        let layered = sets.filter { $0.folderKind.flatMap { layeredIconReasons[$0] } != nil }.map(\.path)
        for set in sets {
            if let reason = set.folderKind.flatMap({ layeredIconReasons[$0] }), !layered.contains(where: { set.path.hasPrefix($0 + "/") }) {
                survey.leftAlone.append((set.path, reason))
                continue
            }
            guard !layered.contains(where: { set.path.hasPrefix($0 + "/") }) else { continue }
            if FolderKind.iconComposer.names(set.path) {
                survey.iconBundles.append(set.path)
                continue
            }
            if let container = container(of: set.path) {
                if FolderKind.iconComposer.names(container) { continue }
                survey.leftAlone.append((set.path, "a part of \(container), kept with it"))
                continue
            }
            switch set.kind {
            case .appIcon:
                survey.appIcon(set, pixels: pixels)
            case .image:
                survey.image(set, pixels: pixels)
            case .other:
                let kind = (set.path as NSString).pathExtension
                survey.leftAlone.append((set.path, FolderKind.colorSet.names(set.path) ? "a colour set" : "a \(kind) set"))
            }
        }
        survey.keepOneOfEachName()
        return survey
    }

    /// Set names share one namespace in a catalog: of two sets of one name (in different group
    /// folders), the first by path is adopted and the other left, saying why, so the manifest never
    /// names one asset twice.
    private mutating func keepOneOfEachName() {
        var first: [String: String] = [:]
        func keep(_ name: String, _ path: String) -> Bool {
            if let other = first[name.lowercased()] {
                leftAlone.append((path, "another set named \"\(name)\" is adopted (\(other)); set names share one namespace in a catalog"))
                return false
            }
            first[name.lowercased()] = path
            return true
        }
        appIcons = appIcons.filter { keep($0.name, PathText.parent($0.master)) }
        images = images.filter { keep($0.name, PathText.parent($0.file)) }
    }

    /// Why a layered icon made by hand is left as it is, and how Assetsmith would draw it instead.
    static let layeredIconReasons: [FolderKind: String] = [
        .brandAssets: "the tvOS app icon (image stacks) and Top Shelf images, kept by hand; to draw them, give the app icon "
            + "`platforms: [tvos]`, `fill:` and `layers:` (back first), and `top-shelf:`/`top-shelf-wide:` artwork",
        .solidImageStack: "a visionOS app icon (solid image stack), kept by hand; to draw it, give the app icon "
            + "`platforms: [visionos]`, `fill:` and `layers:` (back first)",
        .imageStack: "a tvOS image stack, kept by hand; to draw it, give the app icon `platforms: [tvos]`, `fill:` and `layers:`",
    ]

    private mutating func appIcon(_ set: CatalogSet, pixels: (String) -> PixelSize?) {
        var master: String?
        var macMaster: String?
        var dark: String?
        var tinted: String?
        var files = 0
        var macFiles = 0
        for (_, image) in set.images {
            guard let file = image.filename else { continue }
            files += 1
            let isMac = image.idiom == Idiom.mac.rawValue
            if isMac { macFiles += 1 }
            guard let size = pixels(set.path + "/" + file), size.width >= 1024, size.width == size.height else { continue }
            // A mac set's master is its file of 1024 px, whatever slot holds it (512 pt @2x).
            if isMac {
                macMaster = macMaster ?? file
                continue
            }
            guard image.sizeText == "1024x1024" else { continue }
            switch image.appearanceValue.map(Appearance.Luminosity.init(rawValue:)) {
            case nil: master = master ?? file
            case .dark??: dark = file
            case .tinted??: tinted = file
            default: break
            }
        }
        guard AssetName.isValid(set.name) else {
            leftAlone.append((set.path, "its name cannot be an asset name (\(AssetName.rule))"))
            return
        }
        let folder = Self.group(of: set.path)
        var platforms: [Platform] = macFiles < files ? [.ios] : []
        if macFiles > 0 { platforms.append(.macos) }
        guard let chosen = master ?? macMaster else {
            if files == 0 { emptyAppIcons.append(set.name) }
            leftAlone.append((set.path, files == 0
                ? "an app icon with no image yet: add it to the manifest once you have a 1024 px master"
                : "no PNG of 1024x1024 px (or larger) among its \(files) files to draw the others from"))
            return
        }
        let others = files - 1 - (dark == nil ? 0 : 1) - (tinted == nil ? 0 : 1)
        let note: String?
        if platforms == [.macos] {
            note = "a macOS icon: its \(files) sizes are drawn from \(chosen), kept as drawn (macos-style: as-drawn)"
        } else {
            note = others > 0 && macFiles == 0 ? "its \(others) other sizes are replaced by one 1024 px icon that Xcode scales (single-size)" : nil
        }
        appIcons.append(AppIcon(name: set.name, master: set.path + "/" + chosen, dark: dark.map { set.path + "/" + $0 },
                                tinted: tinted.map { set.path + "/" + $0 }, note: note, folder: folder, platforms: platforms))
    }

    /// The group folder path holding `path` (`AppIcons` for `AppIcons/AppIcon.appiconset`); nil at
    /// the top level.
    package static func group(of path: String) -> String? {
        let parent = PathText.parent(path)
        return parent.isEmpty ? nil : parent
    }

    /// The set or container (a folder with an extension) that holds `path`, when there is one: its
    /// parts are kept with it (a sprite atlas's images, a sticker pack's stickers).
    static func container(of path: String) -> String? {
        var parent = PathText.parent(path)
        while !parent.isEmpty {
            if !(PathText.lastComponent(parent) as NSString).pathExtension.isEmpty { return parent }
            parent = PathText.parent(parent)
        }
        return nil
    }

    private mutating func image(_ set: CatalogSet, pixels: (String) -> PixelSize?) {
        let assigned = set.images.compactMap { entry -> (String, ContentsImage)? in
            entry.image.filename.map { ($0, entry.image) }
        }
        guard assigned.count == 1, let (file, image) = assigned.first else {
            leftAlone.append((set.path, assigned.isEmpty ? "an image set with no image" : "\(assigned.count) hand-made files"))
            return
        }
        let plainKeys: Set<String> = [ContentsKey.filename.rawValue, ContentsKey.idiom.rawValue, ContentsKey.scale.rawValue]
        guard case .success(let contents) = set.contents, contents[ContentsFormat.properties] == nil,
              image.fields.keys.allSatisfy({ plainKeys.contains($0) }),
              image.idiom == Idiom.universal.rawValue else {
            leftAlone.append((set.path, "its properties or idioms (template rendering, devices, appearances) are kept by hand"))
            return
        }
        guard AssetName.isValid(set.name) else {
            leftAlone.append((set.path, "its name cannot be an asset name (\(AssetName.rule))"))
            return
        }
        let scale = image.scale?.factor ?? 0
        guard scale >= 2, file.lowercased().hasSuffix(".png"), let size = pixels(set.path + "/" + file) else {
            leftAlone.append((set.path, scale < 2 ? "one file at 1x (or single-scale); nothing larger to draw the other scales from"
                                                  : "its file is not a PNG assetsmith can read"))
            return
        }
        guard size.width % scale == 0, size.height % scale == 0 else {
            leftAlone.append((set.path, "\(size.width)x\(size.height) px at @\(scale)x is not a whole number of points"))
            return
        }
        images.append(Image(name: set.name, file: set.path + "/" + file, scale: scale, pixels: size, folder: Self.group(of: set.path)))
    }

    /// Folders to skip when looking for a project's catalogs: build products, dependencies, tools.
    package static let skippedFolders: Set<String> = ["build", "Build", "DerivedData", "Pods", "Carthage", "node_modules",
                                                     "vendor", "fastlane", "SourcePackages"]

    /// Every `.xcassets` folder below `root` (relative paths, sorted), skipping hidden folders and
    /// `skippedFolders`, and not looking inside a catalog.
    package static func catalogs(below root: String) -> [String] {
        var found: [String] = []
        var queue = [""]
        var visited = 0
        while let relative = queue.popLast(), visited < 20_000 {
            visited += 1
            let path = relative.isEmpty ? root : root + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                guard !name.hasPrefix("."), !skippedFolders.contains(name) else { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + "/" + child, isDirectory: &isDirectory),
                      isDirectory.boolValue else { continue }
                // Symbolic links are not followed (a link to a parent folder would never end).
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + child)) != nil { continue }
                if FolderKind.catalog.names(name) { found.append(child) } else { queue.append(child) }
            }
        }
        return found.sorted()
    }
}
