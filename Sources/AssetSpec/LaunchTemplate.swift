import AssetCore

/// A launch image skeleton read from `Templates/Launch/<name>.yml`: the app's first screen with
/// its content removed (HIG rule 19). Every value keeps its line and column in the template file,
/// so a later problem (an override that does not fit) still points into the template.
package struct LaunchTemplate: Hashable, Sendable {
    /// The template's name (file name without extension).
    package var name: String
    /// The file as shown in messages.
    package var file: String
    /// Absolute path of the file.
    package var path: String
    /// Where the template starts (line 1).
    package var location: SourceLocation
    /// Screen background, opaque.
    package var background: Located<RGBAColor>
    package var statusBar: Located<StatusBarStyle>
    package var navigationBar: NavigationBar?
    /// A toolbar or a tab bar at the bottom, or nothing.
    package var bottomBar: BottomBar?
    package var logo: Logo?

    package init(name: String, file: String, path: String, location: SourceLocation, background: Located<RGBAColor>,
                 statusBar: Located<StatusBarStyle>, navigationBar: NavigationBar?, bottomBar: BottomBar?,
                 logo: Logo?) {
        self.name = name
        self.file = file
        self.path = path
        self.location = location
        self.background = background
        self.statusBar = statusBar
        self.navigationBar = navigationBar
        self.bottomBar = bottomBar
        self.logo = logo
    }

    /// HIG rule 22. The content (time, battery) is never drawn, so `default` and `lightContent`
    /// draw alike on iOS 7 and later; the two legacy styles paint the bar black.
    package enum StatusBarStyle: String, Hashable, Sendable, Codable, CaseIterable {
        /// Dark content on the bar below (UIStatusBarStyleDefault / DarkContent).
        case `default` = "default"
        /// Light content (UIStatusBarStyleLightContent).
        case lightContent = "light-content"
        /// iOS 6 and earlier: an opaque black bar (UIStatusBarStyleBlackOpaque).
        case blackOpaque = "black-opaque"
        /// iOS 6 and earlier: black at alpha 0.5 over the screen (UIStatusBarStyleBlackTranslucent).
        case blackTranslucent = "black-translucent"
    }

    /// `navigation-bar:`
    package struct NavigationBar: Hashable, Sendable {
        package var color: Located<RGBAColor>
        /// Adds the iOS 11 large-title area below the bar (where the device class shows one).
        package var largeTitle: Bool
        /// One device pixel under the bar; nil: none.
        package var hairline: RGBAColor?
        package var location: SourceLocation

        package init(color: Located<RGBAColor>, largeTitle: Bool, hairline: RGBAColor?, location: SourceLocation) {
            self.color = color
            self.largeTitle = largeTitle
            self.hairline = hairline
            self.location = location
        }
    }

    /// `toolbar:` or `tab-bar:`
    package struct BottomBar: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable, Codable {
            case toolbar
            case tabBar = "tab-bar"
        }

        package var kind: Kind
        package var color: Located<RGBAColor>
        /// How many items the bar has (1 to 7); glyphs, when given, fill them in order.
        package var items: Located<Int>
        /// Unselected tint of the app's glyphs.
        package var tint: Located<RGBAColor>
        /// One device pixel above the bar; nil: none.
        package var hairline: RGBAColor?
        package var location: SourceLocation

        package init(kind: Kind, color: Located<RGBAColor>, items: Located<Int>, tint: Located<RGBAColor>,
                     hairline: RGBAColor?, location: SourceLocation) {
            self.kind = kind
            self.color = color
            self.items = items
            self.tint = tint
            self.hairline = hairline
            self.location = location
        }
    }

    /// `logo:`: a centred logo. `source` may be left to the manifest (`logo:` of the asset).
    package struct Logo: Hashable, Sendable {
        package var source: SourceFile?
        /// The logo's box in points; the drawing keeps its aspect ratio inside it.
        package var size: Located<PointSize>
        package var location: SourceLocation

        package init(source: SourceFile?, size: Located<PointSize>, location: SourceLocation) {
            self.source = source
            self.size = size
            self.location = location
        }
    }
}
