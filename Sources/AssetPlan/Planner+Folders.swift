import AssetCore
import AssetSpec
import Foundation

extension Planner {
    /// Puts one asset's sets and files into its `folder:` (a group folder of the catalog), where
    /// the project keeps them: `AppIcon.appiconset` → `AppIcons/AppIcon.appiconset`.
    static func placed(_ part: AssetPlanPart, in folder: String?) -> AssetPlanPart {
        guard let folder, !folder.isEmpty else { return part }
        var part = part
        part.entries = part.entries.map { entry in
            var entry = entry
            entry.folder = folder + "/" + entry.folder
            return entry
        }
        part.jobs = part.jobs.map { job in
            var job = job
            job.output = folder + "/" + job.output
            return job
        }
        return part
    }

    /// The name a set has in the catalog's one namespace: its folder's last part without the
    /// extension (`AppIcons/Orange.appiconset` → `Orange`), as actool sees it.
    package static func namespaceName(_ folder: String) -> String {
        (PathText.lastComponent(folder) as NSString).deletingPathExtension
    }
}
