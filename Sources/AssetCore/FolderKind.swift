/// Apple's folder kinds, named once: an asset catalog (`.xcassets`), the sets Xcode knows inside
/// one (`.imageset` to `.solidimagestacklayer`, symbol and colour sets included) and the Icon
/// Composer bundle (`.icon`) written beside it. Every stage (loader, planners, writer, verify,
/// preview) spells a folder's extension through this type; only this file writes them.
/// Apple's Asset Catalog Format Reference; `.icon` and `.symbolset`:
/// `Docs/reference/apple-formats-2026.md`.
package enum FolderKind: String, CaseIterable, Hashable, Sendable, Codable {
    case catalog = "xcassets"
    case appIconSet = "appiconset"
    case imageSet = "imageset"
    case launchImage = "launchimage"
    case colorSet = "colorset"
    case symbolSet = "symbolset"
    case dataSet = "dataset"
    case brandAssets = "brandassets"
    case imageStack = "imagestack"
    case imageStackLayer = "imagestacklayer"
    case solidImageStack = "solidimagestack"
    case solidImageStackLayer = "solidimagestacklayer"
    /// An Icon Composer bundle (Xcode 26), beside the catalog rather than a set inside it.
    case iconComposer = "icon"
    case spriteAtlas = "spriteatlas"
    case stickerPack = "stickerpack"
    /// A sticker pack extension's app icon (Xcode names it `iMessage App Icon`).
    case stickersIconSet = "stickersiconset"
    case sticker = "sticker"
    case stickerSequence = "stickersequence"
    case complicationSet = "complicationset"
    case arResourceGroup = "arresourcegroup"
    case arReferenceImage = "arreferenceimage"
    case arObject = "arobject"
    case textureSet = "textureset"
    case cubeTextureSet = "cubetextureset"
    case mipmapSet = "mipmapset"
    case gcDashboardImage = "gcdashboardimage"
    case gcLeaderboard = "gcleaderboard"
    case gcLeaderboardSet = "gcleaderboardset"

    /// The folder extension without its dot, lower case: `imageset`.
    package var folderExtension: String { rawValue }

    /// `.imageset`
    package var dottedExtension: String { "." + rawValue }

    /// `Home` → `Home.imageset`.
    package func folder(_ name: String) -> String { name + "." + rawValue }

    /// The kind of a folder by its extension, in any case: `Tabs/Home.IMAGESET` → `.imageSet`;
    /// nil for a folder Xcode does not know as a set (a group folder).
    package init?(folder: String) {
        let last = folder.split(separator: "/").last.map(String.init) ?? folder
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        self.init(rawValue: last[last.index(after: dot)...].lowercased())
    }

    /// True when `folder` ends in this kind's extension (any case).
    package func names(_ folder: String) -> Bool { FolderKind(folder: folder) == self }

    /// `Home.imageset` → `Home` (the name without this kind's extension, when it has it).
    package func name(of folder: String) -> String {
        let last = folder.split(separator: "/").last.map(String.init) ?? folder
        guard names(last) else { return last }
        return String(last.dropLast(dottedExtension.count))
    }

    /// The kinds a tvOS or visionOS layered icon is made of, which verify checks itself.
    package var isStackPart: Bool {
        [.brandAssets, .imageStack, .imageStackLayer, .solidImageStack, .solidImageStackLayer].contains(self)
    }

    /// `image stack`, `app icon`…: the kind as reports name it.
    package var noun: String {
        switch self {
        case .catalog: "asset catalog"
        case .appIconSet: "app icon"
        case .imageSet: "image"
        case .launchImage: "launch image"
        case .colorSet: "color"
        case .symbolSet: "symbol"
        case .dataSet: "data"
        case .brandAssets: "brand assets"
        case .imageStack: "image stack"
        case .imageStackLayer: "image stack layer"
        case .solidImageStack: "solid image stack"
        case .solidImageStackLayer: "solid image stack layer"
        case .iconComposer: "Icon Composer icon"
        case .spriteAtlas: "sprite atlas"
        case .stickerPack: "sticker pack"
        case .stickersIconSet: "sticker pack app icon"
        case .sticker: "sticker"
        case .stickerSequence: "sticker sequence"
        case .complicationSet: "complication"
        case .arResourceGroup: "AR resource group"
        case .arReferenceImage: "AR reference image"
        case .arObject: "AR object"
        case .textureSet: "texture"
        case .cubeTextureSet: "cube texture"
        case .mipmapSet: "mipmap"
        case .gcDashboardImage: "Game Center dashboard image"
        case .gcLeaderboard: "Game Center leaderboard"
        case .gcLeaderboardSet: "Game Center leaderboard set"
        }
    }

    /// The kinds actool takes as a target's primary app icon (`--app-icon NAME`): an app icon set,
    /// tvOS brand assets (`App Icon & Top Shelf Image`), a sticker pack's icon set; an Icon
    /// Composer `.icon` beside the catalog counts too.
    package var isPrimaryIconKind: Bool { [.appIconSet, .brandAssets, .stickersIconSet, .iconComposer].contains(self) }

    /// The image set every stack layer holds: `Content.imageset`.
    package static let layerContent = FolderKind.imageSet.folder("Content")
}
