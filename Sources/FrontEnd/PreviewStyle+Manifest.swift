import AssetSpec
import Preview

extension PreviewStyle {
    /// The mock colours: the manifest's `tab-bar` colours where given, the system's otherwise.
    package init(manifest: Manifest) {
        self.init()
        if let tint = manifest.tabBar?.tint?.value { self.tint = tint }
        if let unselected = manifest.tabBar?.unselectedTint?.value { unselectedTint = unselected }
        if let background = manifest.tabBar?.background?.value { barBackground = background }
    }
}
