import AssetSpec

/// The `UILaunchScreen` Info.plist snippet of a launch image (the modern path, iOS 14+): the
/// background colour set, the logo image set, the bars the first screen shows, and the status
/// bar style. XML property list text, keys sorted as Xcode writes them, tab-indented.
enum LaunchScreenPlist {
    /// `colorName`/`imageName` are asset names in the catalog; `bars` are `UINavigationBar`,
    /// `UITabBar`, `UIToolbar` keys to include (each an empty dictionary: system bar appearance).
    static func text(colorName: String, imageName: String?, bars: [String],
                     statusBar: LaunchTemplate.StatusBarStyle) -> String {
        var launch: [(String, String)] = [("UIColorName", "<string>\(escape(colorName))</string>")]
        if let imageName { launch.append(("UIImageName", "<string>\(escape(imageName))</string>")) }
        for bar in bars { launch.append((bar, "<dict/>")) }
        launch.sort { $0.0 < $1.0 }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#,
            "<dict>",
            "\t<key>UILaunchScreen</key>",
            "\t<dict>",
        ]
        for (key, value) in launch {
            lines.append("\t\t<key>\(key)</key>")
            lines.append("\t\t" + value)
        }
        lines += [
            "\t</dict>",
            "\t<key>UIStatusBarStyle</key>",
            "\t<string>\(statusBarStyleName(statusBar))</string>",
            "</dict>",
            "</plist>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The Info.plist `UIStatusBarStyle` value. The iOS 6 black styles are deprecated; their
    /// modern equivalent is light content.
    static func statusBarStyleName(_ style: LaunchTemplate.StatusBarStyle) -> String {
        switch style {
        case .default: "UIStatusBarStyleDefault"
        case .lightContent, .blackOpaque, .blackTranslucent: "UIStatusBarStyleLightContent"
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
