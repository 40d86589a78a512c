import ArgumentParser
import AssetCatalog
import AssetCore
import AssetPlan
import FrontEnd
import Foundation

/// The Run Script phase Xcode runs `assetsmith build --xcode` in, as its environment describes it
/// (issue 47), and the file lists that declare what the phase reads and writes.
///
/// Xcode 15 and later sandbox a script phase by default (`ENABLE_USER_SCRIPT_SANDBOXING = YES`).
/// The profile is written by swiftlang/swift-build (`Sources/SWBTaskConstruction/TaskProducerSandboxing.swift`):
/// reading and writing under `SRCROOT`, `PROJECT_DIR`, `OBJROOT`, `SYMROOT`, `DSTROOT`,
/// `CONFIGURATION_BUILD_DIR`, `CONFIGURATION_TEMP_DIR` (and a few more) are denied; `TEMP_DIR`
/// is allowed but for `DERIVED_FILE_DIR`; `SRCROOT` itself and every parent folder of a declared
/// path may be read (the folder, not what is in it); each declared input may be read and each
/// declared output read and written, *by its exact path* (a declared folder does not cover its
/// files). Everything outside those roots (an install under `/opt/homebrew`) is open.
/// `ShellBasedTaskProducer.swift` there: each `.xcfilelist` line is a path with build settings
/// (`$(SRCROOT)`) expanded, `#` starts a comment, and the script sees `SCRIPT_INPUT_FILE_LIST_n`
/// and `SCRIPT_OUTPUT_FILE_LIST_n` pointing at resolved copies under `TEMP_DIR`, absolute paths
/// one a line, beside `SCRIPT_INPUT_FILE_n` / `SCRIPT_OUTPUT_FILE_n` for single files.
struct XcodePhase {
    /// `SRCROOT` and `PROJECT_DIR`: what the sandbox guards (the build folders hold nothing of ours).
    var guardedRoots: [String]
    /// Every declared input and output (`Declared`: read from the lists when first asked).
    var inputs: Declared
    var outputs: Declared

    /// The paths one kind of list declares: the single files, and the lists' texts, looked
    /// through for a few paths without making a string of every line, and made into a set of
    /// every standardized path only when many are asked about (issue 50: 250,000 lines at 50,000
    /// assets, read by every run of the phase, its no-op too).
    final class Declared: @unchecked Sendable {
        private let files: [String]
        private let texts: [String]
        private var set: Set<String>?

        init(files: [String], texts: [String]) {
            self.files = files.map(XcodePhase.standard)
            self.texts = texts
        }

