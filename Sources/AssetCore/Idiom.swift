/// The `idiom` of a Contents.json image entry, named once: planners write it, verify accepts it,
/// the survey and the preview read it, the manifest's `tab-bar: idiom` offers two of them.
/// Apple's Asset Catalog Format Reference (ImageSetType, AppIconType, BrandAssetsType: "idiom");
/// `reality` is visionOS's idiom in Xcode 15's betas (other tools still write it).
package enum Idiom: String, CaseIterable, Hashable, Sendable, Codable {
    case universal, iphone, ipad, mac, tv, watch, car, vision, reality
    case iosMarketing = "ios-marketing"
    case watchMarketing = "watch-marketing"
    case tvMarketing = "tv-marketing"
    case macCatalyst = "mac-catalyst"

    /// The device as people write it in file names and messages: `iPhone`, `iPad`; any other
    /// idiom as written (`mac`, `tv`).
    package var deviceName: String {
        switch self {
        case .iphone: "iPhone"
        case .ipad: "iPad"
        default: rawValue
        }
    }

    /// `deviceName` of an idiom as a table or Contents.json writes it, unknown ones as written.
    package static func deviceName(of idiom: String) -> String { Idiom(rawValue: idiom)?.deviceName ?? idiom }

    /// The App Store icon's idioms (`ios-marketing`, `watch-marketing`).
    package var isMarketing: Bool { self == .iosMarketing || self == .watchMarketing }

    /// The platform an idiom alone names (an app icon entry's `mac`, `watch-marketing`…); nil for
    /// an idiom whose platform the entry's `platform` says (`universal`, `iphone`).
    package var platform: Platform? {
        switch self {
        case .mac, .macCatalyst: .macos
        case .watch, .watchMarketing: .watchos
        case .tv: .tvos
        case .vision: .visionos
        default: nil
        }
    }

    /// The idioms a tab bar is laid out for (`tab-bar: idiom`), iPhone first (the default).
    package static let tabBar: [Idiom] = [.iphone, .ipad]
}

/// The `platform` of a Contents.json image entry, and the manifest's `platforms:` of an app icon
/// (the same words). Apple's Asset Catalog Format Reference (AppIconType: "platform"; Xcode 14+
/// single-size sets write `ios`, `watchos`…).
package enum Platform: String, CaseIterable, Hashable, Sendable, Codable {
    case ios, macos, watchos, tvos, visionos

    /// `iOS`, `watchOS`: the platform as people write it.
    package var name: String {
        switch self {
        case .ios: "iOS"
        case .macos: "macOS"
        case .watchos: "watchOS"
        case .tvos: "tvOS"
        case .visionos: "visionOS"
        }
    }

    /// The platforms whose icons are layered image stacks (tvOS brand assets, visionOS).
    package var isStack: Bool { self == .tvos || self == .visionos }

    /// The platform of an app icon entry: its idiom's, else its `platform`'s, else iOS.
    package init(idiom: String?, platform: String?) {
        self = idiom.flatMap(Idiom.init(rawValue:))?.platform ?? platform.flatMap(Platform.init(rawValue:)) ?? .ios
    }
}
