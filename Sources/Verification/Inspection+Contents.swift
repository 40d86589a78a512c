import AssetCatalog
import AssetCore
import Foundation
import ImageProbe

/// Contents.json ↔ files, and the keys and values Xcode accepts.
extension Inspection {
    /// A macOS icon set folder (`Name.iconset/icon_16x16.png`…), as `iconutil` reads it.
    static let iconSetExtension = "iconset"

    /// Every catalog check, set by set, then the checks across sets (pairs of glyphs). With a
    /// plan, its checks of a set's files come just before the set's own (`PlanCheck`).
    func checkCatalog(plan: PlanCheck? = nil) {
        sizeCheckedByStacks = stackSizedFiles()
        if let plan { beginPlanCheck(plan) }
        let glyphs = glyphNames()
        // The sets in shards over the cores (issue 50), each shard's findings taken in in catalog order.
        let ranges = Self.shards(of: sets.count, least: leastShardSets)
        let parent = Shared(self)
        let done = concurrentMap(ranges) { range in
            let shard = Inspection(shardOf: parent.value, range: range)
            shard.checkSets(plan: plan, keepWhole: glyphs)
            return Shared(shard)
        }
        // The files the shards looked at, joined on another core while the checks across sets go on
        // (a union of 150,000 paths on this thread, issue 50); only their count is reported.
        let shardFiles = done.map { $0?.value.checkedFiles ?? [] }
        checkedByShards = Later {
            var all = Set<String>(minimumCapacity: shardFiles.reduce(0) { $0 + $1.count })
            for files in shardFiles { all.formUnion(files) }
            return all
        }
        for (range, shard) in zip(ranges, done) {
            if let shard { merge(shard.value, range: range) }
        }
        planSizedAll = plan != nil
        early = []
        checkTemplates()
        checkStacks()
        checkStackLayers()
        checkBrandAssets()
        checkSymbolSets()
        checkDuplicateNames()
        checkLFSPointers()
    }

    /// Sets a shard of the catalog check holds at least, and shards at most: a small catalog is
    /// checked on the calling thread alone, a large one in up to 16 runs of sets in catalog order,
    /// taken by the cores as they come free (a shard of large app icon sets takes longer).
    static let shardSets = 256
    static let mostShards = 16

    /// The runs of sets the catalog check of `count` sets is cut into, in order, each of at least
    /// `least` sets (`shardSets`; a test asks for smaller ones).
    static func shards(of count: Int, least: Int = shardSets) -> [Range<Int>] {
        let shards = max(1, min(mostShards, count / max(1, least)))
        return (0..<shards).map { shard in (count * shard / shards)..<(count * (shard + 1) / shards) }
    }

    /// A value handed to the shards' threads, used there by one thread at a time (the parent only
    /// read while the shards run; each shard by its own thread, then by the parent).
    private struct Shared<Value: AnyObject>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// The checks of each set of this inspection (a shard's sets), in order; with a plan, its
    /// checks of a set's files just before the set's own.
    private func checkSets(plan: PlanCheck?, keepWhole glyphs: Set<String>) {
        // Windows of sets are read ahead one window in front of the checks (`ReadAhead`).
        var window = 0..<0
        var next = sets.isEmpty ? nil : readAhead(self.window(from: 0), plan: plan, sourcesAsked: [])
        for index in sets.indices {
            if index == window.upperBound, let pending = next {
                window = self.window(from: index)
                let (read, asked) = pending.wait()
                ahead = read
                next = window.upperBound < sets.count ? readAhead(self.window(from: window.upperBound), plan: plan, sourcesAsked: asked) : nil
            }
            let set = bringIn(index)
            defer { putAway(index, keepWhole: glyphs) }
            if let plan { checkPlannedFiles(in: set, plan) }
            let contentsFile = shown(set.path + "/Contents.json")
            switch set.contents {
            case .failure(let error) where error.message.contains("symbolic link"):
                add(.error, .contents, file: shown(set.path), asset: set.path, message: error.message,
                    fix: "put the folder itself in the catalog instead of a link (assetsmith build does not follow it, and Xcode may not)")
                continue
            case .failure(let error) where set.folderExtension == Self.iconSetExtension
                && error.message.contains("no Contents.json"):
                // A macOS `.iconset` (iconutil's folder of `icon_16x16.png`…): shipping macOS apps keep
                // their document icons so and name them in CFBundleTypeIconFile; xcbuild's actool
                // knows it as a kind of the catalog. Counted as not checked, nothing claimed.
                continue
            case .failure(let error) where !VerifyReport.Coverage.knownKinds.contains(set.folderExtension)
                && error.message.contains("no Contents.json"):
                add(.note, .contents, file: shown(set.path), asset: set.path,
                    message: "is not a kind of set verify knows (.\(set.folderExtension)) and has no Contents.json; "
                        + "Xcode may skip it",
                    fix: "nothing, if the app shows what it holds; otherwise move it outside the catalog")
                continue
            case .failure(let error) where error.message.contains("no Contents.json") && !isOwn(set):
                // No evidence that actool fails on a set folder without one, nor of what it does with
                // it; our own sets always have one, so there it is an error.
                add(.warning, .contents, file: contentsFile, asset: set.path, message: error.message + "; Xcode may skip the set",
                    fix: "add a Contents.json (re-create the set in Xcode), or remove the folder")
                continue
            case .failure(let error):
                // Contents.json that is not JSON: actool stops ("The asset catalog … could not be read").
                add(.error, .contents, file: contentsFile, line: error.line, column: error.column, asset: set.path,
                    message: error.message,
                    fix: set.kind == .other && error.message.contains("no Contents.json")
                        ? "add a Contents.json, or remove the folder" : "repair or re-create it in Xcode")
                continue
            case .success(let value):
                guard set.kind != .other else { continue }
                checkKeys(value, set: set)
            }
            checkReferences(set)
            checkFiles(set)
            checkSizes(set)
        }
        ahead = ReadAhead()
        // What only this shard's checks used goes before the merge: a shard waits for the others.
        sourceFacts = [:]
        forgetPositions()
    }

