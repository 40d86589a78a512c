import AssetCore
import Foundation
import Yams

/// Alternate icons, their picker previews, badges and flavours (issue 26).
///
/// They are expanded here into ordinary assets, so that planning, writing, ownership, the build
/// record and verify treat them like any other set: an alternate is an app icon of its own (its
/// mapping read like an asset's, with `background`, `layout`, `platforms`, `macos-style` and
/// `fill` taken from the primary when it does not give them), its preview an image set, and a
/// flavour's copy of an asset is that asset's mapping with the flavour's values written over it.
extension ManifestLoader {
    /// Keys of one item of `alternates:`.
    package static var alternateKeys: [String] { appIconKeys.filter { $0 != "kind" && $0 != "alternates" } }
    /// Keys of one flavour under `flavors:`.
    package static let flavorKeys = ["badge", "alternates", "assets"]
    /// Keys of `badge:`.
    package static let badgeKeys = ["text", "style", "colors"]
    /// Keys of `colors:` in a badge.
    package static let badgeColorKeys = ["fill", "text"]
    /// Keys an alternate takes from its primary when it does not write them: those of a flat icon
    /// (with `source:`) or of a layered one (with `layers:`).
    static let inheritedFlatKeys = ["background", "layout", "platforms", "macos-style"]
    static let inheritedLayeredKeys = ["fill", "platforms", "macos-style"]
    /// The picker preview image set: `<Name>Preview`, this many points a side (at the table's
    /// image scales: 60, 120, 180 px with 1x, 2x, 3x), a settings row shows it at 60 pt and a grid
    /// cell up to 60 pt.
    package static let previewSuffix = "Preview"
    package static let previewSide = 60.0

    struct Variants {
        var assets: [AssetEntry]
        var flavors: [FlavorSpec]
        var retained: Set<String>
    }

    /// An app icon a flavour can badge, with the mapping it was read from.
    typealias BadgeableIcon = (node: Node, entry: AssetEntry, isAlternate: Bool)

