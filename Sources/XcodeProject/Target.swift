/// One target of an Xcode project as far as app icons go: what it builds, its build settings per
/// configuration, and the asset catalogs and Icon Composer icons it compiles.
package struct Target: Equatable, Sendable {
    package var name: String
    package var productType: ProductType
    /// `SDKROOT` (`iphoneos`, `macosx`, `appletvos`, `watchos`, `xros`), when the target or the
    /// project sets it.
    package var sdk: String?
    package var configurations: [BuildConfiguration]
    /// Absolute paths of the `.xcassets` folders the target compiles (its Copy Bundle Resources
    /// phase, and its file-system-synchronized folders), sorted.
    package var catalogs: [String]
    /// Absolute paths of the Icon Composer `.icon` bundles the target compiles, sorted.
    package var iconBundles: [String]

    package init(name: String, productType: ProductType, sdk: String? = nil, configurations: [BuildConfiguration],
                 catalogs: [String], iconBundles: [String]) {
        self.name = name
        self.productType = productType
        self.sdk = sdk
        self.configurations = configurations
        self.catalogs = catalogs
        self.iconBundles = iconBundles
    }

    /// `ASSETCATALOG_COMPILER_APPICON_NAME` in one configuration (every conditional variant, such as
    /// `[sdk=iphoneos*]`, counts); empty when the configuration names none.
    package func appIconNames(configuration: String) -> [String] {
        configurations.first { $0.name == configuration }?.values(of: BuildConfiguration.appIconKey) ?? []
    }

    /// The primary app icon names across every configuration (a Beta configuration naming
    /// `AppIcon-Beta` is normal), in order of first appearance.
    package var appIconNames: [String] {
        unique(configurations.flatMap { $0.values(of: BuildConfiguration.appIconKey) })
    }

    /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` across every configuration.
    package var alternateIconNames: [String] {
        unique(configurations.flatMap { $0.values(of: BuildConfiguration.alternateIconsKey) })
    }

    /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` in one configuration.
    package func alternateIconNames(configuration: String) -> [String] {
        configurations.first { $0.name == configuration }?.values(of: BuildConfiguration.alternateIconsKey) ?? []
    }

    /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES` in any configuration: every app
    /// icon set of the target's catalogs ships as an alternate.
    package var includesAllAppIcons: Bool {
        configurations.contains { $0.includesAllAppIcons }
    }

    private func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}

/// One build configuration (Debug, Release, Beta…): the target's settings over the project's.
package struct BuildConfiguration: Equatable, Sendable {
    static let appIconKey = "ASSETCATALOG_COMPILER_APPICON_NAME"
    static let alternateIconsKey = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    static let includeAllKey = "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"

    package var name: String
    /// Every setting as written (a list setting's words, `$(inherited)` left out), keyed as written
    /// (`KEY` or `KEY[sdk=iphoneos*]`).
    package var settings: [String: [String]]

    package init(name: String, settings: [String: [String]]) {
        self.name = name
        self.settings = settings
    }

    /// The values of `key` and of its conditional variants (`KEY[sdk=…]`), without `$(inherited)`,
    /// with `$(NAME)` and `${NAME}` replaced by the configuration's own setting of that name where it
    /// has one (`AppIcon${BUNDLE_ID_SUFFIX}` with `BUNDLE_ID_SUFFIX = .dev` → `AppIcon.dev`); a
    /// variable it does not set stays as written.
    package func values(of key: String) -> [String] {
        let conditional = key + "["
        return settings.keys.sorted().filter { $0 == key || $0.hasPrefix(conditional) }
            .flatMap { settings[$0] ?? [] }.map { expand($0, depth: 0) }
    }

    private func expand(_ value: String, depth: Int) -> String {
        guard depth < 8, value.contains("$") else { return value }
        var result = value
        for (open, close) in [("$(", ")"), ("${", "}")] {
            var searchStart = result.startIndex
            while let start = result.range(of: open, range: searchStart..<result.endIndex),
                  let end = result.range(of: close, range: start.upperBound..<result.endIndex) {
                let name = String(result[start.upperBound..<end.lowerBound])
                if let known = settings[name] {
                    let replacement = expand(known.joined(separator: " "), depth: depth + 1)
                    result.replaceSubrange(start.lowerBound..<end.upperBound, with: replacement)
                    searchStart = result.index(start.lowerBound, offsetBy: replacement.count, limitedBy: result.endIndex) ?? result.endIndex
                } else {
                    searchStart = end.upperBound
                }
            }
        }
        return result
    }

    package var includesAllAppIcons: Bool {
        values(of: Self.includeAllKey).contains { ["YES", "TRUE", "1"].contains($0.uppercased()) }
    }
}