    // MARK: Keys and values

    /// Contents.json's vocabulary, from `ContentsFormat`, `Idiom` and `Appearance` (AssetCore):
    /// the planners write the same words. A value not listed is a warning, never an error: a
    /// newer Xcode may know it.
    static let topKeys = ContentsFormat.topKeys
    static let imageKeys = Set(ContentsKey.allCases.map(\.rawValue))
    static let idioms = Idiom.allCases.map(\.rawValue)
    static let propertyKeys = ContentsFormat.propertyKeys
    static let enumeratedValues = ContentsFormat.enumeratedValues
    static let appearanceValues = Dictionary(uniqueKeysWithValues: Appearance.allCases.map { ($0.rawValue, $0.values) })

    private func checkKeys(_ value: JSONValue, set: CatalogSet) {
        let file = shown(set.path + "/Contents.json")
        func report(_ severity: Diagnostic.Severity, _ key: String, _ value: String?, _ message: String, _ fix: String) {
            let place = locate(key: key, value: value, in: set)
            add(severity, .contents, file: file, line: place?.line, column: place?.column, asset: set.path,
                message: message, fix: fix)
        }
        // A value this verify does not know (an idiom, an appearance, an enumerated value) may be
        // one a newer Xcode writes: a warning, with its own rule id.
        func unknown(_ key: String, _ value: String?, _ message: String, _ fix: String) {
            let place = locate(key: key, value: value, in: set)
            add(.warning, .unknownValue, file: file, line: place?.line, column: place?.column, asset: set.path,
                message: message, fix: fix)
        }
        guard case .object(let top) = value else {
            add(.error, .contents, file: file, asset: set.path, message: "Contents.json is not a JSON object",
                fix: "repair or re-create it in Xcode")
            return
        }
        for key in top.keys.sorted() where !Self.topKeys.contains(key) {
            report(.warning, key, nil, "unknown key \"\(key)\"; Xcode may ignore it", "remove it")
        }
        if top[ContentsFormat.info]?[ContentsFormat.version]?.numberValue != 1 {
            report(.warning, ContentsFormat.info, nil, "\"info\" has no \"version\" : 1",
                   "add \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }")
        }
        guard let images = top[ContentsFormat.images] else {
            report(.error, ContentsFormat.images, nil, "the \(kindWord(set)) has no \"images\" array",
                   "add \"images\" : [ … ] or re-create the set in Xcode")
            return
        }
        guard let list = images.arrayValue else {
            report(.error, ContentsFormat.images, nil, "\"images\" is not an array", "make it an array of image entries")
            return
        }
        for (index, image) in list.enumerated() {
            guard case .object(let fields) = image else {
                report(.error, ContentsFormat.images, nil, "entry \(index + 1) of \"images\" is not an object",
                       "make every entry an object with \"idiom\" and \"filename\"")
                continue
            }
            checkImage(fields, set: set, report: report, unknown: unknown)
        }
        if let properties = top[ContentsFormat.properties] {
            guard case .object(let fields) = properties else {
                report(.error, ContentsFormat.properties, nil, "\"properties\" is not an object", "make it an object")
                return
            }
            for key in fields.keys.sorted() where !Self.propertyKeys.contains(key) {
                report(.warning, key, nil, "unknown property \"\(key)\"; Xcode may ignore it", "remove it")
            }
            if let intent = fields[ContentsFormat.templateRenderingIntent] {
                checkEnumerated(ContentsFormat.templateRenderingIntent, intent, unknown: unknown)
            }
        }
    }

