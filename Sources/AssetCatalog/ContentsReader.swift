import AssetCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an asset catalog back from disk: every set folder (searching group folders and the sets
/// inside container sets such as `.brandassets`, `.imagestack` or `.spriteatlas` too) with its
/// directory listing and parsed Contents.json. Never throws on a bad set: a missing or malformed
/// Contents.json is kept as a `ContentsError` for the caller to report.
package enum ContentsReader {
    /// The largest Contents.json read (`Budgets.contentsBytes`); Xcode's are a few kilobytes.
    package static let maximumBytes = Budgets.standard.contentsBytes

    /// Every set below `catalogPath`, sorted by path; nil when `catalogPath` is not a folder.
    package static func sets(inCatalogAt catalogPath: String) -> [CatalogSet]? {
        sets(inCatalogAt: catalogPath, deferring: { _ in false })
    }

    /// Every set below `catalogPath` as `sets(inCatalogAt:)` finds them, except that the sets
    /// `deferring` names (by path inside the catalog) have their Contents.json left unread: their
    /// `contents` is `unread` until the caller reads it with `contents(ofSetAt:)`, one set at a
    /// time (verify, issue 38: 50,000 parsed Contents.json took 75 MB). A set without a
    /// Contents.json says so whether deferred or not.
    /// The catalog's own entries are looked at over the cores (issue 50: 50,000 set folders listed
    /// one after the other took a second); what is below each one in turn.
    /// `lanes`: threads to look at them on at most (nil: one per core).
    package static func sets(inCatalogAt catalogPath: String, lanes: Int? = nil,
                             deferring: @Sendable (_ relative: String) -> Bool) -> [CatalogSet]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: catalogPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        // What each entry is comes with the listing (`readdir`'s type): no `lstat` and `stat` a set.
        let listing = FolderListing.entries(of: catalogPath).filter { !$0.name.hasPrefix(".") }.sorted { $0.name < $1.name }
        // Joined as the parts come, and sorted in place: no more than two copies of 50,000 sets at once.
        var found: [CatalogSet] = []
        var parts = concurrentMap(listing, lanes: lanes) { entry in
            var found: [CatalogSet] = []
            collect(entry.name, kind: entry.kind, in: catalogPath, relative: "", deferring: deferring, into: &found)
            return found
        }
        found.reserveCapacity(parts.reduce(0) { $0 + ($1?.count ?? 0) })
        for index in parts.indices {
            found += parts[index] ?? []
            parts[index] = nil
        }
        found.sort { $0.path < $1.path }
        return found
    }

    /// The `contents` of a set whose Contents.json `sets(inCatalogAt:deferring:)` left unread (a
    /// Contents.json holding `null` reads as the same value).
    package static let unread: Result<JSONValue, ContentsError> = .success(.null)

    /// The set at `path` inside the catalog (for a set the caller expects to exist); its
    /// Contents.json is left `unread` when `deferred`.
    package static func set(at folder: String, relative: String, deferred: Bool = false) -> CatalogSet {
        let name = PathText.lastComponent(relative)
        let ext = PathText.fileExtension(name)
        let listing = FolderListing.names(of: folder)
        let files = listing.filter { !$0.hasPrefix(".") && $0 != "Contents.json" }.sorted()
        let contents: Result<JSONValue, ContentsError>
        if !listing.contains("Contents.json") {
            contents = .failure(ContentsError(message: "the set has no Contents.json"))
        } else {
            contents = deferred ? unread : self.contents(ofSetAt: folder)
        }
        return CatalogSet(path: relative, name: (name as NSString).deletingPathExtension,
                          kind: CatalogSet.Kind(folderExtension: ext), files: files, contents: contents)
    }

    /// The Contents.json of the set folder at `folder` (which lists one), parsed, or why it cannot be.
    package static func contents(ofSetAt folder: String) -> Result<JSONValue, ContentsError> {
        contents(read: read(ofSetAt: folder))
    }

    /// The bytes of the set folder's Contents.json as `contents(ofSetAt:)` reads them (sized before
    /// they are read: a 2.5 GB one is a finding, not gigabytes of memory).
    package static func read(ofSetAt folder: String) -> Result<Data, BoundedFile.Failure> {
        BoundedFile.read((folder as NSString).appendingPathComponent("Contents.json"), limit: maximumBytes)
    }

    /// What `contents(ofSetAt:)` makes of the bytes `read(ofSetAt:)` gave (read earlier on another
    /// thread, `EarlyReads`).
    ///
    /// `expected`: a value and the bytes `ContentsJSON.exactData` gives for it (what a build of
    /// the plan writes). When the file holds exactly those bytes, the value is taken as it is,
    /// without a parse: reading them back gives that value (issue 50: the parse was a tenth of
    /// verify's CPU at 50,000 sets; `ContentsJSONExactTests` holds the round trip to it).
    package static func contents(read: Result<Data, BoundedFile.Failure>,
                                 expected: (value: JSONValue, bytes: Data)? = nil) -> Result<JSONValue, ContentsError> {
        switch read {
        case .success(let data): data == expected?.bytes ? .success(expected?.value ?? .null) : parse(data)
        case .failure(let failure) where failure.isTooLarge:
            .failure(ContentsError(message: "Contents.json \(failure.words(for: "a Contents.json"))"))
        case .failure:
            .failure(ContentsError(message: "Contents.json cannot be read"))
        }
    }

    /// Parses Contents.json bytes with Foundation's JSON parser. On failure the error says where
    /// the parser stopped when it told us (line and column, or a character offset turned into them).
    /// `documentName` names the file in the message (`icon.json` for an Icon Composer document).
    /// The parser's objects become the value (`ContentsJSON.value(serialized:of:)`): the bytes are
    /// decoded again only where that could give another value (issue 50).
    package static func parse(_ data: Data, documentName: String = "Contents.json") -> Result<JSONValue, ContentsError> {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            let (line, column) = position(in: detail, data: data)
            var reason = detail
            if let range = reason.range(of: " around") { reason = String(reason[..<range.lowerBound]) }
            reason = reason.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            reason = reason.prefix(1).lowercased() + reason.dropFirst()
            return .failure(ContentsError(message: "\(documentName) is not valid JSON: \(reason)", line: line, column: column))
        }
        if let value = ContentsJSON.value(serialized: object, of: data) { return .success(value) }
        do {
            return .success(try ContentsJSON.parse(data))
        } catch {
            return .failure(ContentsError(message: "\(documentName) is not valid JSON"))
        }
    }

    /// `around line 3, column 5` (Darwin) or `around character 29` (a 0-based byte offset, Linux).
    static func position(in detail: String, data: Data) -> (Int?, Int?) {
        func number(after word: String) -> Int? {
            guard let range = detail.range(of: word) else { return nil }
            return Int(detail[range.upperBound...].prefix { $0.isNumber })
        }
        if let line = number(after: "line "), let column = number(after: "column ") {
            return (line, column)
        }
        guard let offset = number(after: "character "), offset <= data.count else { return (nil, nil) }
        var line = 1
        var lineStart = 0
        for (i, byte) in data.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The paths of every set folder inside the catalog (as `sets(inCatalogAt:)` finds them, a
    /// container's sets included), sorted, without reading a Contents.json: what a check of names
    /// needs, at the cost of listing folders (issue 38: the namespace check read 4,000 JSON files).
    package static func setPaths(inCatalogAt catalogPath: String) -> [String] {
        var found: [String] = []
        var queue: [(folder: String, relative: String)] = [(catalogPath, "")]
        while let (folder, relative) = queue.popLast() {
            for (entry, kind) in FolderListing.entries(of: folder) where !entry.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(entry)
                let inside = relative.isEmpty ? entry : relative + "/" + entry
                // The listing tells a link (listed, never followed) from a folder.
                let ext = (entry as NSString).pathExtension
                if kind == .link {
                    if !ext.isEmpty { found.append(inside) }
                    continue
                }
                guard kind == .folder else { continue }
                if ext.isEmpty {
                    queue.append((path, inside))
                } else {
                    found.append(inside)
                    if CatalogSet.Kind(folderExtension: ext) == .other { queue.append((path, inside)) }
                }
            }
        }
        return found.sorted()
    }

    private static func collect(_ folder: String, relative: String, deferring: (String) -> Bool,
                                into found: inout [CatalogSet]) {
        let listing = FolderListing.entries(of: folder).sorted { $0.name < $1.name }
        for entry in listing where !entry.name.hasPrefix(".") {
            collect(entry.name, kind: entry.kind, in: folder, relative: relative, deferring: deferring, into: &found)
        }
    }

    /// The set or group folder `entry` of `folder` (at `relative` inside the catalog), and the sets
    /// in it; `kind` what the listing says the entry is.
    private static func collect(_ entry: String, kind: FolderListing.Kind, in folder: String, relative: String,
                                deferring: (String) -> Bool, into found: inout [CatalogSet]) {
        let path = (folder as NSString).appendingPathComponent(entry)
        let inside = relative.isEmpty ? entry : relative + "/" + entry
        // A folder that is a symbolic link is not followed (it may lead out of the catalog;
        // build refuses to write through one): it is reported as a set that cannot be read.
        if kind == .link, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            let name = (entry as NSString).deletingPathExtension
            found.append(CatalogSet(path: inside, name: name, kind: CatalogSet.Kind(folderExtension: PathText.fileExtension(entry)),
                                    files: [], contents: .failure(ContentsError(
                                        message: "the folder is a symbolic link (to \"\(target)\"), which is not followed"))))
            return
        }
        guard kind == .folder else { return }
        if PathText.fileExtension(entry).isEmpty {
            collect(path, relative: inside, deferring: deferring, into: &found) // a group folder
        } else {
            let set = set(at: path, relative: inside, deferred: deferring(inside))
            found.append(set)
            // Containers (brand assets, image stacks and their layers, sprite atlases,
            // complication sets, sticker packs…) hold sets of their own.
            if set.kind == .other { collect(path, relative: inside, deferring: deferring, into: &found) }
        }
    }
}
