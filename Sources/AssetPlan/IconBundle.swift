import AssetCore
import AssetSpec

/// An Icon Composer `.icon` bundle the plan writes next to the catalog, in the output folder:
/// `<Name>.icon/icon.json` and the layer files in `<Name>.icon/Assets/`. Written atomically,
/// recorded and owned like catalog files (see `CatalogWriter.writeIconBundles`).
package struct IconBundle: Hashable, Sendable, Codable {
    /// The manifest asset it comes from.
    package var asset: String
    /// `AppIcon.icon`, relative to the output folder.
    package var folder: String
    /// The icon.json document, written in Xcode's formatting (sorted keys, `"key" : value`).
    package var document: JSONValue
    /// The files of `Assets/`, sorted by name.
    package var layers: [IconLayerFile]

    package init(asset: String, folder: String, document: JSONValue, layers: [IconLayerFile]) {
        self.asset = asset
        self.folder = folder
        self.document = document
        self.layers = layers.sorted { $0.name < $1.name }
    }

    /// `AppIcon.icon/icon.json`
    package var documentPath: String { folder + "/" + Self.documentName }

    /// `AppIcon.icon/Assets/front.svg`
    package func path(of layer: IconLayerFile) -> String { folder + "/" + Self.assetsFolder + "/" + layer.name }

    package static let documentName = IconComposerFormat.documentName
    package static let assetsFolder = IconComposerFormat.assetsFolder
    /// `AppIcon` → `AppIcon-Flat.appiconset`: the team's own flat icons beside the `.icon`.
    package static let flatSuffix = IconComposerSpec.flatSuffix
}

/// One file of a bundle's `Assets/` folder: a layer source, copied (an SVG is rewritten without
/// external references; a PNG is copied as it is).
package struct IconLayerFile: Hashable, Sendable, Codable {
    /// The file name in `Assets/` (icon.json's `image-name`), with its extension.
    package var name: String
    package var source: SourceRef
    /// Where the manifest names the file (build problems point there).
    package var origin: SourceLocation?
    /// Set for the badge layer: the file is this badge drawn on a transparent 1024 px canvas
    /// (`source` is then empty: nothing is read).
    package var badge: BadgeDrawing?

    package init(name: String, source: SourceRef, origin: SourceLocation? = nil) {
        self.name = name
        self.source = source
        self.origin = origin
    }
}

/// One file of an `.icon` bundle's `Assets/` as a build job, beside the catalog's render jobs:
/// the engine reads its source with theirs, keys it, takes it from disk when the record says it
/// is current (`RecordedOutput`), makes it, and the writer puts it in place and records it.
package struct LayerJob: Hashable, Sendable {
    /// How the file is made.
    package enum Kind: Hashable, Sendable {
        /// A PNG copied as it is.
        case copy
        /// An SVG rewritten through librsvg and Cairo's SVG surface, so that the copy refers to
        /// nothing outside itself.
        case vectorRewrite
        /// A badge drawn on a transparent canvas of `IconLayerRule.minimumSide` px (nothing is read).
        case badge(BadgeDrawing)
    }

    /// Relative to the output folder: `AppIcon.icon/Assets/front.svg`.
    package var output: String
    package var asset: String
    /// The file it is made from; nil for a badge.
    package var source: SourceRef?
    /// Where the manifest names the layer (problems point there).
    package var origin: SourceLocation?
    package var kind: Kind

    /// How messages name it: `layer "Art/front.svg" of the icon "AppIcon"`.
    package var shown: String { "layer \"\(source?.displayPath ?? name)\" of the icon \"\(asset)\"" }
    private var name: String { PathText.lastComponent(output) }
}

extension Plan {
    /// Every `.icon` layer file the plan writes, as jobs, in bundle and file order.
    package var layerJobs: [LayerJob] {
        (iconBundles ?? []).flatMap { bundle in
            bundle.layers.map { layer in
                let kind: LayerJob.Kind = layer.badge.map { .badge($0) } ?? (layer.source.isVector ? .vectorRewrite : .copy)
                return LayerJob(output: bundle.path(of: layer), asset: bundle.asset,
                                source: layer.badge == nil ? layer.source : nil, origin: layer.origin, kind: kind)
            }
        }
    }
}
