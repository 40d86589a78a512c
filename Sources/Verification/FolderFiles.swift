import AssetCore
import Foundation
import ImageProbe
import PNGCodec

/// What verify has read of the files of one folder of the catalog (the set in flight): their
/// bytes, types, pixel sizes and PNG facts, the folder's names by case, and where the strings of its
/// Contents.json are. `Inspection` keeps one at a time and starts a new one when a check asks
/// about a file of another folder, so memory holds one set's files whatever the catalog's size
/// (issue 38: kept for every file, 150,000 files of 50,000 sets took 250 MB).
struct FolderFiles {
    /// The folder inside the catalog these files are in (`Tabs/Home.imageset`).
    let folder: String
    var data: [String: Data?] = [:]
    /// Why a file could not be read (the `strerror` text), for files `data` found unreadable.
    var unreadable: [String: String] = [:]
    var format: [String: ImageFormat?] = [:]
    var size: [String: Result<PixelSize, ProbeError>] = [:]
    var info: [String: Result<PNGInfo, PNGError>] = [:]
    /// The folder's file names (of a folder of many), and the same lower-cased → as on disk.
    var exact: Set<String>?
    var folded: [String: String]?
    /// Per Contents.json: the first place of each string, and of each key with its value (`StringPlaces`).
    var places: [String: [String: (line: Int, column: Int)]] = [:]

    init(folder: String) {
        self.folder = folder
    }

    /// The folder of `relative` (a path inside the catalog): all before its last slash, "" for none.
    static func folder(of relative: String) -> String {
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(relative[..<slash])
    }

    /// Whether `relative` (a path inside the catalog) names a file directly inside `folder`.
    /// Static, given the folder alone: called on the inspection's stored value it copied every
    /// table of it (issue 50); the bytes compared in place.
    static func holds(_ folder: String, _ relative: String) -> Bool {
        var (folder, relative) = (folder, relative)
        let slash = UInt8(ascii: "/")
        return relative.withUTF8 { path in
            folder.withUTF8 { folder in
                // No folder: a path without a slash, or with its only one first.
                guard let base = folder.baseAddress, !folder.isEmpty else { return (path.lastIndex(of: slash) ?? 0) == 0 }
                guard let start = path.baseAddress, path.count > folder.count, path[folder.count] == slash else { return false }
                return !path[(folder.count + 1)...].contains(slash) && memcmp(start, base, folder.count) == 0
            }
        }
    }
}
