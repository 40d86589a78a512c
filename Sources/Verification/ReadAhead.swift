import AssetCatalog
import AssetCore
import Foundation
import ImageProbe
import PNGCodec

/// What worker threads read of a window of sets ahead of the catalog check (issue 50): each plain
/// image set's Contents.json parsed, the image files its entries and the plan's jobs name (bytes,
/// type, PNG facts, SHA-256), and the plan's sources. The checks stay on one thread, in catalog
/// order, and ask for these as they did before (`Inspection.data`, `info`…): what was read ahead
/// is taken instead of reading again, so every finding and its order are those of one thread.
///
/// Each value is what the check's own code computes from the same bytes (`Inspection.read`,
/// `PNGCodec.info`, `Digest`): reading ahead changes when a file is read, never what is made of it.
struct ReadAhead: Sendable {
    /// One file inside the catalog as `Inspection.data(_:)` reads it.
    struct File: Sendable {
        /// Whether the file's bytes could be had (`data` is nil when they were but are not kept).
        let readable: Bool
        /// The bytes, kept when at most `keptBytes`; nil when unreadable or larger.
        let data: Data?
        /// The `strerror` text when it could not be read.
        let unreadable: String?
        let format: ImageFormat?
        /// The PNG facts, for a file whose bytes are a PNG.
        let info: Result<PNGInfo, PNGError>?
        /// The bytes' SHA-256, for a file the build record lists.
        let sha: SHA256Digest?

        /// The same file with its bytes not kept (`Inspection.data(_:)` reads them again).
        var withoutData: File {
            File(readable: readable, data: nil, unreadable: unreadable, format: format, info: info, sha: sha)
        }
    }

    /// A source of the plan as the plan check reads it (`BoundedFile.boundedImage`); `read` nil
    /// when it cannot be read.
    struct Source: Sendable {
        let read: (sha: SHA256Digest, pixels: PixelSize?)?
        /// Whether `pixels` was measured (a bitmap source of a job); when not, the check measures.
        let measured: Bool
    }

    /// What one set needs read: its Contents.json when left unread, and which files.
    struct SetTask: Sendable {
        let index: Int
        let set: CatalogSet
        let folder: String
        let readContents: Bool
        /// Files of the set the plan's jobs write, and which of them the build record lists.
        let outputs: [String]
        let recorded: Set<String>
        /// What was read of the set while the manifest was planned (`EarlyReads`), taken instead of reading again.
        let early: EarlyReads.SetRead?
        /// The Contents.json the plan gives the set (its one entry's), taken without a parse when
        /// the file holds the bytes a build writes for it (`ContentsReader.contents(read:expected:)`).
        let expected: JSONValue?
    }

    /// Bytes larger than this are not kept: the check reads them again if it needs them (an app
    /// icon's pixels), so that a window of large icons does not hold them all.
    static let keptBytes = 256 << 10
    /// Sets a window holds at most, and image files.
    static let windowSets = 128
    static let windowFiles = 384

    var contents: [Int: Result<JSONValue, ContentsError>] = [:]
    var files: [String: File] = [:]
    var sources: [String: Source] = [:]

    /// Reads `sets` and `sources` (path → whether to measure it) over the cores.
    static func read(_ sets: [SetTask], sources: [(path: String, measure: Bool)], catalogPath: String) -> ReadAhead {
        let work = sets.map(Work.set) + sources.map { Work.source($0.path, $0.measure) }
        let done = concurrentMap(work) { item -> Done in
            switch item {
            case .set(let task): readSet(task, catalogPath: catalogPath)
            case .source(let path, let measure): .source(path, readSource(path, measure: measure))
            }
        }
        var ahead = ReadAhead()
        for item in done {
            switch item {
            case .set(let index, let contents, let files)?:
                if let contents { ahead.contents[index] = contents }
                for (relative, file) in files { ahead.files[relative] = file }
            case .source(let path, let source)?:
                ahead.sources[path] = source
            case nil:
                break
            }
        }
        return ahead
    }

    private enum Work: Sendable {
        case set(SetTask)
        case source(String, Bool)
    }

    private enum Done: Sendable {
        case set(Int, Result<JSONValue, ContentsError>?, [(String, File)])
        case source(String, Source)
    }

    /// A set's Contents.json when it was left unread, then the files its entries name (that are in
    /// its folder, as the file checks look for them) and its jobs' outputs.
    private static func readSet(_ task: SetTask, catalogPath: String) -> Done {
        var set = task.set
        let contents = task.readContents
            ? ContentsReader.contents(read: task.early?.contents ?? ContentsReader.read(ofSetAt: task.folder),
                                      expected: task.expected.flatMap { value in ContentsJSON.exactData(value).map { (value, $0) } })
            : nil
        if let contents { set.contents = contents }
        var names: [String] = []
        if set.kind != .other {
            let listed = Set(set.files)
            for (_, image) in set.images {
                if let name = image.filename, listed.contains(name) { names.append(set.path + "/" + name) }
            }
        }
        var seen: Set<String> = []
        var files: [(String, File)] = []
        // The set's folder looked at once for a symbolic link above its files (`Inspection.read`).
        var folderChecked: Bool?
        for relative in names + task.outputs where seen.insert(relative).inserted {
            if let file = task.early?.files[relative] {
                files.append((relative, file))
                continue
            }
            let inSet = PathText.parent(relative) == set.path
            if inSet, folderChecked == nil {
                folderChecked = ContainedFile.link(under: catalogPath, relative: set.path) == nil
            }
            files.append((relative, readFile(relative, hash: task.recorded.contains(relative), catalogPath: catalogPath,
                                             folderChecked: inSet && folderChecked == true)))
        }
        return .set(task.index, contents, files)
    }

    static func readFile(_ relative: String, hash: Bool, catalogPath: String, folderChecked: Bool = false) -> File {
        let (data, unreadable) = Inspection.read(relative, catalogPath: catalogPath, folderChecked: folderChecked)
        let format = data.flatMap { ImageFormat(sniffing: $0) }
        let info = format == .png ? data.map { data in Result { () throws(PNGError) -> PNGInfo in try PNGCodec.info(data) } } : nil
        return File(readable: data != nil, data: (data?.count ?? 0) <= keptBytes ? data : nil, unreadable: unreadable,
                    format: format, info: info, sha: hash ? data.map { Digest.sha256Digest($0) } : nil)
    }

    static func readSource(_ path: String, measure: Bool) -> Source {
        let read = BoundedFile.boundedImage(path).map { data in
            (sha: Digest.sha256Digest(data), pixels: measure ? (try? PNGCodec.info(data))?.size : nil)
        }
        return Source(read: read, measured: measure)
    }
}
