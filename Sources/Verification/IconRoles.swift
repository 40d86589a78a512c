import AssetCore
import Foundation
import XcodeProject

/// The role Xcode gives each app icon set of one catalog, learnt from the project's targets that
/// compile it: the primary icon of an app (the App Store icon rules apply), the primary icon of an
/// extension (an action extension's is a template glyph), an alternate (named in the build
/// setting, or shipped because the target includes all app icons), or unused.
package struct IconRoles: Sendable {
    package enum Role: Equatable, Sendable {
        /// `XcodeSetting.appIconName` of `target` in some configuration.
        case primary(target: String, product: ProductType)
        /// `XcodeSetting.alternateAppIconNames` of `target` (`registered`), or any other set of a
        /// target with `XcodeSetting.includeAllAppIconAssets = YES`.
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

    /// When one report is made per catalog of the project: the catalog (absolute path) whose
    /// report carries the findings about the build settings of the targets whose first catalog
    /// it is, so each appears once. Nil: every target's, in this report.
    package var homeCatalog: String?

    package init(project: String, targets: [Target], homeCatalog: String? = nil) {
        self.project = project
        self.targets = targets
        self.homeCatalog = homeCatalog
    }

    /// Whether this report checks the build settings of `target`.
    package func checksNames(of target: Target) -> Bool {
        guard let homeCatalog else { return true }
        return target.catalogs.first == homeCatalog
    }

    /// The set's role; an app's role wins over an extension's, a primary over an alternate.
    package func role(of name: String) -> Role {
        var best: (rank: Int, role: Role) = (0, .unused)
        for target in targets {
            var candidate: (Int, Role)?
            if target.appIconNames.contains(where: { Self.matches($0, name) }) {
                if let bundle = target.iconBundles.first(where: {
                    (PathText.lastComponent($0) as NSString).deletingPathExtension.lowercased() == name.lowercased() }) {
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
    /// set somewhere this reader does not follow), can be `name`: each variable stands for any
    /// text. Letter case does not count: Xcode's asset names are not case-sensitive. Linear in
    /// the lengths (a wildcard match, no regular expression), so a setting of many variables
    /// against many sets costs no more than reading them.
    static func matches(_ setting: String, _ name: String) -> Bool {
        let name = Array(name.lowercased().unicodeScalars)
        guard setting.contains("$") else { return Array(setting.lowercased().unicodeScalars) == name }
        // Literal pieces between variables: `AppIcon$(A)-$(B)` → ["appicon", "-", ""].
        var pieces: [[Unicode.Scalar]] = []
        var rest = Substring(setting.lowercased())
        while let dollar = rest.firstIndex(of: "$") {
            pieces.append(Array(rest[..<dollar].unicodeScalars))
            var after = rest[rest.index(after: dollar)...]
            if let open = after.first, open == "(" || open == "{",
               let close = after.firstIndex(of: open == "(" ? ")" : "}") {
                after = after[after.index(after: close)...]
            }
            rest = after
        }
        pieces.append(Array(rest.unicodeScalars))
        // The first piece is a prefix, the last a suffix, the ones between found leftmost in order.
        guard let first = pieces.first, let last = pieces.last, name.count >= first.count + last.count,
              name.starts(with: first), name.reversed().starts(with: last.reversed()) else { return false }
        var position = first.count
        let end = name.count - last.count
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = find(piece, in: name, from: position, to: end) else { return false }
            position = found + piece.count
        }
        return true
    }

    /// The first index of `piece` in `text[from..<to]`.
    private static func find(_ piece: [Unicode.Scalar], in text: [Unicode.Scalar], from: Int, to: Int) -> Int? {
        guard to - from >= piece.count else { return nil }
        for start in from...(to - piece.count) where text[start] == piece[0] {
            if text[start..<(start + piece.count)].elementsEqual(piece) { return start }
        }
        return nil
    }

    /// A setting with a variable in it, which this reader cannot resolve.
    static func isPattern(_ setting: String) -> Bool {
        setting.contains("$(") || setting.contains("${")
    }
}
