import AssetCore
import AssetPlan
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One build at a time per catalog: an exclusive `flock` on `<state>/<catalog>.lock` (`StateFolder`)
/// held from reading the record to writing it, so two builds into one output serialise instead of
/// each deciding from a record the other is rewriting. The lock goes with the process (a killed
/// build never leaves it held).
package final class BuildLock {
    private let descriptor: Int32

    /// Takes the lock, waiting for another build if one holds it (`waiting` is called first then).
    ///
    /// The output folder is checked again here, its links resolved (it may have become a link
    /// into a system folder since the manifest was read, in a watch session): nothing is written,
    /// not even `.assetsmith/`, through such a link.
    package init(plan: Plan, waiting: () -> Void) throws(Diagnostic) {
        let outputDirectory = plan.outputDirectory
        if SystemFolders.isProtected(outputDirectory) {
            throw .error("the output folder \"\(outputDirectory)\" is, or leads through a symbolic link to, a system or home "
                         + "folder (\(SystemFolders.realPath(outputDirectory))); refusing to write a catalog into it",
                         at: .file(outputDirectory), fix: "give a folder of your project, and remove the link").with(.outputFolder)
        }
        let state = StateFolder(plan: plan)
        try state.files.makeRoot()
        let path = try state.files.resolve(state.lockName)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .error("cannot open the build lock: \(String(cString: strerror(errno)))", at: .file(path),
                         fix: "check the output folder's permissions")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
