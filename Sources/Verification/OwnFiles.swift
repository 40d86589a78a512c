import AssetCatalog
import AssetCore
import AssetPlan

/// The files inside the catalog that Assetsmith generated, held to the strict rules: the files
/// the build record lists and the plan's outputs. Looked up where they already are (the record's
/// table, the plan's jobs by folder) instead of copied into one set: at 50,000 assets the copy was
/// 350,000 paths hashed on one thread before any set was checked (issue 50).
struct OwnFiles: @unchecked Sendable {
    /// The build record's files, by path inside the catalog.
    private var recorded: [String: FileRecord] = [:]
    /// The plan's jobs and their positions by the folder their file goes in (`PlanCheck`).
    private var jobs: [RenderJob] = []
    private var jobsByFolder: [String: [Int]] = [:]
    /// The folders that hold an own file, each folder above it included (`Tabs/Home.imageset`, `Tabs`).
    private(set) var folders: Set<String> = []

    init() {}

    /// The files `recorded` lists (`recordFolders`: their folders, `folders(of:)`) and those `jobs`
    /// write (`jobsByFolder`: their positions by folder).
    init(recorded: [String: FileRecord], recordFolders: Set<String>? = nil,
         jobs: [RenderJob] = [], jobsByFolder: [String: [Int]] = [:]) {
        self.recorded = recorded
        self.jobs = jobs
        self.jobsByFolder = jobsByFolder
        var folders: Set<String> = []
        for folder in (recordFolders ?? Self.folders(of: recorded)).union(jobsByFolder.keys) where !folder.isEmpty {
            Self.insert(folder, into: &folders)
        }
        self.folders = folders
    }

    /// The folders that hold the files `recorded` lists (made on another thread while the plan's
    /// index is: `Verifier`).
    static func folders(of recorded: [String: FileRecord]) -> Set<String> {
        var parents: Set<Substring> = []
        for file in recorded.keys {
            guard let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            parents.insert(file[..<slash])
        }
        return Set(parents.lazy.map(String.init))
    }

    /// `folder` and each folder above it.
    private static func insert(_ folder: String, into folders: inout Set<String>) {
        guard folders.insert(folder).inserted else { return }
        var path = Substring(folder)
        while let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            path = path[..<slash]
            guard folders.insert(String(path)).inserted else { break }
        }
    }

    func contains(_ relative: String) -> Bool {
        recorded[relative] != nil || isPlannedOutput(relative)
    }

    /// Whether a job of the plan writes `relative`.
    func isPlannedOutput(_ relative: String) -> Bool {
        jobsByFolder[PathText.parent(relative)]?.contains { jobs[$0].output == relative } ?? false
    }
}
