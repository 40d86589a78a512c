import AssetCore
import Foundation

/// One set folder of an asset catalog as found on disk: its kind, the names in its folder
/// (exact case, as the directory listing gives them) and its Contents.json, parsed or not.
package struct CatalogSet: Hashable, Sendable {
    /// What kind of set the folder extension says it is.
    package enum Kind: Hashable, Sendable {
        case appIcon
        case image
        /// Any other set (`colorset`, `symbolset`, `launchimage`…): only its JSON is checked.
        case other

        /// The kind of a folder whose extension is `folderExtension`, exactly as written.
        package init(folderExtension: String) {
            switch FolderKind(rawValue: folderExtension) {
            case .appIconSet?: self = .appIcon
            case .imageSet?: self = .image
            default: self = .other
            }
        }
    }

    /// Path inside the catalog: `AppIcon.appiconset`, `Tabs/Home.imageset`.
    package var path: String {
        didSet { (folderExtension, folderKind) = Self.folder(path) }
    }
    /// The folder name without its extension: `AppIcon`, `Home.selected`.
    package var name: String
    package var kind: Kind
    /// Every non-hidden entry of the folder except `Contents.json`, sorted, exact case.
    package var files: [String]
    /// The parsed Contents.json, or why it could not be read.
    package var contents: Result<JSONValue, ContentsError>

    /// The folder's extension, lower case: `appiconset`, `colorset`, `symbolset`, `brandassets`…
    /// Taken once from `path` (verify's checks across sets ask it of 50,000 sets, issue 50).
    package private(set) var folderExtension: String
    /// The folder's kind by its extension (any case); nil for one Xcode does not know.
    package private(set) var folderKind: FolderKind?

    private static func folder(_ path: String) -> (String, FolderKind?) {
        let folderExtension = PathText.fileExtension(PathText.lastComponent(path)).lowercased()
        return (folderExtension, FolderKind(rawValue: folderExtension))
    }

    package init(path: String, name: String, kind: Kind, files: [String], contents: Result<JSONValue, ContentsError>) {
        self.path = path
        (folderExtension, folderKind) = Self.folder(path)
        self.name = name
        self.kind = kind
        self.files = files
        self.contents = contents
    }

    /// The `images` entries that are objects, with their index in the array.
    package var images: [(index: Int, image: ContentsImage)] {
        guard case .success(let value) = contents, let images = value[ContentsFormat.images]?.arrayValue else { return [] }
        return images.enumerated().compactMap { index, image in
            if case .object(let fields) = image { return (index, ContentsImage(fields: fields)) }
            return nil
        }
    }

    /// `properties.template-rendering-intent`, when present and a string.
    package var templateRenderingIntent: String? {
        guard case .success(let value) = contents else { return nil }
        return value["properties"]?["template-rendering-intent"]?.stringValue
    }
}

/// Why a Contents.json could not be used: missing, unreadable or not JSON. `line` and `column`
/// (1-based) are given when the parser said where it stopped.
package struct ContentsError: Error, Hashable, Sendable {
    package var message: String
    package var line: Int?
    package var column: Int?

    package init(message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }
}
