import AssetCore
import AssetSpec
import Foundation

/// What Apple requires of one manifest, read from disk before planning: the requirement table
/// (named by `table:`, or the newest) and the template of each launch image. With it the planner
/// reads no file (`Planner.plan(_:requirements:)`).
package struct Requirements {
    package var table: RequirementTable
    /// Why `table` was chosen when the manifest names none; nil when it names one.
    package var tableChoice: String?
    /// Each launch image's template, by asset name, or why it could not be read.
    package var launchTemplates: [String: Result<LaunchTemplate, ManifestError>]

    package init(table: RequirementTable, tableChoice: String? = nil,
                 launchTemplates: [String: Result<LaunchTemplate, ManifestError>] = [:]) {
        self.table = table
        self.tableChoice = tableChoice
        self.launchTemplates = launchTemplates
    }

    /// Reads the table from `tableDirectories` (searched in order for `<table>.json`) and the
    /// launch templates from `Launch/` beside them (or the manifest's `template-file:`).
    package static func load(for manifest: Manifest, tableDirectories: [String]) throws(PlanError) -> Requirements {
        let name = manifest.table?.value ?? TableLoader.newest(in: tableDirectories) ?? TableLoader.fallbackNewest
        let reference = manifest.table?.location ?? SourceLocation(file: manifest.file, line: 1, column: 1)
        let table: RequirementTable
        switch TableLoader.load(name, from: tableDirectories, reference: reference) {
        case .success(let loaded): table = loaded
        case .failure(let diagnostic): throw PlanError(diagnostics: [diagnostic])
        }
        let launchDirectories = tableDirectories.map {
            (PathText.parent($0) as NSString).appendingPathComponent("Launch")
        }
        var templates: [String: Result<LaunchTemplate, ManifestError>] = [:]
        for asset in manifest.assets {
            guard case .launchImage(let spec) = asset.kind else { continue }
            templates[asset.name] = LaunchTemplateLoader.load(spec.template, path: spec.templatePath,
                                                              directories: launchDirectories)
        }
        return Requirements(table: table,
                            tableChoice: manifest.table == nil ? "newest table (the manifest has no `table:`)" : nil,
                            launchTemplates: templates)
    }

    /// The template of a launch image asset (an error when it was not loaded).
    func launchTemplate(for asset: AssetEntry) -> Result<LaunchTemplate, ManifestError> {
        launchTemplates[asset.name] ?? .failure(ManifestError([.error(
            "the launch template of \"\(asset.name)\" was not read before planning", at: .source(asset.location),
            fix: "internal error, please report")]))
    }
}
