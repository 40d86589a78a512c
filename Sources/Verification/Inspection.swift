import AssetCatalog
import AssetPlan
import AssetCore
import Foundation
import ImageProbe
import PNGCodec
import XcodeProject

/// The state of one verify run: the catalog's sets as read from disk, the bytes and PNG facts of
/// the set in flight (`FolderFiles`), and the findings so far. The checks live in `Inspection+*.swift`.
final class Inspection {
    /// Absolute (or working-directory relative) path of the `.xcassets` folder.
    let catalogPath: String
    /// The catalog as messages show it.
    let display: String
    /// Every set of the catalog, sorted by path. The Contents.json of a plain image set (not in a
    /// container) is read at its turn in the catalog check and kept whole afterwards only when a
    /// check across sets needs it (`bringIn`, `putAway`; issue 38).
    private(set) var sets: [CatalogSet] = []
    /// Positions in `sets` by path inside the catalog: a lookup per file, not a scan (50,000 sets).
    private var setsByPath: [String: Int] = [:]
    private(set) var findings: [Finding] = []
    /// Positions in `sets` of the plain image sets (`isPlainImageSet`), decided once each.
    private(set) var plainImageSets: Set<Int> = []
    /// What was read of the sets in the window the catalog check is in (`ReadAhead`).
    var ahead = ReadAhead()
    /// The sets' files read while the manifest was planned, by index in `sets` (`EarlyReads`);
    /// let go once the catalog check is done.
    var early: [EarlyReads.SetRead?] = []
    /// Files (inside the catalog) whose pixel size the plan checked, as the checks go (`sizeChecked(byPlan:)`).
    var sizeCheckedByPlan: Set<String> = []
    /// Set once every shard is done: the plan check has sized every output of the plan (every job
    /// is checked, its set there or not), so the checks across sets ask the plan's index instead of
    /// a union of 150,000 paths made on one thread (issue 50).
    var planSizedAll = false
    /// Files whose size the plan check found wrong (reported once); an app icon the plan found
    /// right is still checked against its Contents.json's size × scale, so that a wrong plan
    /// (an iPad @1x slot planned at @2x) is caught too.
    var sizeReportedByPlan: Set<String> = []
    /// Files (inside the catalog) of image stacks and Top Shelf sets, whose sizes the stack checks
    /// know from the brand assets; the scale check of image sets skips them.
    var sizeCheckedByStacks: Set<String> = []
    /// Files (inside the catalog) already reported missing, so no check reports them twice.
    var reportedMissing: Set<String> = []
    /// Sets already given their colour-profile note (one per set, not one per PNG).
    var notedProfiles: Set<String> = []
    /// Files (inside the catalog) that are Git LFS pointers, reported once for the catalog.
    var lfsPointers: [String] = []
    /// Image files looked at (by this inspection; the shards' are in `checkedByShards`).
    var checkedFiles: Set<String> = []
    /// The image files the shards of the catalog check looked at (`checkCatalog`), joined on another thread.
    var checkedByShards: Later<Set<String>>?

    /// How many image files were looked at, by the shards and here, each once.
    var checkedFileCount: Int {
        guard let shards = checkedByShards?.value else { return checkedFiles.count }
        return shards.count + checkedFiles.lazy.filter { !shards.contains($0) }.count
    }
    /// Icon Composer `.icon` bundles checked, and the layer files in them.
    var checkedBundles = 0
    var checkedBundleFiles = 0
    /// The set name actool takes as the primary app icon (`--app-icon`, like actool's option); the
    /// App Store icon rules apply to it. Our own sets are held to them whatever their name.
    var appIconName = "AppIcon"
    /// The roles the Xcode project gives the catalog's app icon sets (`verify --project`); nil when
    /// there is no project and roles are guessed from `appIconName`.
    var roles: IconRoles?
    /// Brand-asset roles, stack layer counts and sizes from the requirement table; nil: not checked.
    var stackRules: StackRules?
    /// Files (inside the catalog) that assetsmith generated: from the plan, or from the build record
    /// beside a catalog given with `--catalog`. They are held to the strict rules.
    var ownFiles = OwnFiles()
    private var seenFindings: Set<Finding> = []
    /// The files of the folder checks are looking at, read once each; forgotten when a check
    /// turns to another folder (issue 38).
    private var inFlight = FolderFiles(folder: "")
    /// Build keys of the plan's jobs, their shared parameters encoded once (issue 38).
    let keyEncoder = BuildKey.KeyEncoder()

