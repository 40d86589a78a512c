import AssetCore

/// An Icon Composer `icon.json` read into its levels: the top level, each group and each of its
/// layers, with the properties each gives, the keys Icon Composer writes at that level and the
/// place messages name (`icon.json`, `group 1`, `layer "glyph" of group 1`). Values are left as
/// JSON: the checks (`Inspection+IconBundles`) say what is wrong with them.
struct IconDocument {
    /// One level of the document and its properties (without the lists of the level below).
    struct Level {
        var place: String
        var properties: [String: JSONValue]
        var known: Set<String>
        /// A layer with neither `image-name` nor its specialisations.
        var namesNoImage = false
    }

    /// The top level, then each group followed by its layers, in document order.
    var levels: [Level] = []
    /// The top-level `features` key (actool fails on it).
    var hasFeatures: Bool
    /// `groups` is missing or empty.
    var hasNoGroups: Bool

    typealias Format = IconComposerFormat

    /// nil when the document is not a JSON object.
    init?(_ document: JSONValue) {
        guard case .object(let top) = document else { return nil }
        hasFeatures = top[Format.featuresKey] != nil
        levels.append(Level(place: "icon.json", properties: top.filter { $0.key != Format.TopKey.groups.rawValue && $0.key != Format.featuresKey },
                            known: Format.topKeys))
        let groups = top[Format.TopKey.groups]?.arrayValue ?? []
        hasNoGroups = groups.isEmpty
        for (groupIndex, group) in groups.enumerated() {
            guard case .object(let groupFields) = group else { continue }
            let groupPlace = "group \(groupIndex + 1)"
            levels.append(Level(place: groupPlace, properties: groupFields.filter { $0.key != Format.GroupKey.layers.rawValue }, known: Format.groupKeys))
            for (layerIndex, layer) in (groupFields[Format.GroupKey.layers]?.arrayValue ?? []).enumerated() {
                guard case .object(let layerFields) = layer else { continue }
                let name = layerFields[Format.LayerKey.name]?.stringValue.map { "layer \"\($0)\"" } ?? "layer \(layerIndex + 1)"
                let namesNoImage = layerFields[Format.LayerKey.imageName] == nil && layerFields[Format.LayerKey.imageName.rawValue + Format.specializationSuffix] == nil
                levels.append(Level(place: "\(name) of \(groupPlace)", properties: layerFields, known: Format.layerKeys,
                                    namesNoImage: namesNoImage))
            }
        }
    }
}
