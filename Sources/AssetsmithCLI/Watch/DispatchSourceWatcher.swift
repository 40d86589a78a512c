#if !os(Linux)
import Dispatch
import Foundation

/// macOS (and other BSDs): a Dispatch vnode source per folder. The system says only that a folder
/// changed, so the folder is reported; the incremental build finds out which sources differ.
final class DispatchSourceWatcher: FileWatcher, @unchecked Sendable {
    private let queue = DispatchQueue(label: "assetsmith.watch")
    private var sources: [String: DispatchSourceFileSystemObject] = [:]
    private var onChange: (@Sendable ([String]) -> Void)?

    func start(directories: [String], onChange: @escaping @Sendable ([String]) -> Void) throws {
        self.onChange = onChange
        update(directories: directories)
    }

    func update(directories: [String]) {
        queue.sync {
            let wanted = Set(directories)
            for (folder, source) in sources where !wanted.contains(folder) {
                source.cancel()
                sources[folder] = nil
            }
            for folder in wanted where sources[folder] == nil {
                let descriptor = open(folder, O_EVTONLY)
                guard descriptor >= 0 else { continue }
                let source = DispatchSource.makeFileSystemObjectSource(
                    fileDescriptor: descriptor, eventMask: [.write, .rename, .delete, .extend, .attrib], queue: queue)
                source.setEventHandler { [weak self] in self?.onChange?([folder]) }
                source.setCancelHandler { close(descriptor) }
                source.resume()
                sources[folder] = source
            }
        }
    }
}
#endif
