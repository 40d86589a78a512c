/// What a target builds, from its `productType` (and, for app extensions, the extension point in
/// its Info.plist): the role its app icon plays.
package enum ProductType: Equatable, Hashable, Sendable {
    /// `com.apple.product-type.application` (iOS, macOS, tvOS, visionOS apps and watch-only apps).
    case application
    /// `com.apple.product-type.application.watchapp2` (and the older `watchapp`,
    /// `application.watchapp2-container`).
    case watchApp
    /// `com.apple.product-type.application.on-demand-install-capable`.
    case appClip
    /// `com.apple.product-type.app-extension` and its kinds (`…app-extension.messages`,
    /// `…watchkit2-extension`, `…extensionkit-extension`); `point` is the extension point
    /// (`com.apple.ui-services` for an action extension, `com.apple.widgetkit-extension` for a
    /// widget) when the target's Info.plist says it.
    case appExtension(point: String?)
    /// A Messages sticker pack or iMessage app (`…app-extension.messages-sticker-pack`, `…messages`).
    case messagesExtension
    /// Frameworks, libraries, test bundles, tools: no app icon.
    case other(String)

    init(identifier: String, extensionPoint: String?) {
        switch identifier {
        case "com.apple.product-type.application": self = .application
        case "com.apple.product-type.application.watchapp", "com.apple.product-type.application.watchapp2",
             "com.apple.product-type.application.watchapp2-container":
            self = .watchApp
        case "com.apple.product-type.application.on-demand-install-capable": self = .appClip
        case "com.apple.product-type.app-extension.messages-sticker-pack", "com.apple.product-type.app-extension.messages":
            self = .messagesExtension
        case "com.apple.product-type.app-extension", "com.apple.product-type.extensionkit-extension",
             "com.apple.product-type.watchkit2-extension", "com.apple.product-type.tv-app-extension":
            self = .appExtension(point: extensionPoint)
        default: self = .other(identifier)
        }
    }

    /// An app the App Store sells under its icon (the App Store icon rules apply to its primary icon).
    package var isApp: Bool {
        switch self {
        case .application, .watchApp, .appClip: true
        default: false
        }
    }

    /// An action extension (`com.apple.ui-services`, or `com.apple.services` without a user
    /// interface): Apple asks for a template glyph, transparent around its shape, as its icon.
    package var isActionExtension: Bool {
        self == .appExtension(point: "com.apple.ui-services") || self == .appExtension(point: "com.apple.services")
    }

    /// How messages name it: "app", "watch app", "action extension", "widget extension"…
    package var name: String {
        switch self {
        case .application: "app"
        case .watchApp: "watch app"
        case .appClip: "App Clip"
        case .messagesExtension: "Messages extension"
        case .appExtension(let point):
            switch point {
            case "com.apple.ui-services", "com.apple.services": "action extension"
            case "com.apple.share-services": "share extension"
            case "com.apple.widgetkit-extension", "com.apple.widget-extension": "widget extension"
            case "com.apple.usernotifications.service", "com.apple.usernotifications.content-extension":
                "notification extension"
            case "com.apple.intents-service", "com.apple.intents-ui-service": "intents extension"
            case "com.apple.fileprovider-nonui", "com.apple.fileprovider-ui", "com.apple.fileprovider-actionsui":
                "file provider extension"
            case "com.apple.keyboard-service": "keyboard extension"
            case "com.apple.Safari.web-extension", "com.apple.Safari.extension": "Safari extension"
            case "com.apple.watchkit": "WatchKit extension"
            default: "app extension"
            }
        case .other: "target"
        }
    }
}
