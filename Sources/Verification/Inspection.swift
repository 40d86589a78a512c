import AssetCatalog
import AssetCore
import Foundation
import PNGCodec

/// The state of one verify run: the catalog's sets as read from disk, file bytes and PNG facts
/// read once each, and the findings so far. The checks live in `Inspection+*.swift`.
final class Inspection {
    /// Absolute (or working-directory relative) path of the `.xcassets` folder.
    let catalogPath: String
    /// The catalog as messages show it.
    let display: String
    private(set) var sets: [CatalogSet] = []
    private(set) var findings: [Finding] = []
    /// Files (inside the catalog) whose pixel size the plan checked; the catalog check skips them.
    var sizeCheckedByPlan: Set<String> = []
    /// Files (inside the catalog) already reported missing, so no check reports them twice.
    var reportedMissing: Set<String> = []
    /// Image files looked at.
    var checkedFiles: Set<String> = []
    private var dataCache: [String: Data?] = [:]
    private var infoCache: [String: Result<PNGInfo, PNGError>] = [:]
    private var bitmapCache: [String: Bitmap?] = [:]

    init(catalogPath: String, display: String) {
        self.catalogPath = catalogPath
        self.display = display.hasSuffix("/") ? String(display.dropLast()) : display
    }

    /// Reads every set; false when the catalog folder does not exist.
    func loadSets() -> Bool {
        guard let found = ContentsReader.sets(inCatalogAt: catalogPath) else { return false }
        sets = found
        return true
    }

    func add(_ severity: Diagnostic.Severity, _ rule: Finding.Rule, file: String, line: Int? = nil,
             column: Int? = nil, asset: String?, message: String, fix: String) {
        let finding = Finding(severity, rule, file: file, line: line, column: column, asset: asset,
                              message: message, fix: fix)
        if !findings.contains(finding) { findings.append(finding) }
    }

    func report() -> VerifyReport {
        VerifyReport(catalog: display, sets: sets.map(\.path), files: checkedFiles.count, findings: findings)
    }

    /// `Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png` for `AppIcon.appiconset/AppIcon-1024.png`.
    func shown(_ relative: String) -> String {
        relative.isEmpty ? display : display + "/" + relative
    }

    func absolute(_ relative: String) -> String {
        (catalogPath as NSString).appendingPathComponent(relative)
    }

    func set(at relative: String) -> CatalogSet? {
        sets.first { $0.path == relative }
    }

    /// The bytes of a file inside the catalog, read once; nil when it cannot be read.
    func data(_ relative: String) -> Data? {
        if let cached = dataCache[relative] { return cached }
        var isDirectory: ObjCBool = false
        let path = absolute(relative)
        let data = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            ? FileManager.default.contents(atPath: path) : nil
        dataCache[relative] = data
        return data
    }

    /// The PNG facts of a file inside the catalog, read once; nil when the file cannot be read.
    func info(_ relative: String) -> Result<PNGInfo, PNGError>? {
        if let cached = infoCache[relative] { return cached }
        guard let data = data(relative) else { return nil }
        checkedFiles.insert(relative)
        let result = Result { () throws(PNGError) -> PNGInfo in try PNGCodec.info(data) }
        infoCache[relative] = result
        return result
    }

    /// The pixel size of a PNG inside the catalog, nil when it is missing or not a readable PNG.
    func pixelSize(_ relative: String) -> PixelSize? {
        guard case .success(let info)? = info(relative) else { return nil }
        return info.size
    }

    /// The decoded pixels of a PNG inside the catalog, decoded once; nil when it cannot be decoded
    /// (the PNG check reports why).
    func bitmap(_ relative: String) -> Bitmap? {
        if let cached = bitmapCache[relative] { return cached }
        let bitmap = data(relative).flatMap { data in try? PNGCodec.decode(data) }
        bitmapCache[relative] = bitmap
        return bitmap
    }

    /// Whether `name` is in `set`'s folder with exactly this case (from the directory listing:
    /// a case-insensitive file system would find `icon.png` for `Icon.png` through stat).
    func exists(_ name: String, in set: CatalogSet) -> Bool {
        set.files.contains(name)
    }
}
