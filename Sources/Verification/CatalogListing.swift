import AssetCatalog
import Foundation

/// A catalog's sets listed on another thread while the manifest is parsed and planned (issue 50:
/// listing 50,000 set folders took 0.7 s of `verify`, after the plan, while a core stood idle
/// once the build record was read; 0.4 s of it is now done by then). The catalog's path is a guess made before the manifest is
/// parsed (`BuildStamp.guessedPlace`); what was listed serves only a check of the catalog at that
/// path, and `Inspection.loadSets` lists it as before otherwise.
package final class CatalogListing: Sendable {
    /// The catalog's folder, standardized.
    let folder: String
    private let listed: Later<Inspection.Listed?>
    /// The sets' files, read once they are listed until the checks begin.
    let early: EarlyReads

    /// Starts listing the catalog at `path`, on one thread (the parse it overlaps keeps a core),
    /// then reading its sets' files on it (`EarlyReads`).
    package init(catalogAt path: String) {
        folder = Self.standardized(path)
        let listed = Later { Inspection.Listed(catalogAt: path, lanes: 1) }
        self.listed = listed
        early = EarlyReads(catalogAt: path, listed: listed)
    }

    /// The sets listed, once they are, when `path` is the catalog listed; nil otherwise.
    func sets(ofCatalogAt path: String) -> Inspection.Listed?? {
        Self.standardized(path) == folder ? .some(listed.value) : nil
    }

    /// Stops reading the sets' files early, and gives what was read by index in `sets(ofCatalogAt:)`
    /// when `path` is the catalog listed (none otherwise).
    func earlyReads(ofCatalogAt path: String) -> [EarlyReads.SetRead?] {
        let read = early.stop()
        return Self.standardized(path) == folder ? read : []
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