        /// Every declared path, absolute and standardized.
        var all: Set<String> {
            if let set { return set }
            var paths = Set(files)
            paths.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count / 64 })
            eachLine { paths.insert(XcodePhase.standard(String($0))) }
            set = paths
            return paths
        }

        /// Those of `wanted` (standardized) that are declared, found in one pass over the lists'
        /// bytes: each line hashed as it is scanned and compared only with a wanted path of the
        /// same hash, no string made of it (a line not in standard form is made standard and looked
        /// up as a string: Xcode writes them standard).
        func found(among wanted: Set<String>) -> Set<String> {
            if let set { return wanted.intersection(set) }
            var found = wanted.intersection(files)
            let table = ByteTable(wanted)
            // First the lines as they are, by length (a line is compared only when it is as long as
            // a path asked about): when every path is found so, no line need be looked at closer.
            let quick = found.union(exactLines(table))
            if quick.count == wanted.count { return quick }
            for text in texts {
                var text = text
                text.withUTF8 { bytes in
                    var start = 0
                    while start < bytes.count {
                        var end = start
                        var hash = ByteTable.seed
                        var standard = bytes[start] == UInt8(ascii: "/")
                        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
                        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                            let byte = bytes[end]
                            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/")
                                || (previous == UInt8(ascii: ".") && beforePrevious == UInt8(ascii: "/")) { standard = false }
                            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { standard = false }
                            hash = ByteTable.mix(hash, byte)
                            (beforePrevious, previous) = (previous, byte)
                            end += 1
                        }
                        if previous == UInt8(ascii: "/") || (previous == UInt8(ascii: ".") && beforePrevious == UInt8(ascii: "/")) {
                            standard = false
                        }
                        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        if standard, let path = table.find(line, hash: hash) {
                            found.insert(path)
                        } else if !standard, !line.isEmpty, line.first != UInt8(ascii: "#") {
                            var path = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                            if !path.isEmpty, !path.hasPrefix("#") {
                                path = XcodePhase.standard(path)
                                if wanted.contains(path) { found.insert(path) }
                            }
                        }
                        start = end + 1
                    }
                }
            }
            return found
        }

        /// The paths of `table` that are lines of the lists exactly as written, each line's end
        /// found with `memchr` and its bytes compared only when its length is one of theirs.
        private func exactLines(_ table: ByteTable) -> Set<String> {
            var found: Set<String> = []
            for text in texts {
                var text = text
                text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress else { return }
                    var start = 0
                    while start < bytes.count {
                        var end = bytes.count
                        if let feed = memchr(base + start, 10, bytes.count - start) {
                            end = UnsafeRawPointer(feed) - UnsafeRawPointer(base)
                        }
                        if table.lengths.contains(end - start) {
                            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                            if let path = table.find(line, hash: line.reduce(ByteTable.seed, ByteTable.mix)) { found.insert(path) }
                        }
                        start = end + 1
                    }
                }
            }
            return found
        }

        /// Each path line of the lists (comments and empty lines skipped, blanks trimmed).
        private func eachLine(_ body: (Substring) -> Void) {
            for text in texts {
                for bytes in text.utf8.split(separator: UInt8(ascii: "\n")) {
                    var line = Substring(bytes)
                    if line.utf8.first.map(XcodePhase.isBlank) == true || line.utf8.last.map(XcodePhase.isBlank) == true {
                        line = Substring(line.trimmingCharacters(in: .whitespacesAndNewlines))
                    }
                    if !line.isEmpty, !line.hasPrefix("#") { body(line) }
                }
            }
        }
    }

    /// The phase this process runs in, from `environment`; nil when it is not an Xcode script
    /// phase (no `SCRIPT_INPUT_FILE_COUNT` / `SCRIPT_OUTPUT_FILE_COUNT`), or a resolved list cannot be read.
    static func current(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> XcodePhase? {
        guard environment["SCRIPT_INPUT_FILE_COUNT"] != nil || environment["SCRIPT_OUTPUT_FILE_COUNT"] != nil,
              let source = environment["SRCROOT"], source.hasPrefix("/") else { return nil }
        func declared(_ kind: String) -> Declared? {
            let files = (0..<(Int(environment["SCRIPT_\(kind)_FILE_COUNT"] ?? "") ?? 0)).compactMap {
                environment["SCRIPT_\(kind)_FILE_\($0)"]
            }
            var texts: [String] = []
            for index in 0..<(Int(environment["SCRIPT_\(kind)_FILE_LIST_COUNT"] ?? "") ?? 0) {
                guard let list = environment["SCRIPT_\(kind)_FILE_LIST_\(index)"],
                      case .success(let data) = BoundedFile.read(list, limit: 256 << 20) else { return nil }
                texts.append(String(decoding: data, as: UTF8.self))
            }
            return Declared(files: files, texts: texts)
        }
        guard let inputs = declared("INPUT"), let outputs = declared("OUTPUT") else { return nil }
        let roots = [source, environment["PROJECT_DIR"]].compactMap { $0 }.filter { $0.hasPrefix("/") }.map(standard)
        return XcodePhase(guardedRoots: Array(Set(roots)).sorted(), inputs: inputs, outputs: outputs)
    }

    fileprivate static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// `path` absolute, with no empty or `.` component and no trailing slash; a path that already
    /// is so is taken as it is.
    fileprivate static func standard(_ path: String) -> String {
        if isStandard(path) { return path }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }

    /// True when the sandbox lets the phase read `path`: outside the guarded roots, or declared.
    fileprivate static func isStandard(_ path: some StringProtocol) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard path.utf8.first == slash, path.utf8.count > 1 else { return false }
        for byte in path.utf8 {
            if byte == slash, previous == slash || (previous == dot && beforePrevious == slash) { return false }
            (beforePrevious, previous) = (previous, byte)
        }
        return previous != slash && !(previous == dot && beforePrevious == slash)
    }

    func mayRead(_ path: String) -> Bool {
        let path = Self.standard(path)
        return !isGuarded(path) || inputs.all.contains(path) || outputs.all.contains(path)
    }

    /// True when the sandbox lets the phase write `path`: outside the guarded roots, or a declared output.
    func mayWrite(_ path: String) -> Bool {
        let path = Self.standard(path)
        return !isGuarded(path) || outputs.all.contains(path)
    }

    private func isGuarded(_ path: String) -> Bool {
        guardedRoots.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// The paths the phase would read or write that it does not declare, reads first; empty when
    /// the lists cover the build.
    /// The paths of `reads` and `writes` the phase may not read or write. Up to 4,096 are looked for
    /// in one pass over the lists (a no-op asks about the manifest and the state files, an edit's
    /// build about its few sets); more make the lists a set.
    func undeclared(reads: [String], writes: [String]) -> [String] {
        guard reads.count + writes.count <= 4096 else { return reads.filter { !mayRead($0) } + writes.filter { !mayWrite($0) } }
        let guardedReads = Set(reads.map(Self.standard).filter(isGuarded))
        let guardedWrites = Set(writes.map(Self.standard).filter(isGuarded))
        // Reads are looked for among the inputs first; the outputs (the long list) are looked
        // through once, for the writes and the reads not found, and not at all when there are none.
        let inInputs = guardedReads.isEmpty ? [] : inputs.found(among: guardedReads)
        let rest = guardedReads.subtracting(inInputs).union(guardedWrites)
        let writable = rest.isEmpty ? [] : outputs.found(among: rest)
        let readable = inInputs.union(writable)
        func refused(_ path: String, _ allowed: Set<String>) -> Bool {
            let path = Self.standard(path)
            return isGuarded(path) && !allowed.contains(path)
        }
        return reads.filter { refused($0, readable) } + writes.filter { refused($0, writable) }
    }
}

