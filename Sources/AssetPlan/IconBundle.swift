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

    package init(name: String, source: SourceRef, origin: SourceLocation? = nil) {
        self.name = name
        self.source = source
        self.origin = origin
    }
}