    private func checkImage(_ fields: [String: JSONValue], set: CatalogSet,
                            report: (Diagnostic.Severity, String, String?, String, String) -> Void,
                            unknown: (String, String?, String, String) -> Void) {
        for key in fields.keys.sorted() where !Self.imageKeys.contains(key) {
            report(.warning, key, nil, "unknown image key \"\(key)\"; Xcode may ignore it", "remove it")
        }
        if let idiom = fields[.idiom] {
            if let text = idiom.stringValue, !Self.idioms.contains(text) {
                unknown(ContentsKey.idiom.rawValue, text, "\"idiom\" is \"\(text)\", which verify does not know (a newer Xcode may write it)",
                       "use one of " + Self.idioms.map { "\"\($0)\"" }.joined(separator: ", "))
            } else if idiom.stringValue == nil {
                report(.error, ContentsKey.idiom.rawValue, nil, "\"idiom\" is not a string", "use a string such as \"universal\"")
            }
        } else {
            let name = fields[.filename]?.stringValue
            report(.error, name == nil ? ContentsFormat.images : ContentsKey.filename.rawValue, name,
                   "an image entry\(name.map { " (\"\($0)\")" } ?? "") has no \"idiom\"",
                   "add \"idiom\" : \"\(set.kind == .appIcon ? Idiom.iphone.rawValue : Idiom.universal.rawValue)\"")
        }
        for key in ContentsFormat.enumeratedImageKeys {
            if let value = fields[key] { checkEnumerated(key.rawValue, value, unknown: unknown) }
        }
        if let filename = fields[.filename] {
            if filename.stringValue == nil {
                report(.error, ContentsKey.filename.rawValue, nil, "\"filename\" is not a string", "give the file name as a string")
            } else if let name = filename.stringValue, name.utf8.contains(UInt8(ascii: "/")) || name.isEmpty {
                report(.error, ContentsKey.filename.rawValue, name, "\"filename\" \"\(name)\" is not a plain file name",
                       "name a file in the set's own folder")
            }
        }
        if let size = fields[.size] {
            let text = size.stringValue ?? ""
            let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            if parts.count != 2 || PointSize(parsing: text) == nil
                || parts.contains(where: { $0.utf8.contains(UInt8(ascii: " ")) || $0.hasPrefix("+") }) {
                report(.error, ContentsKey.size.rawValue, size.stringValue, "\"size\" is \(size.stringValue.map { "\"\($0)\"" } ?? "not a string"); "
                       + "Xcode expects points as \"WIDTHxHEIGHT\" (\"60x60\", \"83.5x83.5\")",
                       "write the size in points, such as \"60x60\"")
            }
        } else if set.kind == .appIcon {
            let name = fields[.filename]?.stringValue
            report(.error, name == nil ? ContentsFormat.images : ContentsKey.filename.rawValue, name,
                   "an app icon entry\(name.map { " (\"\($0)\")" } ?? "") has no \"size\"",
                   "add \"size\" in points, such as \"60x60\"")
        }
        if let appearances = fields[.appearances] {
            guard let list = appearances.arrayValue else {
                report(.error, ContentsKey.appearances.rawValue, nil, "\"appearances\" is not an array",
                       "use [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ]")
                return
            }
            for item in list {
                let kind = item[ContentsFormat.appearance]?.stringValue ?? ""
                let value = item[ContentsFormat.value]?.stringValue ?? ""
                guard let allowed = Self.appearanceValues[kind] else {
                    unknown(ContentsFormat.appearance, kind.isEmpty ? nil : kind,
                           "appearance \"\(kind)\" is not one verify knows (a newer Xcode may write it)",
                           "use " + Appearance.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
                    continue
                }
                if !allowed.contains(value) {
                    unknown(ContentsFormat.value, value.isEmpty ? nil : value,
                           "\"\(kind)\" appearance value \"\(value)\" is not one verify knows (a newer Xcode may write it)",
                           "use " + allowed.map { "\"\($0)\"" }.joined(separator: " or "))
                }
            }
        }
    }

    private func checkEnumerated(_ key: String, _ value: JSONValue,
                                 unknown: (String, String?, String, String) -> Void) {
        guard let allowed = Self.enumeratedValues[key] else { return }
        let text = value.stringValue
        guard let text, allowed.contains(text) else {
            let list = allowed.map { "\"\($0)\"" }
            let choices: String
            if list.count == 2 {
                choices = list.joined(separator: " or ")
            } else {
                let leading: String = list.dropLast().joined(separator: ", ")
                choices = leading + " or " + list[list.count - 1]
            }
            unknown(key, text, "\"\(key)\" is \(text.map { "\"\($0)\"" } ?? "not a string"); Xcode accepts \(choices)",
                   "use one of them")
            return
        }
    }

    // MARK: Files


    /// Every `filename` exists with exactly that case; every image file is named by an entry.
    private func checkReferences(_ set: CatalogSet) {
        var referenced: Set<String> = []
        for (_, image) in set.images {
            // By bytes: Foundation's `contains` of a string was 4 % of verify's checks (issue 50).
            guard let name = image.filename, !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else { continue }
            referenced.insert(name)
            let relative = set.path + "/" + name
            if exists(name, in: set) { continue }
            let place = locate(key: ContentsKey.filename.rawValue, value: name, in: set)
            if let actual = caseVariant(of: name, in: set) {
                referenced.insert(actual)
                // On APFS and HFS+ (case-insensitive, where most apps are built) actool finds the file;
                // on a case-sensitive volume it does not: a warning for a catalog made elsewhere.
                add(isOwn(set) ? .error : .warning, .fileCase, file: shown(set.path + "/Contents.json"), line: place?.line, column: place?.column,
                    asset: set.path,
                    message: "names \"\(name)\" but the file is \"\(actual)\"; the names differ in case, "
                        + "so a case-sensitive volume does not find it",
                    fix: "rename the file to \"\(name)\", or change \"filename\" to \"\(actual)\"")
            } else {
                reportedMissing.insert(relative)
                add(.error, .missingFile, file: shown(set.path + "/Contents.json"), line: place?.line,
                    column: place?.column, asset: set.path,
                    message: "the file \"\(name)\" for the \(kindWord(set)) \"\(set.name)\" does not exist",
                    fix: "add \"\(name)\" to \"\(set.path)\", or remove \"filename\" from that entry")
            }
        }
        for file in set.files where ImageFormat.allExtensions.contains(PathText.fileExtension(file).lowercased())
            && !referenced.contains(file) {
            add(.warning, .unassigned, file: shown(set.path + "/" + file), asset: set.path,
                message: "is not assigned to any slot of the \(kindWord(set)) \"\(set.name)\" (unassigned child)",
                fix: "assign it to a slot in Contents.json, or delete it")
        }
    }

    /// `app icon set` or `image set`, as actool names them.
    func kindWord(_ set: CatalogSet) -> String {
        switch set.kind {
        case .appIcon: "app icon set"
        case .image: "image set"
        case .other: "set"
        }
    }

    /// The line and column of `"key"` in the set's Contents.json, where its value is `"value"`
    /// when one is given: a pointer for messages, not a parser. Each Contents.json is scanned once
    /// for every key at the same time (`StringPlaces`), so thousands of findings on one long line
    /// cost one pass, not one pass each.
    func locate(key: String, value: String?, in set: CatalogSet) -> (line: Int, column: Int)? {
        place(of: key, value: value, inContents: set.path + "/Contents.json")
    }
}

