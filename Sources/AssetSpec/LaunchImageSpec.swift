import AssetCore

/// `kind: launch-image`: a skeleton template (`Templates/Launch/<name>.yml`) drawn as the app's
/// first screen on every device of the table, plus the modern `UILaunchScreen` pieces.
///
/// Every field but `template` overrides the template's value; the planner merges them and
/// reports an override that names a bar the template does not have.
package struct LaunchImageSpec: Hashable, Sendable {
    /// The template: a name looked up in `Templates/Launch/`, or a `.yml` path.
    package var template: Located<String>
    /// Absolute path when `template` is written as a path (contains `/` or ends in `.yml`/`.yaml`);
    /// nil when it is a name to look up.
    package var templatePath: String?
    /// Screen background (opaque).
    package var background: Located<RGBAColor>?
    /// Status bar style override.
    package var statusBar: Located<LaunchTemplate.StatusBarStyle>?
    /// Navigation bar colour override.
    package var navigationBar: Located<RGBAColor>?
    /// Toolbar colour override.
    package var toolbar: Located<RGBAColor>?
    /// Tab bar colour override.
    package var tabBar: Located<RGBAColor>?
    /// Unselected tint of the bottom bar's glyphs.
    package var glyphTint: Located<RGBAColor>?
    /// The logo drawn in the middle of the screen (SVG); replaces the template's.
    package var logo: SourceFile?
    /// The logo's box in points; replaces the template's.
    package var logoSize: Located<PointSize>?
    /// The app's own glyphs for the bottom bar's items, in order (SVG).
    package var tabGlyphs: Located<[SourceFile]>?

    package init(template: Located<String>, templatePath: String? = nil, background: Located<RGBAColor>? = nil,
                 statusBar: Located<LaunchTemplate.StatusBarStyle>? = nil, navigationBar: Located<RGBAColor>? = nil,
                 toolbar: Located<RGBAColor>? = nil, tabBar: Located<RGBAColor>? = nil,
                 glyphTint: Located<RGBAColor>? = nil, logo: SourceFile? = nil, logoSize: Located<PointSize>? = nil,
                 tabGlyphs: Located<[SourceFile]>? = nil) {
        self.template = template
        self.templatePath = templatePath
        self.background = background
        self.statusBar = statusBar
        self.navigationBar = navigationBar
        self.toolbar = toolbar
        self.tabBar = tabBar
        self.glyphTint = glyphTint
        self.logo = logo
        self.logoSize = logoSize
        self.tabGlyphs = tabGlyphs
    }
}
