import AssetCore
import AssetPlan

/// The bar figures the mocks are drawn with, read from the requirement table rather than typed
/// here: the bar heights of its launch geometry (`launch.geometry`, the `iphone` and `ipad`
/// device classes) and how many tabs a bar shows before "More" (`glyphs.tab-icon.maximum-tabs`).
package struct PreviewBars: Sendable, Hashable {
    /// iPhone portrait (regular): tab bar and navigation bar heights.
    package var phone: BarMetrics
    /// iPhone landscape (compact).
    package var phoneCompact: BarMetrics
    /// iPad portrait.
    package var pad: BarMetrics
    package var phoneTabs: Int
    package var padTabs: Int

    /// nil for a table without the geometry or the tab counts (ios6, whose era has no tab icons).
    package init?(table: RequirementTable) {
        guard let geometry = table.launch?.geometry, let phone = geometry[Idiom.iphone.rawValue],
              let pad = geometry[Idiom.ipad.rawValue], let tabs = table.glyphs?.tabIcon,
              let phoneTabs = tabs.maximumTabs(for: .iphone), let padTabs = tabs.maximumTabs(for: .ipad) else { return nil }
        self.phone = phone.portrait
        self.phoneCompact = phone.landscape
        self.pad = pad.portrait
        self.phoneTabs = phoneTabs
        self.padTabs = padTabs
    }
}