/// Where each quoted string of a JSON text first appears, and each `"key" : "value"` pair, found
/// in one pass over the bytes with the line and column counted as it goes (columns in
/// characters, as a person counts them).
package enum StringPlaces {
    /// `key + "\u{0}" + value` → first place of the pair; `key + "\u{0}\u{0}any"` → first place
    /// of the quoted string at all.
    package static func index(_ data: Data) -> [String: (line: Int, column: Int)] {
        var places: [String: (line: Int, column: Int)] = [:]
        let bytes = [UInt8](data)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
        var line = 1, column = 1, i = 0
        /// The string that starts at the quote at `start`, and the index after its closing quote.
        func string(at start: Int) -> (String, Int) {
            var j = start + 1
            while j < bytes.count, bytes[j] != quote {
                j += bytes[j] == backslash ? 2 : 1
            }
            let end = min(j, bytes.count)
            return (String(decoding: bytes[(start + 1)..<end], as: UTF8.self), min(end + 1, bytes.count))
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == newline {
                line += 1
                column = 1
                i += 1
                continue
            }
            guard byte == quote else {
                if byte & 0xC0 != 0x80 { column += 1 } // continuation bytes are not characters
                i += 1
                continue
            }
            let place = (line, column)
            let (text, after) = string(at: i)
            if places[text + "\u{0}\u{0}any"] == nil { places[text + "\u{0}\u{0}any"] = place }
            var k = after
            while k < bytes.count, bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: ":") || bytes[k] == UInt8(ascii: "\t") {
                k += 1
            }
            if k < bytes.count, bytes[k] == quote {
                let (value, _) = string(at: k)
                if places[text + "\u{0}" + value] == nil { places[text + "\u{0}" + value] = place }
            }
            // Step over the string, counting its characters (a string holds no raw newline).
            for b in bytes[i..<after] where b & 0xC0 != 0x80 { column += 1 }
            i = after
        }
        return places
    }
}
