/// The `appearances` of a Contents.json image entry, named once:
/// `{ "appearance" : "luminosity", "value" : "dark" }`. Apple's Asset Catalog Format Reference
/// (ImageSetType and AppIconType: "appearances"; `tinted` from Xcode 16's iOS 18 icons). The
/// manifest's app icon keys `dark:` and `tinted:` are the luminosity values; Icon Composer's
/// `appearance` specialisations use the same three words (`IconComposerFormat.Appearance`).
package enum Appearance: String, CaseIterable, Hashable, Sendable {
    case luminosity, contrast

    /// `luminosity` values: `light` is the default an entry without appearances has.
    package enum Luminosity: String, CaseIterable, Hashable, Sendable, Codable {
        case light, dark, tinted

        /// `Dark`, as file names and headings write it.
        package var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// `contrast` values.
    package enum ContrastLevel: String, CaseIterable, Hashable, Sendable {
        case high
    }

    /// The values this appearance takes, in Xcode's order.
    package var values: [String] {
        switch self {
        case .luminosity: Luminosity.allCases.map(\.rawValue)
        case .contrast: ContrastLevel.allCases.map(\.rawValue)
        }
    }
}
