import AssetCore
import AssetSpec
import Foundation

/// Icon Composer `.icon` bundles: the manifest's layers (bottom to top) become icon.json's
/// groups and layers, listed **top first**, as Icon Composer lists them (its sidebar order; a
/// real bundle whose opaque full-bleed background layer comes last is
/// `Avi0n/MeshCoreOne@3cd0854`, see `Tests/Fixtures/IconComposer/README.md`). Dark and tinted
/// overrides become `…-specializations` arrays whose first entry is the default value, since a
/// plain key next to its specialisations hides them. The team's own flat icons (`source:` beside
/// `layers:`) are planned as `<Name>-Flat.appiconset`.
enum IconBundlePlanner {
    typealias Format = IconComposerFormat

    static func plan(_ asset: AssetEntry, _ spec: IconComposerSpec, table: RequirementTable) -> AssetPlanPart {
        var part = AssetPlanPart()
        if var flat = spec.flat {
            flat.badge = spec.badge
            part = AppIconPlanner.plan(asset, flat, table: table,
                                       setName: spec.writesIconBundle ? asset.name + IconComposerSpec.flatSuffix : asset.name)
        } else if let composed = StackPlanner.composedFlat(asset, spec, table: table) {
            part = composed
            BadgeLayer.badgeFlatJobs(&part, spec.badge)
        }
        let stacks = StackPlanner.plan(asset, spec, table: table)
        part.jobs += stacks.jobs
        part.entries += stacks.entries
        part.diagnostics += stacks.diagnostics
        if !spec.writesIconBundle { return part }
        var files: [String: SourceFile] = [:]
        func imageName(_ file: SourceFile) -> JSONValue {
            let name = PathText.lastComponent(file.path)
            files[name] = file
            return .string(name)
        }

        var document: [String: JSONValue] = [:]
        var badgeFiles: [IconLayerFile] = []
        specialize(&document, Format.TopKey.fill, base: fillValue(spec.fill), dark: spec.dark?.fill.map(fillValue),
                   tinted: spec.tinted?.fill.map(fillValue))
        document[Format.TopKey.groups] = .array(BadgeLayer.group(spec.badge, files: &badgeFiles) + spec.groups.reversed().map { group in
            var object = groupFields(group)
            object[Format.GroupKey.layers] = .array(group.layers.reversed().map { layer in
                var fields = layerFields(layer)
                specialize(&fields, Format.LayerKey.imageName, base: imageName(layer.source),
                           dark: spec.dark?.sources[layer.name].map(imageName),
                           tinted: spec.tinted?.sources[layer.name].map(imageName))
                return .object(fields)
            })
            return .object(object)
        })
        document[Format.TopKey.supportedPlatforms] = Format.everyPlatform

        let layers = files.map { IconLayerFile(name: $0.key, source: Planner.sourceRef($0.value), origin: $0.value.location) }
            + badgeFiles
        part.iconBundles.append(IconBundle(asset: asset.name, folder: FolderKind.iconComposer.folder(asset.name),
                                           document: .object(document), layers: layers))
        return part
    }

    /// A layer's properties but its image: name, glass, opacity, blend mode, fill, position.
    static func layerFields(_ layer: IconLayerSpec) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [Format.LayerKey.name.rawValue: .string(layer.name)]
        if let glass = layer.glass { fields[Format.LayerKey.glass] = .bool(glass) }
        if let opacity = layer.opacity { fields[Format.LayerKey.opacity] = .number(opacity) }
        if let mode = layer.blendMode { fields[Format.LayerKey.blendMode] = .string(mode) }
        if let fill = layer.fill { fields[Format.LayerKey.fill] = fillValue(fill) }
        if layer.scale != nil || layer.offset != nil {
            let offset = layer.offset ?? [0, 0]
            fields[Format.LayerKey.position] = Format.object([Format.PositionKey.scale: .number(layer.scale ?? 1),
                                                              .translationInPoints: .array(offset.map(JSONValue.number))])
        }
        return fields
    }

    /// A group's properties but its layers: shadow, translucency, specular, lighting, blur.
    static func groupFields(_ group: IconGroupSpec) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if group.shadow != nil || group.shadowOpacity != nil {
            object[Format.GroupKey.shadow] = Format.object([Format.ShadowKey.kind: .string(group.shadow ?? Format.ShadowKind.neutral.rawValue),
                                                            .opacity: .number(group.shadowOpacity ?? 0.5)])
        }
        if let translucency = group.translucency {
            object[Format.GroupKey.translucency] = Format.object([Format.TranslucencyKey.enabled: .bool(translucency > 0),
                                                                  .value: .number(translucency)])
        }
        if let specular = group.specular { object[Format.GroupKey.specular] = .bool(specular) }
        if let lighting = group.lighting { object[Format.GroupKey.lighting] = .string(lighting) }
        if let blur = group.blurMaterial { object[Format.GroupKey.blurMaterial] = .number(blur) }
        return object
    }

    /// Sets `key`, or `key-specializations` (default first, then dark, then tinted) when an
    /// appearance overrides it.
    static func specialize<Key: RawRepresentable>(_ object: inout [String: JSONValue], _ typedKey: Key, base: JSONValue?, dark: JSONValue?,
                                                  tinted: JSONValue?) where Key.RawValue == String {
        let key = typedKey.rawValue
        guard dark != nil || tinted != nil else {
            object[key] = base
            return
        }
        var entries: [JSONValue] = []
        typealias Key = IconComposerFormat.SpecializationKey
        if let base { entries.append(.object([Key.value.rawValue: base])) }
        for (appearance, value) in [(IconComposerFormat.Appearance.dark, dark), (.tinted, tinted)] {
            guard let value else { continue }
            entries.append(.object([Key.appearance.rawValue: .string(appearance.rawValue), Key.value.rawValue: value]))
        }
        object[key + IconComposerFormat.specializationSuffix] = .array(entries)
    }

    /// `"automatic"`, `{ "solid" : "srgb:…" }` or `{ "linear-gradient" : [top, bottom], "orientation" : … }`.
    static func fillValue(_ fill: IconFill) -> JSONValue {
        switch fill {
        case .automatic:
            return .string(IconComposerFormat.FillWord.automatic.rawValue)
        case .solid(let color):
            return [IconComposerFormat.FillKind.solid.rawValue: .string(colorString(color))]
        case .gradient(let top, let bottom):
            let orientation = Format.object([Format.OrientationKey.start: Format.object([Format.PointKey.x: .number(0.5), .y: 0]),
                                             .stop: Format.object([Format.PointKey.x: .number(0.5), .y: 1])])
            return [Format.FillKind.linearGradient.rawValue: [.string(colorString(top)), .string(colorString(bottom))],
                    Format.orientationKey: orientation]
        }
    }

    /// `srgb:0.10588,0.24706,0.65882,1.00000`, five decimals as Icon Composer writes them.
    static func colorString(_ color: RGBAColor) -> String {
        IconComposerFormat.ColorSpace.srgb.prefix + [color.red, color.green, color.blue, color.alpha]
            .map { String(format: "%.5f", Double($0) / 255) }.joined(separator: ",")
    }
}
