import Foundation

/// The requirement tables, launch templates and the manifest's schema (this folder) as a SwiftPM
/// resource bundle, which SwiftPM builds beside every executable that links this target: where a
/// binary built in another package (the command plugin's) finds them, with no checkout beside it.
package enum BundledTemplates {
    /// The bundle names SwiftPM gives it: `-tool` for the build of `assetsmith-tool`, the binary a
    /// command plugin runs; `.resources` on Linux, `.bundle` on macOS.
    package static let bundleNames = ["Assetsmith_BundledTemplates", "Assetsmith_BundledTemplates-tool"]
        .flatMap { [$0 + ".resources", $0 + ".bundle"] }

    /// The bundle's folder holding `Tables/`, `Launch/` and `Schema/`, when it is beside the
    /// running executable (a `.bundle` flat or with `Contents/Resources`). `Bundle.module` is not
    /// used: it stops the process when the bundle is missing (an installed binary has
    /// `share/assetsmith` instead).
    package static func directory(besideExecutable executable: String?) -> String? {
        guard let executable else { return nil }
        let folder = (executable as NSString).deletingLastPathComponent
        let candidates = bundleNames.flatMap { [$0, $0 + "/Contents/Resources"] }
        return candidates.map { (folder as NSString).appendingPathComponent($0) }.first { candidate in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate + "/Tables", isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
