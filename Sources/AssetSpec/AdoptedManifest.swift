import AssetCore

/// What `assetsmith init` adopts from a catalog that already exists, as typed values: the
/// manifest's header, the assets it reproduces (their masters already copied out, given as paths
/// relative to the manifest) and what it lists in comments. `ManifestWriter` turns it into the
/// text init writes; `ManifestLoader` reads that text back into the same assets.
package struct AdoptedManifest: Sendable, Equatable {
    /// An app icon reproduced from its 1024 px master.
    package struct AppIcon: Sendable, Equatable {
        package var name: String
        package var source: String
        /// The group folder holding the set (`AppIcons`); nil at the catalog's top level.
        package var folder: String?
        /// `ios` and/or `macos`; a mac-only set is kept as drawn.
        package var platforms: [Platform]
        package var dark: String?
        package var tinted: String?
        /// The colour a transparent master is flattened onto (`#FFFFFF`); nil for an opaque one.
        package var background: String?
        /// Something the user should know (a layout that changes).
        package var note: String?

        package init(name: String, source: String, folder: String? = nil, platforms: [Platform] = [.ios], dark: String? = nil,
                     tinted: String? = nil, background: String? = nil, note: String? = nil) {
            self.name = name
            self.source = source
            self.folder = folder
            self.platforms = platforms
            self.dark = dark
            self.tinted = tinted
            self.background = background
            self.note = note
        }
    }

    /// An image set reproduced from its one file at its largest scale.
    package struct Image: Sendable, Equatable {
        package var name: String
        package var source: String
        package var folder: String?
        /// The scale of the file it is drawn from (`3` for `@3x`) and its pixel size.
        package var scale: Int
        package var pixels: PixelSize

        package init(name: String, source: String, folder: String? = nil, scale: Int, pixels: PixelSize) {
            self.name = name
            self.source = source
            self.folder = folder
            self.scale = scale
            self.pixels = pixels
        }
    }

    /// The project's own name pattern for flavour icons (`{name}{flavor}`) and where it was seen.
    package struct FlavorNames: Sendable, Equatable {
        package var pattern: String
        package var example: String

        package init(pattern: String, example: String) {
            self.pattern = pattern
            self.example = example
        }
    }

    /// The build setting an app target's App Icon setting reads (`CE_APPICON_NAME`) and its target.
    package struct IconSetting: Sendable, Equatable {
        package var variable: String
        package var target: String

        package init(variable: String, target: String) {
            self.variable = variable
            self.target = target
        }
    }

    /// The catalog, relative to the manifest.
    package var output: String
    /// The schema reference for editors (`yaml-language-server`); nil when none is found.
    package var schema: String?
    /// The Xcode project, relative to the manifest.
    package var project: String?
    package var flavorNames: FlavorNames?
    package var iconSetting: IconSetting?
    package var appIcons: [AppIcon] = []
    package var images: [Image] = []
    /// App icon sets with no image yet: suggested in a comment, with a source in `sourcesFolder`.
    package var emptyAppIcons: [String] = []
    /// The sources folder as the user gave it (`AssetSources`).
    package var sourcesFolder: String
    /// Set path inside the catalog → why it stays hand-made.
    package var leftAlone: [LeftAlone] = []
    /// The project's Icon Composer `.icon` bundles, relative to the manifest.
    package var iconBundles: [String] = []
    /// The project's other catalogs (one manifest builds one).
    package var otherCatalogs: [String] = []

    /// A set init leaves as it is, and why.
    package struct LeftAlone: Sendable, Equatable {
        package var set: String
        package var reason: String

        package init(set: String, reason: String) {
            self.set = set
            self.reason = reason
        }
    }

    package init(output: String, sourcesFolder: String, schema: String? = nil, project: String? = nil) {
        self.output = output
        self.sourcesFolder = sourcesFolder
        self.schema = schema
        self.project = project
    }
}
