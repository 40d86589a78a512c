import AssetPlan
import AssetSpec
import Preview

extension PreviewStyle {
    /// The mock colours: the manifest's `tab-bar` colours where given, the system's otherwise;
    /// the bars from the manifest's requirement table.
    package init(manifest: Manifest) {
        let table = try? Requirements.load(for: manifest, tableDirectories: TemplateLocator.tableDirectories(manifest: manifest)).table
        self.init(bars: table.flatMap(PreviewBars.init(table:)))
        if let tint = manifest.tabBar?.tint?.value { self.tint = tint }
        if let unselected = manifest.tabBar?.unselectedTint?.value { unselectedTint = unselected }
        if let background = manifest.tabBar?.background?.value { barBackground = background }
    }
}
