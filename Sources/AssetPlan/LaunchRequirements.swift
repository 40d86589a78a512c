import AssetCore

/// The `launch` section of a requirement table: the legacy `.launchimage` slots of the era and
/// the bar geometry of each device class, so that a new device is a data change.
/// All lengths are points.
package struct LaunchRequirements: Hashable, Sendable, Decodable {
    /// Device class (`iphone`, `iphone-notch`, `ipad` …) → metrics per orientation.
    package var geometry: [String: LaunchGeometry]
    package var slots: [LaunchSlot]
}

/// Bar metrics of one device class in each orientation.
package struct LaunchGeometry: Hashable, Sendable, Decodable {
    package var portrait: BarMetrics
    package var landscape: BarMetrics

    package func metrics(_ orientation: String) -> BarMetrics {
        orientation == "landscape" ? landscape : portrait
    }
}

/// System bar geometry in points for one device class and orientation (HIG rule 21).
package struct BarMetrics: Hashable, Sendable, Decodable {
    /// 0 where the system hides the status bar (iPhone landscape, iOS 8+).
    package var statusBar: Double
    package var navigationBar: Double
    /// Added below the navigation bar for a large title; 0 where none is shown.
    package var largeTitle: Double
    package var toolbar: Double
    /// The tab bar without the home-indicator inset.
    package var tabBar: Double
    /// Home indicator inset below the bottom bar.
    package var bottomInset: Double
    /// Safe-area inset on each side (notched phones in landscape).
    package var sideInset: Double
    /// Tab bar glyph box.
    package var tabGlyph: Double
    /// Toolbar glyph box.
    package var barGlyph: Double
    /// Toolbar leading and trailing margin.
    package var barMargin: Double
    /// Tab item width when items are centred (iPad); 0: items share the width equally (iPhone).
    package var tabItemWidth: Double
    /// Space between centred tab items.
    package var tabItemSpacing: Double

    enum CodingKeys: String, CodingKey {
        case statusBar = "status-bar"
        case navigationBar = "navigation-bar"
        case largeTitle = "large-title"
        case toolbar
        case tabBar = "tab-bar"
        case bottomInset = "bottom-inset"
        case sideInset = "side-inset"
        case tabGlyph = "tab-glyph"
        case barGlyph = "bar-glyph"
        case barMargin = "bar-margin"
        case tabItemWidth = "tab-item-width"
        case tabItemSpacing = "tab-item-spacing"
    }
}

/// One `images` entry of a `.launchimage`, as Xcode writes it, plus what drawing it needs.
package struct LaunchSlot: Hashable, Sendable, Decodable {
    /// What devices use it, for messages and previews.
    package var device: String
    package var idiom: String
    package var subtype: String?
    /// `portrait` or `landscape`.
    package var orientation: String
    package var scale: Scale
    /// `full-screen`, or `to-status-bar` (iOS 5–6 iPad: the image starts below the status bar).
    package var extent: String
    package var minimumSystemVersion: String?
    /// The image size in points, orientation applied (`812x375`).
    package var size: String
    /// Key into `LaunchRequirements.geometry`.
    package var geometry: String

    enum CodingKeys: String, CodingKey {
        case device, idiom, subtype, orientation, scale, extent, size, geometry
        case minimumSystemVersion = "minimum-system-version"
    }

    package var points: PointSize? { PointSize(parsing: size) }
    /// False for `to-status-bar`: the status bar is not part of the image.
    package var includesStatusBar: Bool { extent != "to-status-bar" }
}
