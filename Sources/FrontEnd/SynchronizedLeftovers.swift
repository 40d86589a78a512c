import AssetCatalog
import AssetCore
import Foundation
import Verification
import XcodeProject

/// `verify --project`: Assetsmith's own files inside a folder one of the project's targets
/// synchronizes (issue 47). Xcode 16 copies every file of a synchronized folder into the product,
/// dot files included (tuist/tuist#11534: a `.gitkeep` in a buildable folder is bundled, two of
/// them fail the build with "Multiple commands produce"), so a `.assetsmith` state folder left
/// there by a build before issue 47 ships inside the app: a warning. What Xcode does with a
/// catalog inside a hidden folder of a synchronized folder (an adoption backup kept there) we
/// have not seen: a note.
package enum SynchronizedLeftovers {
    package static func findings(_ project: ProjectFile) -> [Finding] {
        project.assetsmithLeftovers().map { found in
            let shown = CurrentFolder.relative(found.path)
            let folder = CurrentFolder.relative(found.folder)
            if PathText.lastComponent(found.path) == StateFolder.defaultName {
                return Finding(.warning, .synchronizedCopy, file: shown, asset: nil,
                               message: "is assetsmith's state folder inside \"\(folder)\", a folder the project synchronizes: Xcode copies "
                                   + "every file of a synchronized folder into the app, dot files included (tuist/tuist#11534)",
                               fix: "build once with this assetsmith: it moves its state beside the manifest (or where `state:` says); "
                                   + "then delete what is left of this folder")
            }
            return Finding(.note, .synchronizedCopy, file: shown, asset: nil,
                           message: "is a catalog inside a hidden folder of \"\(folder)\", a folder the project synchronizes; Xcode may "
                               + "copy or compile it into the app as it does every file there (tuist/tuist#11534)",
                           fix: "move it out of the synchronized folder (assetsmith keeps its backups in the state folder beside the manifest)")
        }
    }

    /// `reports` with the findings added to the first (the project's own findings go there).
    package static func adding(to reports: [VerifyReport], project: ProjectFile?) -> [VerifyReport] {
        guard let project, var first = reports.first else { return reports }
        let found = findings(project)
        guard !found.isEmpty else { return reports }
        first.findings = (first.findings + found).sorted(by: Finding.ordered)
        return [first] + reports.dropFirst()
    }
}
