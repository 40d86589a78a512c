import AssetCore
import AssetSpec
import Foundation

/// One era's requirements, read from `Templates/Tables/<name>.json`: which app icon slots exist
/// in which layout, and which scales plain images are written at. A new Xcode is a new data file.
package struct RequirementTable: Hashable, Sendable, Decodable {
    package var name: String
    package var title: String
    package var imageScales: [Scale]
    package var appIcon: AppIconRequirements
    /// Legacy launch image slots and bar geometry; nil when the table has no `launch` section.
    package var launch: LaunchRequirements?
    /// Bar glyph, tab icon and back indicator boxes; nil in tables of eras without them.
    package var glyphs: GlyphRequirements?
    /// The macOS app icon sizes and Apple's icon grid; nil in tables without them.
    package var macIcon: MacIconRequirements?
    /// The watchOS single-size slot; nil in tables without it.
    package var watchIcon: WatchIconRequirements?
    /// tvOS brand assets (image stacks and Top Shelf images); nil in tables without them.
    package var tvIcon: TVIconRequirements?
    /// The visionOS solid image stack; nil in tables without it.
    package var visionIcon: VisionIconRequirements?

    enum CodingKeys: String, CodingKey {
        case name, title, glyphs
        case macIcon = "mac-icon"
        case watchIcon = "watch-icon"
        case tvIcon = "tv-icon"
        case visionIcon = "vision-icon"
        case imageScales = "image-scales"
        case appIcon = "app-icon"
        case launch
    }
}

/// The macOS part of a table: the `mac` idiom slots and the grid their artwork sits on.
package struct MacIconRequirements: Hashable, Sendable, Decodable {
    package var slots: [AppIconSlot]
    package var grid: MacIconGrid

    enum CodingKeys: String, CodingKey {
        case slots, grid
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        grid = try container.decode(MacIconGrid.self, forKey: .grid)
        // Slots are written without idiom in the table: they are all `mac`.
        struct Entry: Decodable { var size: String; var scale: Scale }
        slots = try container.decode([Entry].self, forKey: .slots).map {
            AppIconSlot(idiom: Idiom.mac.rawValue, platform: nil, size: $0.size, scale: $0.scale, role: nil, subtype: nil, use: "macOS")
        }
    }
}

/// The app icon part of a table.
package struct AppIconRequirements: Hashable, Sendable, Decodable {
    package var defaultLayout: String
    package var layouts: [String: AppIconLayout]

    enum CodingKeys: String, CodingKey {
        case defaultLayout = "default-layout"
        case layouts
    }
}

/// A set of app icon slots that Xcode writes together (single size, all sizes, legacy).
package struct AppIconLayout: Hashable, Sendable, Decodable {
    /// iOS 18 appearances the layout offers besides the default one (`dark`, `tinted`).
    package var appearances: [String]
    package var slots: [AppIconSlot]
}

/// One `images` entry of an `.appiconset`, as Xcode writes it.
package struct AppIconSlot: Hashable, Sendable, Decodable {
    package var idiom: String
    package var platform: String?
    /// Points, Contents.json form (`83.5x83.5`).
    package var size: String
    /// nil for the Xcode 14+ 1024 entry, which has no `scale` key.
    package var scale: Scale?
    package var role: String?
    package var subtype: String?
    /// What the slot is for (Notification, Spotlight …), for messages and previews.
    package var use: String?

    /// The size in points, parsed.
    package var points: PointSize? { PointSize(parsing: size) }
}

/// Finds and reads requirement tables.
package enum TableLoader {
    /// Loads table `name` from the first of `directories` that has `<name>.json`.
    /// Errors are returned as diagnostics pointing at `reference` (where the manifest names the table).
    package static func load(_ name: String, from directories: [String],
                             reference: SourceLocation) -> Result<RequirementTable, Diagnostic> {
        for directory in directories {
            let path = (directory as NSString).appendingPathComponent("\(name).json")
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            do {
                let table = try JSONDecoder().decode(RequirementTable.self, from: data)
                return .success(table)
            } catch {
                return .failure(.error("requirement table \"\(path)\" cannot be read: \(error)", at: .file(path),
                                       fix: "restore the file from the Assetsmith distribution"))
            }
        }
        let known = available(in: directories)
        let guess = Suggestion.closest(to: name, in: known).map { "did you mean \"\($0)\"? " } ?? ""
        return .failure(.error("unknown requirement table \"\(name)\"", at: .source(reference),
                               fix: guess + "known tables: " + known.joined(separator: ", ")))
    }

    /// The table used when a manifest names none.
    package static let fallbackNewest = "ios18"

    /// The newest table in `directories`: the highest version number of `ios<N>`.
    package static func newest(in directories: [String]) -> String? {
        available(in: directories).compactMap { name -> (Int, String)? in
            guard name.hasPrefix("ios"), let version = Int(name.dropFirst(3)) else { return nil }
            return (version, name)
        }.max { $0.0 < $1.0 }?.1
    }

    /// Table names found in `directories`, sorted.
    package static func available(in directories: [String]) -> [String] {
        var names: Set<String> = []
        for directory in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files where file.hasSuffix(".json") { names.insert(String(file.dropLast(5))) }
        }
        return names.sorted()
    }
}