    init(catalogPath: String, display: String) {
        self.catalogPath = catalogPath
        self.display = display.hasSuffix("/") ? String(display.dropLast()) : display
    }

    /// The plan's sources read so far, by path (one source may feed the jobs of many sets).
    var sourceFacts: [String: SourceFacts?] = [:]
    /// The fewest sets a shard of the catalog check holds (`shards(of:least:)`).
    var leastShardSets = Inspection.shardSets

    /// A shard of `parent`'s catalog check (`checkCatalog`, issue 50): the sets `range` of the
    /// parent (at 0… here), with the parent's settings and what its checks before the sets noted.
    /// Each set's checks touch only that set's files, so shards run on several threads; `merge`
    /// takes a shard's findings back in catalog order. Made on the shard's thread: the parent is
    /// only read until every shard is done.
    init(shardOf parent: Inspection, range: Range<Int>) {
        catalogPath = parent.catalogPath
        display = parent.display
        sets = Array(parent.sets[range])
        setsByPath = Dictionary(sets.indices.map { (sets[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
        plainImageSets = Set(range.lazy.filter { parent.plainImageSets.contains($0) }.map { $0 - range.lowerBound })
        appIconName = parent.appIconName
        roles = parent.roles
        stackRules = parent.stackRules
        ownFiles = parent.ownFiles
        sizeCheckedByStacks = parent.sizeCheckedByStacks
        reportedMissing = parent.reportedMissing
        early = Array(parent.early[range.clamped(to: parent.early.indices)])
    }

    /// Takes in what `shard` (made for `range`) found: its findings after this one's, each once,
    /// in the order the shard found them; its sets as their turn left them; what its checks noted.
    func merge(_ shard: Inspection, range: Range<Int>) {
        for finding in shard.findings where seenFindings.insert(finding).inserted { findings.append(finding) }
        sets.replaceSubrange(range, with: shard.sets)
        sizeReportedByPlan.formUnion(shard.sizeReportedByPlan)
        reportedMissing.formUnion(shard.reportedMissing)
        notedProfiles.formUnion(shard.notedProfiles)
        lfsPointers += shard.lfsPointers
    }

    /// Whether the plan check sized the file (the catalog check skips it).
    func sizeChecked(byPlan relative: String) -> Bool {
        planSizedAll ? ownFiles.isPlannedOutput(relative) : sizeCheckedByPlan.contains(relative)
    }

    /// Lets go of the sets' positions by path (a shard's, once its checks are done).
    func forgetPositions() {
        setsByPath = [:]
    }

    /// Reads every set; false when the catalog folder does not exist.
    /// `listing`: the catalog's sets listed while the manifest was parsed, taken when they are
    /// this catalog's.
    func loadSets(listing: CatalogListing? = nil) -> Bool {
        guard let found = listing?.sets(ofCatalogAt: catalogPath) ?? Listed(catalogAt: catalogPath, lanes: nil) else { return false }
        sets = found.sets
        setsByPath = found.byPath
        plainImageSets = found.plainImageSets
        return true
    }

    /// A catalog's sets as `loadSets` keeps them, with their positions by path and the plain image sets'.
    struct Listed: Sendable {
        let sets: [CatalogSet]
        let byPath: [String: Int]
        let plainImageSets: Set<Int>

        /// nil when `catalogPath` is not a folder. `lanes`: threads to list on (nil: one per core).
        init?(catalogAt catalogPath: String, lanes: Int?) {
            guard let sets = ContentsReader.sets(inCatalogAt: catalogPath, lanes: lanes, deferring: Inspection.isPlainImageSet) else { return nil }
            self.sets = sets
            byPath = Dictionary(sets.indices.map { (sets[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
            plainImageSets = Set(sets.indices.filter { Inspection.isPlainImageSet(sets[$0].path) })
        }
    }

    /// An image set that is not inside a container set (a stack, brand assets, a sticker pack…):
    /// the checks across sets ask of it only whether its Contents.json parsed and its properties.
    static func isPlainImageSet(_ path: String) -> Bool {
        let parts = path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init)
        return CatalogSet.Kind(folderExtension: PathText.fileExtension(parts.last.map(String.init) ?? "")) == .image
            && !parts.dropLast().contains { !PathText.fileExtension(String($0)).isEmpty }
    }

    /// The set at `index` with its Contents.json read, for its turn in the catalog check.
    func bringIn(_ index: Int) -> CatalogSet {
        if plainImageSets.contains(index), sets[index].contents == ContentsReader.unread {
            sets[index].contents = ahead.contents[index] ?? ContentsReader.contents(ofSetAt: absolute(sets[index].path))
        }
        return sets[index]
    }

    /// After its turn, a plain image set keeps of its Contents.json only its `properties`, unless
    /// the glyph checks will look at its images (`keepWhole`: its name, or a template intent).
    func putAway(_ index: Int, keepWhole names: Set<String>) {
        let set = sets[index]
        guard plainImageSets.contains(index), case .success(let value) = set.contents,
              !names.contains(set.name), set.templateRenderingIntent != "template" else { return }
        var kept: [String: JSONValue] = [:]
        if let properties = value[ContentsFormat.properties] { kept[ContentsFormat.properties] = properties }
        sets[index].contents = .success(.object(kept))
    }

    func add(_ severity: Diagnostic.Severity, _ rule: Finding.Rule, file: String, line: Int? = nil,
             column: Int? = nil, asset: String?, message: String, fix: String) {
        let finding = Finding(severity, rule, file: file, line: line, column: column, asset: asset,
                              message: message, fix: fix)
        if seenFindings.insert(finding).inserted { findings.append(finding) }
    }

    func report() -> VerifyReport {
        var coverage = VerifyReport.Coverage(sets: sets.map { ($0.kind, $0.folderExtension) })
        if checkedBundles > 0 { coverage.checked[FolderKind.iconComposer.folderExtension] = checkedBundles }
        return VerifyReport(catalog: display, sets: sets.map(\.path), files: checkedFileCount + checkedBundleFiles,
                            findings: findings, coverage: coverage)
    }

    /// True when assetsmith generated the file (or the set holding it): the strict rules apply.
    func isOwn(_ relative: String) -> Bool {
        ownFiles.contains(relative)
    }

    /// True when assetsmith generated any file of the set.
    func isOwn(_ set: CatalogSet) -> Bool {
        ownFiles.folders.contains(set.path)
    }

    /// Our own files get errors where a catalog made elsewhere gets warnings (what actool accepts
    /// but the HIG or assetsmith's own output contract does not).
    func severity(own relative: String) -> Diagnostic.Severity {
        isOwn(relative) ? .error : .warning
    }

    /// `Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png` for `AppIcon.appiconset/AppIcon-1024.png`.
    func shown(_ relative: String) -> String {
        relative.isEmpty ? display : display + "/" + relative
    }

    func absolute(_ relative: String) -> String {
        (catalogPath as NSString).appendingPathComponent(relative)
    }

    func set(at relative: String) -> CatalogSet? {
        setsByPath[relative].map { sets[$0] }
    }

    /// Makes `relative`'s folder the one in flight: what is known of another folder's files is
    /// forgotten first.
    private func enter(_ relative: String) {
        guard !FolderFiles.holds(inFlight.folder, relative) else { return }
        inFlight = FolderFiles(folder: FolderFiles.folder(of: relative))
    }

    private func enter(folder: String) {
        guard inFlight.folder != folder else { return }
        inFlight = FolderFiles(folder: folder)
    }

    /// The bytes of a file inside the catalog, read once while its folder is in flight; nil when it
    /// cannot be read or is over its budget (`Budgets.contentsBytes` for a Contents.json,
    /// `sourceBytes` for any other file), decided from its size before it is read.
    func data(_ relative: String) -> Data? {
        enter(relative)
        if let cached = inFlight.data[relative] { return cached }
        let (data, unreadable): (Data?, String?)
        if let file = ahead.files[relative], file.data != nil || !file.readable {
            (data, unreadable) = (file.data, file.unreadable)
        } else {
            (data, unreadable) = Self.read(relative, catalogPath: catalogPath)
        }
        if let unreadable { inFlight.unreadable[relative] = unreadable }
        inFlight.data[relative] = data
        return data
    }

    /// Whether `relative` ends in `.png` in any case, by its last bytes (a lower-cased copy of every
    /// path was a string made a file, issue 50).
    static func isPNGName(_ relative: String) -> Bool {
        let tail = Array(relative.utf8.suffix(4))
        return tail.count == 4 && tail[0] == UInt8(ascii: ".") && tail[1] | 0x20 == UInt8(ascii: "p")
            && tail[2] | 0x20 == UInt8(ascii: "n") && tail[3] | 0x20 == UInt8(ascii: "g")
    }

    /// Why a file of a set that is a symbolic link is not read.
    static let linkReason = "a symbolic link, which verify does not follow"

    /// The bytes of the file at `relative` inside the catalog at `catalogPath` as `data(_:)` has
    /// them, or the `strerror` text of why it could not read them (nil for a file refused by its
    /// size); on any thread (`ReadAhead`). `folderChecked`: the caller found no folder above the
    /// file to be a symbolic link (`ReadAhead` looks once a set, not once a file).
    static func read(_ relative: String, catalogPath: String, folderChecked: Bool = false) -> (data: Data?, unreadable: String?) {
        let limit = relative.utf8.reversed().starts(with: "Contents.json".utf8.reversed())
            ? Budgets.standard.contentsBytes : Budgets.standard.sourceBytes
        let path = (catalogPath as NSString).appendingPathComponent(relative)
        // A file of a set that is a link is not followed out of the catalog (issue 36): the folders
        // above it are looked at with `lstat`, the file itself is opened with `O_NOFOLLOW` (two
        // `lstat` a file were a fifth of verify's system time at 50,000 assets, issue 50).
        if !folderChecked, ContainedFile.link(under: catalogPath, relative: PathText.parent(relative)) != nil {
            return (nil, linkReason)
        }
        // A PNG larger than its header allows is not read: reported by the file check, from its
        // header (only a file over `otherChunkBytes` can be; its size is the open file's).
        let admit: ((Int) -> Bool)? = isPNGName(relative)
            ? { size in size <= PNGDeclaredSize.otherChunkBytes || PNGDeclaredSize.refusal(path) == nil } : nil
        switch BoundedFile.read(path, limit: limit, admit: admit, followingLink: false) {
        case .success(let read): return (read, nil)
        case .failure(.unreadable(let reason)):
            // Not opened: a link (`ELOOP` under `O_NOFOLLOW`) is told as one, as before it was opened.
            return (nil, ContainedFile.link(under: catalogPath, relative: relative) != nil ? linkReason : reason)
        case .failure: return (nil, nil)
        }
    }

    /// The SHA-256 of a file inside the catalog (read ahead for the files the build record
    /// lists); nil when it cannot be read.
    func digest(_ relative: String) -> SHA256Digest? {
        if let sha = ahead.files[relative]?.sha { return sha }
        return data(relative).map { Digest.sha256Digest($0) }
    }

    /// Why `data(relative)` found the file unreadable (the `strerror` text); nil when it did not.
    func unreadable(_ relative: String) -> String? {
        _ = data(relative)
        return inFlight.unreadable[relative]
    }

    /// The PNG facts of a file inside the catalog, read once while its folder is in flight; nil
    /// when the file cannot be read.
    func info(_ relative: String) -> Result<PNGInfo, PNGError>? {
        enter(relative)
        if let cached = inFlight.info[relative] { return cached }
        let result: Result<PNGInfo, PNGError>
        if let file = ahead.files[relative], let read = file.info {
            guard file.readable else { return nil }
            checkedFiles.insert(relative)
            result = read
        } else {
            guard let data = data(relative) else { return nil }
            checkedFiles.insert(relative)
            result = Result { () throws(PNGError) -> PNGInfo in try PNGCodec.info(data) }
        }
        inFlight.info[relative] = result
        return result
    }

    /// The image type of a file inside the catalog by its first bytes, read once while its folder
    /// is in flight; nil when it cannot be read or is no type Xcode accepts.
    func format(_ relative: String) -> ImageFormat? {
        enter(relative)
        if let cached = inFlight.format[relative] { return cached }
        let format = ahead.files[relative].map(\.format) ?? data(relative).flatMap { ImageFormat(sniffing: $0) }
        inFlight.format[relative] = format
        return format
    }

    /// The pixel size of a bitmap inside the catalog (PNG through libpng, other types through
    /// `PixelSizeReader`); nil when it is missing, a vector, or cannot be read (the file check
    /// reports why).
    func pixelSize(_ relative: String) -> PixelSize? {
        guard case .success(let size)? = measured(relative) else { return nil }
        return size
    }

    /// The pixel size of a bitmap inside the catalog or why it has none; nil when the file is
    /// missing, unrecognised or a vector.
    func measured(_ relative: String) -> Result<PixelSize, ProbeError>? {
        enter(relative)
        if let cached = inFlight.size[relative] { return cached }
        guard let format = format(relative), !format.isVector else { return nil }
        checkedFiles.insert(relative)
        let result: Result<PixelSize, ProbeError>
        if format == .png {
            guard case .success(let info)? = info(relative) else { return nil }
            result = .success(info.size)
        } else {
            result = Result { () throws(ProbeError) -> PixelSize in
                try PixelSizeReader.pixelSize(ofFileAt: absolute(relative), format: format)
            }
        }
        inFlight.size[relative] = result
        return result
    }

    /// The decoded pixels of a PNG inside the catalog; nil when it cannot be decoded (the PNG
    /// check reports why). Not kept: each check that needs pixels looks at them once.
    func bitmap(_ relative: String) -> Bitmap? {
        data(relative).flatMap { data in try? PNGCodec.decode(data) }
    }

    /// Where `"key"` (with `"value"`, or any value when nil) first appears in the Contents.json at
    /// `file` (a path inside the catalog); the file is scanned once while its folder is in flight.
    func place(of key: String, value: String?, inContents file: String) -> (line: Int, column: Int)? {
        enter(file)
        if inFlight.places[file] == nil { inFlight.places[file] = StringPlaces.index(data(file) ?? Data()) }
        return inFlight.places[file]?[key + "\u{0}" + (value ?? "\u{0}any")]
    }

    /// Whether `name` is in `set`'s folder with exactly this case (from the directory listing:
    /// a case-insensitive file system would find `icon.png` for `Icon.png` through stat). A look
    /// through a set's few names, not a set of them made for each (issue 50); a set of many has
    /// one made once while its folder is in flight.
    func exists(_ name: String, in set: CatalogSet) -> Bool {
        guard set.files.count > 16 else { return set.files.contains(name) }
        enter(folder: set.path)
        if let known = inFlight.exact { return known.contains(name) }
        let exact = Set(set.files)
        inFlight.exact = exact
        return exact.contains(name)
    }

    /// The file of `set` whose name differs from `name` only in case, if there is one.
    func caseVariant(of name: String, in set: CatalogSet) -> String? {
        folded(in: set)[name.lowercased()]
    }

    /// The names of `set`'s folder lower-cased → as on disk (the first of each), made once while
    /// its folder is in flight.
    private func folded(in set: CatalogSet) -> [String: String] {
        enter(folder: set.path)
        if let known = inFlight.folded { return known }
        var folded: [String: String] = [:]
        for file in set.files where folded[file.lowercased()] == nil { folded[file.lowercased()] = file }
        inFlight.folded = folded
        return folded
    }
}
