/// AssetSpec: the manifest (`assetsmith.yml`), read strictly.
///
/// YAML goes through Yams' node API so that every key and value keeps its line and column.
/// Every problem is collected as a `Diagnostic` (unknown keys get a did-you-mean); a manifest
/// with errors is never handed on. Knows nothing of rendering or requirement tables beyond
/// their names.
import AssetCore
import Foundation

/// A parsed, validated manifest.
package struct Manifest: Hashable, Sendable {
    /// The manifest file as the user named it (for messages).
    package var file: String
    /// Absolute folder the manifest's relative paths are resolved against.
    package var directory: String
    /// The requirement table the manifest targets (`ios18`), with where it was written; nil when
    /// `table:` is left out (the newest table is used).
    package var table: Located<String>?
    /// Output folder (absolute); the catalog goes inside it.
    package var outputDirectory: String
    /// Catalog name without extension (`Assets` → `Assets.xcassets`).
    package var catalogName: String
    /// Assets in manifest order.
    package var assets: [AssetEntry]
    /// Top-level `tab-bar:` colours and idiom, if given.
    package var tabBar: TabBarSpec?
    /// `project:`: the Xcode project (`App.xcodeproj`, absolute) whose targets give each app icon
    /// set its role for `verify`; nil when the manifest names none.
    package var project: String?
    /// `state:`: the folder (absolute) that keeps the build's own files: record, stamp, lock,
    /// journal, previews and adoption backups (issue 47). Beside the manifest by default, never
    /// inside the output folder, which may be a folder Xcode copies into the app.
    package var stateDirectory = ""
    /// Every source file the manifest names (absolute), drawn or not (`DiagnosticSink.namedSources`).
    package var namedSources: [String] = []
    /// The state folder's name beside the manifest when `state:` is left out.
    package static let defaultStateFolder = ".assetsmith"

    /// The state folder of the manifest `file` in `directory` when `state:` is left out:
    /// `.assetsmith` beside it, and for a manifest not named `assetsmith.yml` a folder of its own
    /// in there (`.assetsmith/widget` for `widget.yml`), so that two manifests of one folder (an
    /// app's and its widget's, each writing an `Assets.xcassets`) never share a record or a lock.
    package static func defaultState(directory: String, file: String) -> String {
        let name = (file as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        let own = stem == "assetsmith" || stem.isEmpty ? "" : "/" + stem
        return (directory as NSString).appendingPathComponent(defaultStateFolder) + own
    }
    /// Folders listed by `source` patterns (`Assets/Icons/*.svg`): a file added there is a new asset.
    package var patternFolders: [String] = []
    /// Top-level `flavors:` in manifest order (all of them, also when `--flavor` picks one).
    package var flavors: [FlavorSpec] = []
    /// `icon-setting:`: the build setting the `.xcconfig` fragments name the primary icon in.
    package var iconSetting = FlavorNaming.defaultIconSetting
    /// The flavour a build was limited to (`--flavor Beta`); nil: every flavour.
    package var selectedFlavor: String?
    /// Assets of the flavours left out by `selectedFlavor`: not planned, but what an earlier
    /// build generated for them stays in place.
    package var retainedAssets: Set<String> = []
    /// The `${NAME}` variables the badge texts used, with the values they were given.
    package var variables: [String: String] = [:]
    /// Where each item of `assets:` is written, when the list is in block style
    /// (`ManifestLoader.assetListLines`): what an edit's build reads again (`EditIndex`).
    package var listLines: AssetListLines?

    package init(file: String, directory: String, table: Located<String>?, outputDirectory: String,
                 catalogName: String, assets: [AssetEntry]) {
        self.file = file
        self.directory = directory
        self.table = table
        self.outputDirectory = outputDirectory
        self.catalogName = catalogName
        self.assets = assets
        self.stateDirectory = Self.defaultState(directory: directory, file: file)
    }
}

/// A value with the place in the manifest it came from.
package struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    package var value: Value
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// One entry of `assets:`.
package struct AssetEntry: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation
    package var kind: AssetKind
    /// `adopt: true`: take over a set of this name that holds files Assetsmith did not write
    /// (they are moved to a backup folder first).
    package var adopt = false
    /// `folder:`: the group folder inside the catalog holding its sets (`AppIcons`); nil for the top level.
    package var folder: String?
    /// Set for an asset made from another one (an alternate icon, its picker preview, a flavour).
    package var variant: IconVariant?

    package init(name: String, location: SourceLocation, kind: AssetKind) {
        self.name = name
        self.location = location
        self.kind = kind
    }
}

