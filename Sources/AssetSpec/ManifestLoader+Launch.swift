import AssetCore
import Foundation

extension ManifestLoader {
    static let launchImageKeys = ["name", "kind", "adopt", "template", "background", "status-bar", "navigation-bar",
                                  "toolbar", "tab-bar", "glyph-tint", "logo", "logo-size", "tab-glyphs"]

    /// `kind: launch-image`. The template itself is read by the planner, which knows where
    /// templates live; a template written as a path is checked here.
    static func readLaunchImage(_ reader: MappingReader, directory: String, sink: DiagnosticSink) -> AssetKind? {
        let template = reader.string("template", required: true)
        var templatePath: String?
        if let template, LaunchTemplateLoader.isPath(template.value) {
            let path = absolutePath(template.value, relativeTo: directory)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                templatePath = path
            } else {
                sink.error("\"template\" in \(reader.context): file \"\(template.value)\" does not exist",
                           at: reader.place("template"),
                           fix: "check the path (relative to the manifest's folder), or name a template in Templates/Launch")
            }
        }
        let background = reader.color("background")
        if let background, background.value.alpha != 255 {
            sink.error("\"background\" of \(reader.context) must be opaque (launch images have no transparency)",
                       at: reader.place("background"), fix: "drop the alpha digits")
        }
        let style = reader.choice("status-bar", from: LaunchTemplate.StatusBarStyle.allCases.map(\.rawValue))
        let navigationBar = reader.color("navigation-bar")
        let toolbar = reader.color("toolbar")
        let tabBar = reader.color("tab-bar")
        if toolbar != nil, tabBar != nil {
            sink.error("\(reader.context) sets both \"toolbar\" and \"tab-bar\"; a screen has one bottom bar",
                       at: reader.place("tab-bar"), fix: "keep the one the template has")
        }
        let glyphTint = reader.color("glyph-tint")
        let logo = reader.vectorFile("logo", relativeTo: directory)
        let logoSize = reader.pointSize("logo-size")
        let glyphs = reader.vectorFiles("tab-glyphs", relativeTo: directory)
        guard let template, !(LaunchTemplateLoader.isPath(template.value) && templatePath == nil) else { return nil }
        return .launchImage(LaunchImageSpec(
            template: template, templatePath: templatePath,
            background: background?.value.alpha == 255 ? background : nil,
            statusBar: style.flatMap { s in LaunchTemplate.StatusBarStyle(rawValue: s.value).map { Located($0, at: s.location) } },
            navigationBar: navigationBar, toolbar: toolbar, tabBar: tabBar, glyphTint: glyphTint,
            logo: logo, logoSize: logoSize, tabGlyphs: glyphs))
    }
}
