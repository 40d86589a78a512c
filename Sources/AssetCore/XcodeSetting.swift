/// The Xcode build settings Assetsmith reads and writes, named once: the planner's `.xcconfig`,
/// the loader's `icon-setting:` default, the project reader and verify's messages. Apple's Xcode
/// Build Settings Reference ("Asset Catalog Compiler - Options": Primary App Icon Set Name,
/// Alternate App Icon Sets, Include All App Icon Assets); actool's `--app-icon`,
/// `--alternate-app-icon` and `--include-all-app-icons`.
package enum XcodeSetting: String, CaseIterable, Hashable, Sendable {
    /// The primary app icon set a target ships.
    case appIconName = "ASSETCATALOG_COMPILER_APPICON_NAME"
    /// The alternate icon sets a target ships (a space-separated list).
    case alternateAppIconNames = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    /// `YES`: every app icon set of the target's catalogs ships.
    case includeAllAppIconAssets = "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"

    /// The setting's name, as a project and an `.xcconfig` write it.
    package var name: String { rawValue }
}
