/// A text file the plan writes next to the catalog, in the output folder: the
/// `<Name>-UILaunchScreen.plist` snippet. Written atomically and recorded like catalog files.
package struct OutputFile: Hashable, Sendable, Codable {
    /// Path relative to the output folder (a plain file name).
    package var path: String
    /// The manifest asset it belongs to.
    package var asset: String
    /// The whole file, UTF-8.
    package var text: String

    package init(path: String, asset: String, text: String) {
        self.path = path
        self.asset = asset
        self.text = text
    }
}
