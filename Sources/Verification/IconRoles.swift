import AssetCore
import Foundation
import XcodeProject

/// The role Xcode gives each app icon set of one catalog, learnt from the project's targets that
/// compile it: the primary icon of an app (the App Store icon rules apply), the primary icon of an
/// extension (an action extension's is a template glyph), an alternate (named in the build
/// setting, or shipped because the target includes all app icons), or unused.
package struct IconRoles: Sendable {
    package enum Role: Equatable, Sendable {
        /// `ASSETCATALOG_COMPILER_APPICON_NAME` of `target` in some configuration.
        case primary(target: String, product: ProductType)
        /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` of `target` (`registered`), or any other
        /// set of a target with `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES`.
        case alternate(target: String, registered: Bool)
        /// A primary icon whose Icon Composer `.icon` of the same name the target also builds:
        /// Xcode 26 draws every size from the `.icon`, and the set is not used.
        case shadowed(target: String, bundle: String)
        /// No target ships it.
        case unused
    }

    /// The project as messages show it (`App.xcodeproj`).
    package var project: String
    /// The targets that compile the catalog.
    package var targets: [Target]

    package init(project: String, targets: [Target]) {
        self.project = project
        self.targets = targets
    }

    /// The set's role; an app's role wins over an extension's, a primary over an alternate.
    package func role(of name: String) -> Role {
        var best: (rank: Int, role: Role) = (0, .unused)
        for target in targets {
            var candidate: (Int, Role)?
            if target.appIconNames.contains(where: { Self.matches($0, name) }) {
                if let bundle = target.iconBundles.first(where: {
                    (PathText.lastComponent($0) as NSString).deletingPathExtension == name }) {
                    candidate = (target.productType.isApp ? 5 : 4, .shadowed(target: target.name, bundle: bundle))
                } else {
                    candidate = (target.productType.isApp ? 7 : 6, .primary(target: target.name, product: target.productType))
                }
            } else if target.alternateIconNames.contains(where: { Self.matches($0, name) }) {
                candidate = (3, .alternate(target: target.name, registered: true))
            } else if target.includesAllAppIcons {
                candidate = (2, .alternate(target: target.name, registered: false))
            }
            if let candidate, candidate.0 > best.rank { best = candidate }
        }
        return best.role
    }

    /// Whether a name from a build setting, which may hold variables (`AppIcon${BUNDLE_ID_SUFFIX}`,
    /// set in an xcconfig file this reader does not follow), can be `name`: each variable stands for
    /// any text.
    static func matches(_ setting: String, _ name: String) -> Bool {
        guard setting.contains("$") else { return setting == name }
        let pattern = "^" + setting.split(separator: "$", omittingEmptySubsequences: false).enumerated().map { index, piece in
            var text = String(piece)
            if index > 0 {
                // Drop the variable's name: `(NAME)…` or `{NAME}…`.
                if let open = text.first, open == "(" || open == "{",
                   let close = text.firstIndex(of: open == "(" ? ")" : "}") {
                    text = String(text[text.index(after: close)...])
                }
                return ".*" + NSRegularExpression.escapedPattern(for: text)
            }
            return NSRegularExpression.escapedPattern(for: text)
        }.joined() + "$"
        return name.range(of: pattern, options: .regularExpression) != nil
    }

    /// A setting with a variable in it, which this reader cannot resolve.
    static func isPattern(_ setting: String) -> Bool {
        setting.contains("$(") || setting.contains("${")
    }
}