    /// The listed assets with badges attached, followed by each app icon's alternates and their
    /// previews, then every flavour's sets (only `flavor`'s when given; the names of the others
    /// are `retained`).
    static func expandVariants(_ listed: [(node: Node, entry: AssetEntry)], top: MappingReader, directory: String,
                               sink: DiagnosticSink, environment: [String: String], flavor: String?,
                               flavorNames: String = FlavorNaming.defaultPattern) -> Variants {
        var (assets, icons) = withAlternates(listed, directory: directory, sink: sink, environment: environment)
        guard let flavorsNode = top.value("flavors") else {
            if let flavor {
                sink.append(.error("flavour \"\(flavor)\" was asked for, but the manifest has no \"flavors\"", at: .file(sink.file),
                                   fix: "add `flavors: {\(flavor): {badge: {text: \(flavor.uppercased())}}}`, or build every flavour"))
            }
            return Variants(assets: assets, flavors: [], retained: [])
        }
        guard case .mapping(let mapping) = flavorsNode else {
            sink.error("\"flavors\" must be a mapping of flavour names to their settings", at: flavorsNode,
                       fix: "write it as `flavors: {Beta: {badge: {text: BETA}}}`")
            return Variants(assets: assets, flavors: [], retained: [])
        }
        var flavors: [FlavorSpec] = []
        var retained: Set<String> = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            guard AssetName.isValid(name), !name.contains(" ") else {
                sink.error("flavour name \"\(name)\" cannot be used in a set name", at: key,
                           fix: "use letters, digits, \"-\" and \"_\" only (the sets are named \"<Name>-\(name)\")")
                continue
            }
            let expanding = flavor == nil || flavor == name
            guard var spec = readFlavor(name, value, keyNode: key, sink: sink,
                                        environment: expanding ? environment : nil) else { continue }
            let (targets, overridden) = flavorTargets(spec, icons: icons, listed: listed, sink: sink)
            for target in targets {
                let flavoredName = FlavorNaming.name(base: target.entry.name, flavor: name, pattern: flavorNames)
                spec.assetNames[target.entry.name] = flavoredName
                guard expanding else {
                    retained.insert(flavoredName)
                    continue
                }
                if let entry = flavoredEntry(target, named: flavoredName, spec: spec, key: key, badgeOverridden: overridden.contains(target.entry.name),
                                             directory: directory, sink: sink, environment: environment) {
                    assets.append(entry)
                }
            }
            flavors.append(spec.flavor)
        }
        if let flavor, !flavors.contains(where: { $0.name == flavor }) {
            let names = flavors.map(\.name)
            let guess = Suggestion.closest(to: flavor, in: names).map { "did you mean \"\($0)\"? " } ?? ""
            sink.append(.error("flavour \"\(flavor)\" was asked for, but the manifest has no flavour of that name", at: .source(sink.location(flavorsNode)),
                               fix: guess + "flavours: " + names.joined(separator: ", ")))
        }
        return Variants(assets: assets, flavors: flavors, retained: retained)
    }

    /// The listed assets with their badges read, then every app icon's alternates and their
    /// previews; with the app icons (listed and alternate) a flavour can badge.
    static func withAlternates(_ listed: [(node: Node, entry: AssetEntry)], directory: String, sink: DiagnosticSink,
                               environment: [String: String]) -> (assets: [AssetEntry], icons: [BadgeableIcon]) {
        var assets: [AssetEntry] = []
        var icons: [BadgeableIcon] = []
        var extra: [AssetEntry] = []
        for (node, entry) in listed {
            var entry = entry
            // The asset's keys were checked when it was read: a key written twice is reported once.
            if entry.isAppIcon, let reader = MappingReader(node, context: "asset \"\(entry.name)\"", sink: sink,
                                                           reportingRepeats: false) {
                entry.badge = readBadge(reader, environment: environment, sink: sink)
                icons.append((node, entry, false))
                for alternate in readAlternates(reader, primary: entry, directory: directory, sink: sink, environment: environment) {
                    icons.append((alternate.node, alternate.entry, true))
                    extra.append(alternate.entry)
                    if let preview = previewEntry(for: alternate.entry) { extra.append(preview) }
                }
            }
            assets.append(entry)
        }
        return (assets + extra, icons)
    }

    /// The assets a flavour makes a set of: its app icons (alternates too with `alternates: true`),
    /// each with the flavour's `assets:` values written over its mapping, plus any other asset
    /// those values name; and the names whose badge the flavour's values change.
    static func flavorTargets(_ spec: FlavorRead, icons: [BadgeableIcon], listed: [(node: Node, entry: AssetEntry)],
                              sink: DiagnosticSink) -> (targets: [(node: Node, entry: AssetEntry)], overridden: Set<String>) {
        var targets = icons.filter { spec.alternates || !$0.isAlternate }.map { (node: $0.node, entry: $0.entry) }
        var overridden: Set<String> = []
        for override in spec.overrides {
            if let index = targets.firstIndex(where: { $0.entry.name == override.name }) {
                targets[index].node = merged(targets[index].node, with: override.pairs)
            } else if let base = (listed.first { $0.entry.name == override.name } ?? icons.first { $0.entry.name == override.name }
                .map { (node: $0.node, entry: $0.entry) }) {
                targets.append((merged(base.node, with: override.pairs), base.entry))
            } else {
                let names = listed.map(\.entry.name) + icons.filter(\.isAlternate).map(\.entry.name)
                let guess = Suggestion.closest(to: override.name, in: names).map { "did you mean \"\($0)\"? " } ?? ""
                sink.error("flavour \"\(spec.name)\" changes asset \"\(override.name)\", which the manifest does not have", at: override.key,
                           fix: guess + "name an asset of `assets:` or an alternate icon")
                continue
            }
            if override.pairs.contains(where: { $0.0.string == "badge" }) { overridden.insert(override.name) }
        }
        return (targets, overridden)
    }

    /// The flavour's set of one target: its mapping renamed (and badged, for an app icon) and read
    /// as an asset, with the badge the flavour, the target's own values or the target gives it.
    static func flavoredEntry(_ target: (node: Node, entry: AssetEntry), named flavoredName: String, spec: FlavorRead, key: Node,
                              badgeOverridden: Bool, directory: String, sink: DiagnosticSink,
                              environment: [String: String]) -> AssetEntry? {
        var pairs = [(Node.scalar(.init("name", .implicit, .any, key.mark)),
                      Node.scalar(.init(flavoredName, .implicit, .any, key.mark)))]
        if let badge = spec.badgeNode, target.entry.isAppIcon {
            pairs.append((Node.scalar(.init("badge", .implicit, .any, key.mark)), badge))
        }
        let node = merged(target.node, with: pairs)
        guard var entry = readAsset(node, directory: directory, sink: sink) else { return nil }
        if let badge = spec.flavor.badge, target.entry.isAppIcon {
            entry.badge = badge
        } else if badgeOverridden,
                  let reader = MappingReader(node, context: "asset \"\(flavoredName)\"", sink: DiagnosticSink(file: sink.file)) {
            entry.badge = readBadge(reader, environment: environment, sink: sink)
        } else {
            entry.badge = target.entry.badge
        }
        if target.entry.isAppIcon { entry.inheritAppearances(from: target.entry) }
        entry.location = sink.location(key)
        entry.variant = .flavor(base: target.entry.name, flavor: spec.name)
        return entry
    }

    // MARK: Alternates

    /// `alternates:` of an app icon: each item read as an app icon of its own.
    private static func readAlternates(_ reader: MappingReader, primary: AssetEntry, directory: String, sink: DiagnosticSink,
                                       environment: [String: String]) -> [(node: Node, entry: AssetEntry)] {
        guard let list = reader.value("alternates") else { return [] }
        guard case .sequence(let items) = list, !items.isEmpty else {
            sink.error("\"alternates\" in \(reader.context) must be a list of icons, each with a name and a source",
                       at: list, fix: "write it as `alternates: [{name: AppIcon-Classic, source: Art/classic.svg}]`")
            return []
        }
        let primaryPairs: [(Node, Node)] = reader.node.mapping.map { $0.map { ($0.key, $0.value) } } ?? []
        var result: [(node: Node, entry: AssetEntry)] = []
        for item in items {
            guard let own = MappingReader(item, context: "an alternate of \(reader.context)", sink: sink) else { continue }
            var context = own
            let name = own.string("name", required: true)
            if let name { context.context = "alternate \"\(name.value)\" of \(reader.context)" }
            // Other unknown keys are reported once, when the alternate is read as an asset.
            for key in ["kind", "alternates"] where own.value(key) != nil {
                sink.error("\"\(key)\" cannot be given in \(context.context)", at: own.place(key),
                           fix: "remove it: an alternate is an app icon of its own, listed once under its primary")
            }
            guard let name else { continue }
            if name.value == primary.name {
                sink.error("alternate \"\(name.value)\" has the name of its primary icon", at: own.place("name"),
                           fix: "give the alternate its own name, such as \"\(primary.name)-Classic\"")
                continue
            }
            // Only the keys an alternate takes from the primary, and only those it did not write.
            let inherited = own.value("layers") != nil ? inheritedLayeredKeys : inheritedFlatKeys
            var pairs: [(Node, Node)] = primaryPairs.filter { pair in
                guard let key = pair.0.string else { return false }
                return key == "kind" || (inherited.contains(key) && own.value(key) == nil)
            }
            pairs += (item.mapping.map { $0.map { ($0.key, $0.value) } } ?? [])
            let node = Node.mapping(.init(pairs, .implicit, .any, item.mapping?.mark))
            guard var entry = readAsset(node, directory: directory, sink: sink),
                  let alternateReader = MappingReader(node, context: "alternate \"\(name.value)\"", sink: DiagnosticSink(file: sink.file))
            else { continue }
            entry.badge = readBadge(alternateReader, environment: environment, sink: sink)
            entry.inheritAppearances(from: primary)
            entry.variant = .alternate(primary: primary.name)
            result.append((node, entry))
        }
        return result
    }

    /// The flat picker preview of an alternate: an image set drawn from the alternate's own master
    /// (or its layers on the fill), opaque, `previewSide` points a side.
    private static func previewEntry(for alternate: AssetEntry) -> AssetEntry? {
        let source: SourceFile, background: RGBAColor, overlays: [SourceFile]
        switch alternate.kind {
        case .appIcon(let spec):
            (source, background, overlays) = (spec.source, spec.background, [])
        case .iconComposer(let spec):
            if let flat = spec.flat {
                (source, background, overlays) = (flat.source, flat.background, [])
            } else {
                guard let bottom = spec.layers.first else { return nil }
                let color: RGBAColor = switch spec.fill {
                case .solid(let color): color
                case .gradient(let top, _): top
                case .automatic: .white
                }
                (source, background, overlays) = (bottom.source, color, spec.layers.dropFirst().map(\.source))
            }
        default:
            return nil
        }
        let spec = ImageSpec(source: source, size: PointSize(width: previewSide, height: previewSide), scales: nil,
                             fit: overlays.isEmpty ? .fill : .contain, background: background)
        var entry = AssetEntry(name: alternate.name + previewSuffix, location: alternate.location, kind: .image(spec))
        entry.variant = .preview(alternate: alternate.name, overlays: overlays)
        return entry
    }

    // MARK: Flavours

    struct FlavorRead {
        var flavor: FlavorSpec
        var badgeNode: Node?
        var overrides: [(name: String, key: Node, pairs: [(Node, Node)])]
        var name: String { flavor.name }
        var alternates: Bool { flavor.alternates }
        var assetNames: [String: String] {
            get { flavor.assetNames }
            set { flavor.assetNames = newValue }
        }
    }

    /// One flavour. `environment` nil: the flavour is not built now, its badge text is not resolved.
    private static func readFlavor(_ name: String, _ node: Node, keyNode: Node, sink: DiagnosticSink,
                                   environment: [String: String]?) -> FlavorRead? {
        guard let reader = MappingReader(node, context: "flavour \"\(name)\"", sink: sink) else { return nil }
        reader.rejectUnknownKeys(allowed: flavorKeys)
        let badge = environment.flatMap { readBadge(reader, environment: $0, sink: sink) }
        if environment == nil, reader.value("badge") != nil {
            // Checked without resolving `${NAME}`, so that an unset variable of another flavour is no error.
            _ = readBadge(reader, environment: nil, sink: sink)
        }
        let alternates = reader.bool("alternates")?.value ?? false
        var overrides: [(name: String, key: Node, pairs: [(Node, Node)])] = []
        if let assetsNode = reader.value("assets") {
            if case .mapping(let mapping) = assetsNode {
                for (key, value) in mapping {
                    let assetName = key.string ?? ""
                    guard case .mapping(let values) = value else {
                        sink.error("\"\(assetName)\" in \"assets\" of flavour \"\(name)\" must be a mapping of the asset's keys to new values",
                                   at: value, fix: "write it as `\(assetName): {source: Art/\(name.lowercased()).svg}`")
                        continue
                    }
                    for (valueKey, _) in values where ["name", "kind"].contains(valueKey.string ?? "") {
                        sink.error("flavour \"\(name)\" cannot change \"\(valueKey.string ?? "")\" of asset \"\(assetName)\"", at: valueKey,
                                   fix: "the flavour's set is named \"\(assetName)-\(name)\"; change other keys only")
                    }
                    overrides.append((assetName, key, values.map { ($0.key, $0.value) }
                        .filter { !["name", "kind"].contains($0.0.string ?? "") }))
                }
            } else {
                sink.error("\"assets\" in flavour \"\(name)\" must be a mapping of asset names to the values the flavour changes",
                           at: assetsNode, fix: "write it as `assets: {AppIcon: {source: Art/beta.svg}}`")
            }
        }
        let spec = FlavorSpec(name: name, location: sink.location(keyNode), badge: badge, alternates: alternates)
        return FlavorRead(flavor: spec, badgeNode: reader.value("badge"), overrides: overrides)
    }

    // MARK: Badges

    /// `badge:` of `reader`'s mapping. `environment` gives `${NAME}`; nil checks the keys only.
    static func readBadge(_ reader: MappingReader, environment: [String: String]?, sink: DiagnosticSink) -> BadgeSpec? {
        guard let node = reader.value("badge") else { return nil }
        guard var badge = MappingReader(node, context: "\"badge\" of \(reader.context)", sink: sink) else { return nil }
        badge.context = "\"badge\" of \(reader.context)"
        badge.rejectUnknownKeys(allowed: badgeKeys)
        let text = badge.string("text", required: true)
        let style = badge.choice("style", from: BadgeStyle.allCases.map(\.rawValue))
        var fill: Located<RGBAColor>?, textColor: Located<RGBAColor>?
        if let colorsNode = badge.value("colors"), let colors = MappingReader(colorsNode, context: "\"colors\" of \(badge.context)", sink: sink) {
            colors.rejectUnknownKeys(allowed: badgeColorKeys)
            fill = colors.color("fill")
            textColor = colors.color("text")
        }
        guard let text, let environment else { return nil }
        guard let resolved = substitute(text, environment: environment, sink: sink),
              badgeTextFits(resolved, text, sink: sink) else { return nil }
        let kind = style.flatMap { BadgeStyle(rawValue: $0.value) } ?? .ribbon
        return BadgeSpec(text: resolved, style: kind, fill: fill?.value ?? kind.defaultFill,
                         textColor: textColor?.value ?? .white, location: sink.location(node))
    }

    /// `text` with every `${NAME}` replaced from `environment`; nil (with an error at the text)
    /// when a variable is not set or the result is empty.
    static func substitute(_ text: Located<String>, environment: [String: String], sink: DiagnosticSink) -> String? {
        var result = ""
        var rest = Substring(text.value)
        var failed = false
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                sink.errorAt("badge text \"\(text.value)\" has \"${\" without a closing \"}\"", text.location,
                             fix: "write a variable as ${MARKETING_VERSION}")
                return nil
            }
            let name = String(rest[start.upperBound..<end])
            let valid = !name.isEmpty && name.unicodeScalars.allSatisfy { $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            if !valid {
                sink.errorAt("badge text \"\(text.value)\" has \"${\(name)}\", which is not a variable name", text.location,
                             fix: "use letters, digits and \"_\", as in ${MARKETING_VERSION}")
                failed = true
            } else if let value = environment[name] {
                result += value
            } else {
                sink.errorAt("badge text \"\(text.value)\" uses ${\(name)}, which is not set in the environment", text.location,
                             fix: "set \(name) (Xcode exports build settings such as MARKETING_VERSION to Run Script phases; in a terminal: \(name)=1.0 assetsmith build), or write the text itself")
                failed = true
            }
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        if failed { return nil }
        if result.trimmingCharacters(in: .whitespaces).isEmpty {
            sink.errorAt("badge text \"\(text.value)\" is empty once its variables are filled in", text.location,
                         fix: "give the variable a value, or write the text itself")
            return nil
        }
        return result
    }

    /// `node`'s mapping with `pairs` written over it (a key given in both takes `pairs`' value).
    static func merged(_ node: Node, with pairs: [(Node, Node)]) -> Node {
        guard case .mapping(let mapping) = node else { return node }
        let replaced = Set(pairs.compactMap { $0.0.string })
        let kept = mapping.filter { !replaced.contains($0.key.string ?? "") }.map { ($0.key, $0.value) }
        return .mapping(.init(kept + pairs, .implicit, .any, mapping.mark))
    }
}

