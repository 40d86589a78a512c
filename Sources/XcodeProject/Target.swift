import AssetCore
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
    /// The Run Script phases that write into one of `catalogs` (`ScriptPhase`), in build order.
    package var scriptPhases: [ScriptPhase]

    package init(name: String, productType: ProductType, sdk: String? = nil, configurations: [BuildConfiguration],
                 catalogs: [String], iconBundles: [String], scriptPhases: [ScriptPhase] = []) {
        self.name = name
        self.productType = productType
        self.sdk = sdk
        self.configurations = configurations
        self.catalogs = catalogs
        self.iconBundles = iconBundles
        self.scriptPhases = scriptPhases
    }

    /// The phases that fill the catalog at `path` (absolute).
    package func phases(filling path: String) -> [ScriptPhase] {
        scriptPhases.filter { $0.catalogs.contains(path) }
    }

    /// `XcodeSetting.appIconName` in one configuration (every conditional variant, such as
    /// `[sdk=iphoneos*]`, counts); empty when the configuration names none.
    package func appIconNames(configuration: String) -> [String] {
        configurations.first { $0.name == configuration }?.values(of: BuildConfiguration.appIconKey) ?? []
    }

    /// The primary app icon names across every configuration (a Beta configuration naming
    /// `AppIcon-Beta` is normal), in order of first appearance.
    package var appIconNames: [String] {
        unique(configurations.flatMap { $0.values(of: BuildConfiguration.appIconKey) })
    }

    /// `XcodeSetting.alternateAppIconNames` across every configuration.
    package var alternateIconNames: [String] {
        unique(configurations.flatMap { $0.listValues(of: BuildConfiguration.alternateIconsKey) })
    }

    /// `XcodeSetting.alternateAppIconNames` in one configuration.
    package func alternateIconNames(configuration: String) -> [String] {
        configurations.first { $0.name == configuration }?.listValues(of: BuildConfiguration.alternateIconsKey) ?? []
    }

    /// `XcodeSetting.includeAllAppIconAssets = YES` in any configuration: every app
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
    static let appIconKey = XcodeSetting.appIconName.name
    static let alternateIconsKey = XcodeSetting.alternateAppIconNames.name
    static let includeAllKey = XcodeSetting.includeAllAppIconAssets.name

    package var name: String
    /// Every setting as written, keyed as written (`KEY` or `KEY[sdk=iphoneos*]`): a string
    /// setting as one element, spaces and all (`App Icon & Top Shelf Image`), a list written as an
    /// array as its elements; `$(inherited)` already replaced by the level below.
    package var settings: [String: [String]]

    package init(name: String, settings: [String: [String]]) {
        self.name = name
        self.settings = settings
    }

    /// A string setting (`XcodeSetting.appIconName`): the value of `key` and of each of
    /// its conditional variants (`KEY[sdk=…]`), each one string, with `$(NAME)` and `${NAME}`
    /// replaced by the configuration's own setting of that name where it has one
    /// (`AppIcon${BUNDLE_ID_SUFFIX}` with `BUNDLE_ID_SUFFIX = .dev` → `AppIcon.dev`); a variable
    /// it does not set stays as written. Empty values are left out.
    package func values(of key: String) -> [String] {
        keys(of: key).map { expand((settings[$0] ?? []).joined(separator: " "), depth: 0) }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A list setting (`XcodeSetting.alternateAppIconNames`): the words of each value,
    /// split as Xcode splits lists (at spaces outside quotes, a backslash keeping the next
    /// character) after its variables are replaced.
    package func listValues(of key: String) -> [String] {
        keys(of: key).flatMap { settings[$0] ?? [] }.flatMap { ObjectGraphLayer.words(expand($0, depth: 0)) }
    }

    private func keys(of key: String) -> [String] {
        let conditional = key + "["
        return settings.keys.sorted().filter { $0 == key || $0.hasPrefix(conditional) }
    }

    /// Replaces `$(NAME)`, `${NAME}` and `$(NAME )` (spaces inside are part of one reference) by
    /// the setting's value, up to 8 levels and 64 references deep.
    private func expand(_ value: String, depth: Int) -> String {
        guard depth < 8, value.contains("$") else { return value }
        var result = value
        var replacements = 0
        for (open, close) in [("$(", ")"), ("${", "}")] {
            var searchStart = result.startIndex
            while replacements < 64, let start = result.range(of: open, range: searchStart..<result.endIndex),
                  let end = result.range(of: close, range: start.upperBound..<result.endIndex) {
                let name = result[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces)
                if let known = settings[name] {
                    let replacement = expand(known.joined(separator: " "), depth: depth + 1)
                    result.replaceSubrange(start.lowerBound..<end.upperBound, with: replacement)
                    searchStart = result.index(start.lowerBound, offsetBy: replacement.count, limitedBy: result.endIndex) ?? result.endIndex
                    replacements += 1
                } else {
                    // Written alike for the pattern matcher: `$(NAME)`.
                    let normal = open + name + close
                    result.replaceSubrange(start.lowerBound..<end.upperBound, with: normal)
                    searchStart = result.index(start.lowerBound, offsetBy: normal.count, limitedBy: result.endIndex) ?? result.endIndex
                }
            }
        }
        return result
    }

    package var includesAllAppIcons: Bool {
        values(of: Self.includeAllKey).contains { ["YES", "TRUE", "1"].contains($0.uppercased()) }
    }
}