/// The two `.xcfilelist` files of the phase: what `assetsmith xcode` writes and every terminal
/// build keeps current, with paths relative to `$(SRCROOT)` so that they hold no one machine's
/// paths (issue 54) and can be committed.
struct XcodeFileLists {
    /// The lists beside the manifest, named after it (`assetsmith-inputs.xcfilelist` for
    /// `assetsmith.yml`, `widget-inputs.xcfilelist` for `widget.yml`: two manifests of one folder,
    /// an app's and its widget's, each have their own).
    static func paths(manifestPath: String) -> (inputs: String, outputs: String) {
        let stem = (PathText.lastComponent(manifestPath) as NSString).deletingPathExtension
        let beside = PathText.parent(manifestPath) + "/" + stem
        return (beside + "-inputs.xcfilelist", beside + "-outputs.xcfilelist")
    }

    var inputs: [String]
    var outputs: [String]

    /// What a build of `plan` reads under the project (the manifest, every source and pattern
    /// folder, and templates beside the manifest; not the requirement tables of the installed tool,
    /// which sit outside the sandbox's roots and at another path on every Mac) and writes (every generated file, every folder it may create from the
    /// output folder down, the files `record` lists that it may remove, and the state files).
    /// `recordFiles`: the files the record lists, for an edit's build, whose plan is a few assets.
    init(files: BuildFiles, plan: Plan, record: BuildRecord?, templateDirectories: [String], manifestPath: String,
         recordFiles: Int? = nil) {
        let project = PathText.parent(manifestPath) + "/"
        let tool = templateDirectories.map { ($0 as NSString).standardizingPath }.filter { !$0.hasPrefix(project) }
        func isTool(_ path: String) -> Bool { tool.contains { path == $0 || path.hasPrefix($0 + "/") } }
        inputs = BuildFiles.sortedOnce((files.inputs + files.folders).filter { !isTool($0) })
        let catalog = plan.outputDirectory + "/" + plan.catalogFolder
        var outputs = BuildFiles.outputs(of: plan)
        outputs += (record?.files.keys).map { $0.map { catalog + "/" + $0 } } ?? []
        outputs += (record?.outputFiles?.keys).map { $0.map { plan.outputDirectory + "/" + $0 } } ?? []
        var folders: Set<String> = [plan.outputDirectory]
        for path in outputs {
            var folder = PathText.parent(path)
            while folder.count > plan.outputDirectory.count, folders.insert(folder).inserted {
                folder = PathText.parent(folder)
            }
        }
        outputs += folders
        outputs += StateFolder(plan: plan).declaredFiles(for: plan, recordFiles: recordFiles)
        self.outputs = BuildFiles.sortedOnce(outputs)
    }

    /// `SRCROOT` seen from a terminal: the folder of the manifest's `project:`, else of the
    /// nearest `.xcodeproj` at or above the manifest's folder, else the manifest's folder.
    static func sourceRoot(manifestDirectory: String, project: String?) -> String {
        if let source = ProcessInfo.processInfo.environment["SRCROOT"], source.hasPrefix("/") { return source }
        if let project { return PathText.parent(project) }
        var folder = manifestDirectory
        while !folder.isEmpty, folder != "/" {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") }) { return folder }
            folder = PathText.parent(folder)
        }
        return manifestDirectory
    }