extension AssetEntry {
    /// True for `kind: app-icon` (flat or with layers).
    package var isAppIcon: Bool {
        switch kind {
        case .appIcon, .iconComposer: true
        default: false
        }
    }

    /// The badge of an app icon (nil for other kinds).
    package var badge: BadgeSpec? {
        get {
            switch kind {
            case .appIcon(let spec): spec.badge
            case .iconComposer(let spec): spec.badge
            default: nil
            }
        }
        set {
            switch kind {
            case .appIcon(var spec):
                spec.badge = newValue
                kind = .appIcon(spec)
            case .iconComposer(var spec):
                spec.badge = newValue
                kind = .iconComposer(spec)
            default:
                break
            }
        }
    }

    /// An alternate or flavour set has every slot of the icon it comes from: a flat icon whose
    /// `primary` has a dark appearance gets its own master as dark, and a tinted one a tinted
    /// appearance derived in greyscale, when it names none.
    mutating func inheritAppearances(from primary: AssetEntry) {
        guard case .appIcon(let base) = primary.kind, case .appIcon(var spec) = kind else { return }
        if base.dark != nil, spec.dark == nil { spec.dark = spec.source }
        if base.tinted != nil, spec.tinted == nil { spec.tinted = .derived(spec.source.location) }
        kind = .appIcon(spec)
    }
}
