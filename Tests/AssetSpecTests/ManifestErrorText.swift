import AssetSpec

/// The diagnostics a manifest text gives, as printed (`path:line:col: error: …` and the fix);
/// empty when it is accepted. The one helper behind every suite's `errors(_:)`.
func manifestErrors(_ text: String, file: String = "assetsmith.yml", directory: String) -> [String] {
    do {
        _ = try ManifestLoader.parse(text, file: file, directory: directory)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}
