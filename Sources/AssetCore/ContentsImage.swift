/// One entry of a Contents.json `images` array, by name: planners build entries with it and
/// verify, the preview and `init` read them with it, instead of spelling string keys.
///
/// The entry's fields are kept as written (`fields`): a hand-made file with an unknown key or a
/// value of the wrong type is read, reported and written back unchanged, never lost, and an
/// entry encodes exactly as Xcode writes it (`json`).
package struct ContentsImage: Hashable, Sendable {
    package var fields: [String: JSONValue]

    package init(fields: [String: JSONValue]) {
        self.fields = fields
    }

    /// An entry as the planners write it; nil values are left out.
    package init(filename: String?, idiom: String = Idiom.universal.rawValue, scale: Scale? = nil, size: String? = nil,
                 platform: String? = nil, role: String? = nil, subtype: String? = nil,
                 appearances: [(appearance: String, value: String)] = []) {
        var fields: [String: JSONValue] = [ContentsKey.idiom.rawValue: .string(idiom)]
        if let filename { fields[.filename] = .string(filename) }
        if let scale { fields[.scale] = .string(scale.rawValue) }
        if let size { fields[.size] = .string(size) }
        if let platform { fields[.platform] = .string(platform) }
        if let role { fields[.role] = .string(role) }
        if let subtype { fields[.subtype] = .string(subtype) }
        if !appearances.isEmpty {
            fields[.appearances] = .array(appearances.map {
                .object([ContentsFormat.appearance: .string($0.appearance), ContentsFormat.value: .string($0.value)])
            })
        }
        self.fields = fields
    }

    /// An entry as the planners write it, its idiom typed.
    package init(filename: String?, idiom: Idiom, scale: Scale? = nil) {
        self.init(filename: filename, idiom: idiom.rawValue, scale: scale)
    }

    /// The Contents.json form.
    package var json: JSONValue { .object(fields) }

    package var filename: String? { fields[.filename]?.stringValue }
    package var idiom: String? { fields[.idiom]?.stringValue }
    /// `2x` as written (nil when absent or not a string).
    package var scaleText: String? { fields[.scale]?.stringValue }
    /// The scale, when it is one Assetsmith knows (`1x`, `2x`, `3x`).
    package var scale: Scale? { scaleText.flatMap(Scale.init(rawValue:)) }
    /// `20x20`, `83.5x83.5` as written.
    package var sizeText: String? { fields[.size]?.stringValue }
    package var size: PointSize? { sizeText.flatMap(PointSize.init(parsing:)) }
    package var platform: String? { fields[.platform]?.stringValue }
    package var role: String? { fields[.role]?.stringValue }
    package var subtype: String? { fields[.subtype]?.stringValue }

    /// The `appearances` pairs that are well formed, in order (`luminosity`/`dark`…).
    package var appearances: [(appearance: String, value: String)] {
        (fields[.appearances]?.arrayValue ?? []).compactMap { entry in
            guard let appearance = entry[ContentsFormat.appearance]?.stringValue,
                  let value = entry[ContentsFormat.value]?.stringValue else { return nil }
            return (appearance, value)
        }
    }

    /// The value of the first appearance (`dark`, `tinted`), if any.
    package var appearanceValue: String? { appearances.first?.value }

    /// The entry's `luminosity` appearance (`dark`, `tinted`); nil without one or for a value
    /// Xcode does not write.
    package var luminosity: Appearance.Luminosity? {
        appearances.first { $0.appearance == Appearance.luminosity.rawValue }.flatMap { Appearance.Luminosity(rawValue: $0.value) }
    }
}

extension ContentsImage {
    /// `height-class: compact` (a compact-height variant of a glyph), or nil.
    package var heightClass: String? {
        get { fields[.heightClass]?.stringValue }
        set { fields[.heightClass] = newValue.map(JSONValue.string) }
    }

    /// A control's `resizing` block (cap insets and centre mode), as written.
    package var resizing: JSONValue? {
        get { fields[.resizing] }
        set { fields[.resizing] = newValue }
    }
}

/// The Contents.json of a set that lists images (image set, app icon set, launch image set):
/// its entries, Xcode's `info`, and `properties` when there are any.
package struct ContentsDocument: Hashable, Sendable {
    package var images: [ContentsImage]
    /// `template-rendering-intent`, `preserves-vector-representation`…; left out when empty.
    package var properties: [String: JSONValue]

    package init(images: [ContentsImage], properties: [String: JSONValue] = [:]) {
        self.images = images
        self.properties = properties
    }

    /// `"info" : { "author" : "xcode", "version" : 1 }`, as Xcode writes it.
    package static let info: JSONValue = .object([ContentsFormat.author: .string(ContentsFormat.xcodeAuthor),
                                                   ContentsFormat.version: 1])

    /// The Contents.json form.
    package var json: JSONValue {
        var object: [String: JSONValue] = [ContentsFormat.images: .array(images.map(\.json)), ContentsFormat.info: Self.info]
        if !properties.isEmpty { object[ContentsFormat.properties] = .object(properties) }
        return .object(object)
    }
}