    /// `path` as a file-list line: `$(SRCROOT)/…` (with `..` steps when it is beside the project).
    static func line(_ path: String, sourceRoot: String) -> String {
        let from = sourceRoot.split(separator: "/"), to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        guard common > 0 else { return path }
        let steps = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return (["$(SRCROOT)"] + steps).joined(separator: "/")
    }

    /// The text of a list: a comment saying where it comes from, then one line a path, sorted.
    static func text(_ paths: [String], sourceRoot: String) -> String {
        "# Written by assetsmith (`assetsmith xcode`, and every build from a terminal): do not edit.\n"
            + paths.map { line($0, sourceRoot: sourceRoot) }.sorted().joined(separator: "\n") + "\n"
    }
}

/// `build --xcode`'s checks, made before the build reads or writes anything the sandbox guards.
enum XcodeCheck {
    /// The phase this process runs in, with the manifest and the state files declared; otherwise
    /// the problem is printed and the build stops (exit 2) before it touches anything.
    static func phase(manifestPath: String, printer: DiagnosticPrinter) throws -> XcodePhase {
        guard let phase = XcodePhase.current() else {
            printer.print([.error("--xcode runs inside an Xcode Run Script phase, and this process has none of its variables (SRCROOT, SCRIPT_INPUT_FILE_COUNT)",
                                  fix: "run `assetsmith xcode` in a terminal: it builds, writes the phase's file lists and prints the phase to add; "
                                      + "from a terminal, run `assetsmith build` without --xcode")])
            throw ExitCode(2)
        }
        // The manifest first: the state folder's place is read from it.
        try stop(phase.undeclared(reads: [manifestPath], writes: []), manifestPath: manifestPath, printer: printer)
        if let place = BuildStamp.guessedPlace(manifestPath: manifestPath, outputOverride: nil) {
            let state = BuildStamp.guessedState(manifestPath: manifestPath, text: place.text, catalogFolder: place.catalogFolder)
            try stop(phase.undeclared(reads: [], writes: state.declaredFiles), manifestPath: manifestPath, printer: printer)
        }
        return phase
    }

    /// Stops the build when the phase's lists do not cover what a build of `plan` reads and
    /// writes (an asset added to the manifest since `assetsmith xcode` or the last terminal build).
    static func covers(_ phase: XcodePhase, files: BuildFiles, plan: Plan, templateDirectories: [String],
                       manifestPath: String, recordFiles: Int? = nil, printer: DiagnosticPrinter) throws {
        let lists = XcodeFileLists(files: files, plan: plan, record: nil, templateDirectories: templateDirectories,
                                   manifestPath: manifestPath, recordFiles: recordFiles)
        try stop(phase.undeclared(reads: lists.inputs, writes: lists.outputs), manifestPath: manifestPath, printer: printer)
    }

    private static func stop(_ undeclared: [String], manifestPath: String, printer: DiagnosticPrinter) throws {
        guard let first = undeclared.first else { return }
        let more = undeclared.count > 1 ? " and \(undeclared.count - 1) more path\(undeclared.count == 2 ? "" : "s")" : ""
        printer.print([.error("the Run Script phase does not declare \"\(CurrentFolder.relative(first))\"\(more) that this build reads or writes; "
                              + "with user script sandboxing on, Xcode would stop the build there, so nothing was read or written",
                              at: .file(CurrentFolder.relative(manifestPath)),
                              fix: "run `assetsmith xcode --manifest \(CurrentFolder.relative(manifestPath))` (it builds, and rewrites "
                                  + "\(PathText.lastComponent(XcodeFileLists.paths(manifestPath: manifestPath).inputs)) and "
                                  + "\(PathText.lastComponent(XcodeFileLists.paths(manifestPath: manifestPath).outputs)), which Xcode reads "
                                  + "before the phase runs), then build again; "
                                  + "any `assetsmith build` or `watch` from a terminal keeps them current")])
        throw ExitCode(2)
    }
}

/// A few paths by the FNV-1a hash of their bytes, looked up by a line's bytes and hash without
/// making a string of it (`XcodePhase.Declared.found`).
struct ByteTable {
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }

    private var byHash: [UInt64: [(bytes: [UInt8], path: String)]] = [:]
    /// The byte lengths of the paths.
    private(set) var lengths: Set<Int> = []

    init(_ paths: Set<String>) {
        for path in paths {
            lengths.insert(path.utf8.count)
            let bytes = Array(path.utf8)
            byHash[bytes.reduce(Self.seed, Self.mix), default: []].append((bytes, path))
        }
    }

    func find(_ line: UnsafeBufferPointer<UInt8>, hash: UInt64) -> String? {
        byHash[hash]?.first { $0.bytes.elementsEqual(line) }?.path
    }
}