/// The kinds of asset a manifest can ask for, each with its own settings. Indirect: inline, every
/// entry would take the size of the largest kind (an app icon's, about 900 bytes), 45 MB for
/// 50,000 image assets (issue 38).
package indirect enum AssetKind: Hashable, Sendable {
    case appIcon(AppIconSpec)
    /// An `app-icon` with `layers:`: an Icon Composer `.icon` bundle.
    case iconComposer(IconComposerSpec)
    case image(ImageSpec)
    case launchImage(LaunchImageSpec)
    case barGlyph(BarGlyphSpec)
    case tabIcon(TabIconSpec)
    case backIndicator(BackIndicatorSpec)
    case control(ControlSpec)
    /// A custom SF Symbol (`.symbolset`) drawn from an SVG glyph.
    case symbol(SymbolSpec)

    /// The `kind:` word in the manifest.
    package var keyword: String { word.rawValue }

    /// The `kind:` of this asset.
    package var word: AssetKindWord {
        switch self {
        case .appIcon, .iconComposer: .appIcon
        case .image: .image
        case .launchImage: .launchImage
        case .barGlyph: .barGlyph
        case .tabIcon: .tabIcon
        case .backIndicator: .backIndicator
        case .control: .control
        case .symbol: .symbol
        }
    }
}

/// A source file named in the manifest: resolved path plus what the user wrote and where.
package struct SourceFile: Hashable, Sendable {
    /// Absolute path.
    package var path: String
    /// As written in the manifest.
    package var written: String
    package var location: SourceLocation
    /// For a PDF: the page drawn, from 1 (`page:`); nil for the first.
    package var page: Int?

    package init(path: String, written: String, location: SourceLocation) {
        self.path = path
        self.written = written
        self.location = location
    }

    /// True for `.svg` and `.pdf` (case-insensitive); otherwise the file is read as PNG.
    package var isVector: Bool { isPDF || written.lowercased().hasSuffix(".svg") }
    /// True for `.pdf` (case-insensitive): drawn through poppler-glib.
    package var isPDF: Bool { written.lowercased().hasSuffix(".pdf") }
}

/// `vector:` of an asset: the set holds one single-scale vector file in this format, drawn by
/// Cairo from an SVG or PDF source, with `preserves-vector-representation`.
package enum VectorFormat: String, Hashable, Sendable, CaseIterable, Codable {
    case pdf
    case svg
}

/// `kind: app-icon`
package struct AppIconSpec: Hashable, Sendable {
    package var source: SourceFile
    /// Optional simplified master for slots of 40 pt and below.
    package var smallSource: SourceFile?
    /// Flattening colour; the icon is opaque.
    package var background: RGBAColor
    /// True when the manifest set `background` (false: white was assumed).
    package var backgroundGiven: Bool
    /// Layout name in the table (`single-size`, `all-sizes`, `legacy`); nil: the table's default.
    package var layout: Located<String>?
    /// iOS 18 dark appearance master (may keep transparency).
    package var dark: SourceFile?
    /// iOS 18 tinted appearance: a master, or derived from the main master in greyscale.
    package var tinted: TintedSource?
    /// `platforms:` the icon is made for (default `[ios]`; the words of Contents.json). tvOS and
    /// visionOS icons are layered stacks, made from `layers:` (see `IconComposerSpec.platforms`).
    package var platforms: [Platform] = [.ios]
    /// `macos-style:` how the macOS sizes are drawn (default Apple's grid).
    package var macStyle: MacIconStyle = .appleGrid
    /// `badge:` (of the icon, or of the flavour it belongs to), drawn over every size.
    package var badge: BadgeSpec?

    /// `apple-grid`: the artwork as a rounded square inset on a transparent canvas with a soft
    /// shadow, as macOS 11+ draws app icons; `full-bleed`: the artwork fills the square (opaque).
    package enum MacIconStyle: String, Hashable, Sendable, CaseIterable {
        case appleGrid = "apple-grid"
        case fullBleed = "full-bleed"
        /// A finished macOS icon kept as drawn: its own shape, margin and transparency, only scaled.
        case asDrawn = "as-drawn"
    }

    package enum TintedSource: Hashable, Sendable {
        case derived(SourceLocation)
        case file(SourceFile)
    }
}

/// `kind: image`
package struct ImageSpec: Hashable, Sendable {
    package var source: SourceFile
    /// Size at @1x, in points.
    package var size: PointSize
    /// Scales to write; nil: the table's image scales.
    package var scales: [Scale]?
    package var fit: Fit
    /// Flatten onto this opaque colour and write RGB (no alpha); nil keeps transparency.
    package var background: RGBAColor?
    /// `vector:`: a single-scale PDF or SVG (PNGs only for `scales` given explicitly).
    package var vector: VectorFormat? = nil

    /// How the source is placed in the box.
    package enum Fit: String, Hashable, Sendable, CaseIterable {
        case contain
        case fill
    }
}
