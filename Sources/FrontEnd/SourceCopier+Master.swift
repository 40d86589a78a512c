import AssetCore
import Foundation
import PNGCodec

/// A master read for `init`, within the source budget, never through a link out of its set, and
/// for a PNG never past what its header allows: a sparse 3 GB master is refused, not copied into
/// the sources folder as 3 GB of real data.
extension SourceCopier {
    static func master(_ path: String) throws(Diagnostic) -> Data {
        let shown = CurrentFolder.relative(path)
        let set = PathText.parent(path), catalog = PathText.parent(set)
        if let link = ContainedFile.link(under: catalog, relative: PathText.lastComponent(set) + "/" + PathText.lastComponent(path)) {
            throw .error("the master \"\(shown)\" is reached through \"\(link)\", a symbolic link, which init does not follow out of the catalog",
                         at: .file(shown), fix: "replace the link with the file itself")
        }
        if (BoundedFile.size(path) ?? 0) <= Budgets.standard.sourceBytes, let refusal = PNGDeclaredSize.refusal(path) {
            throw .error("the master \(refusal)", at: .file(shown), fix: "export the master again; nothing was copied")
        }
        switch BoundedFile.read(path, limit: Budgets.standard.sourceBytes) {
        case .success(let data): return data
        case .failure(let failure):
            throw .error("the master \"\(shown)\" " + failure.words(for: "one source file") + "; nothing was copied",
                         at: .file(shown), fix: failure.isTooLarge ? "export a smaller master (1024 px is what an app icon needs)" : "check its permissions")
        }
    }

    /// A catalog image's pixel size for the survey: read through libpng when it is within the
    /// budget and its header explains its size; otherwise taken from its header alone (nothing is
    /// read), so that the set is still chosen and `master` refuses the file with its reason.
    package static func measure(_ path: String) -> PixelSize? {
        if (BoundedFile.size(path) ?? 0) <= Budgets.standard.sourceBytes, PNGDeclaredSize.refusal(path) == nil {
            guard case .success(let data) = BoundedFile.read(path, limit: Budgets.standard.sourceBytes) else { return nil }
            return try? PNGCodec.info(data).size
        }
        return PNGDeclaredSize.dimensions(path).map { PixelSize(width: $0.width, height: $0.height) }
    }
}
