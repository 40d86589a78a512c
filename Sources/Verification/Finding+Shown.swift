import AssetCore

extension Finding {
    /// The finding with its file, message and fix passed through `ReportText.visible`.
    var shown: Finding {
        var copy = self
        copy.file = ReportText.visible(file)
        copy.asset = asset.map(ReportText.visible)
        copy.message = ReportText.visible(message)
        copy.fix = ReportText.visible(fix)
        return copy
    }
}
