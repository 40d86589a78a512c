import AssetCatalog
import AssetCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where drawn output files wait for the writer once a build holds more than
/// `Budgets.heldOutputBytes` of them: `<output>/.assetsmith/spill-<pid>/`, on the output's file
/// system, so the writer puts each in place with one rename (`SafeFiles.moveIn`). The folder is
/// removed when the build ends; one a killed build left is removed by the next build.
struct SpillFolder: Sendable {
    static let parent = ".assetsmith"
    static let prefix = "spill-"

    let output: SafeFiles
    let relative: String

    /// The spill folder of this process below `outputDirectory`, created; nil when it cannot be
    /// (the drawn files then stay in memory).
    init?(outputDirectory: String) {
        output = SafeFiles(root: outputDirectory)
        relative = Self.parent + "/" + Self.prefix + "\(getpid())"
        guard (try? output.makeDirectory(relative)) != nil else { return nil }
    }

    /// Writes `data` as the file `name` of the folder `group` inside it; its absolute path, or nil
    /// when it could not be written (a full disk: the bytes stay in memory). Callers put at most
    /// some thousand files in a group: one folder of 100,000 files made each create and rename out
    /// of it cost a third of a millisecond of system time (a 50,000-asset build took 50 s longer).
    func keep(_ data: Data, as name: String, in group: String) -> String? {
        let path = relative + "/" + group + "/" + name
        guard (try? output.write(data, to: path)) != nil else { return nil }
        return try? output.resolve(path)
    }

    /// Removes the folder and whatever the writer did not move out of it.
    func remove() {
        if let path = try? output.resolve(relative) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Removes the spill folders of builds that are no longer running below `outputDirectory`.
    static func removeStale(outputDirectory: String) {
        let output = SafeFiles(root: outputDirectory)
        guard let folder = try? output.resolve(parent),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            let alive = kill(pid, 0) == 0 || errno == EPERM
            if !alive { try? FileManager.default.removeItem(atPath: folder + "/" + name) }
        }
    }
}
