import AssetCore
import Foundation
import PNGCodec

/// What the preview needs from a catalog on disk: every set with its Contents.json entries and
/// decoded images. Read from the files, so it shows exactly what Xcode will get.
package struct PreviewCatalog: Sendable {
    package struct Image: Sendable {
        package var file: String
        package var bitmap: Bitmap
        /// The Contents.json entry's string fields (`idiom`, `scale`, `size`, `subtype`, …).
        package var fields: [String: String]
        /// `dark`, `tinted` or nil (any appearance).
        package var appearance: String?

        package var scale: Int { Int(fields["scale"]?.dropLast() ?? "1") ?? 1 }
        package var isCompact: Bool { fields["height-class"] == "compact" }
    }

    package struct Set: Sendable {
        /// `AppIcon` (no extension).
        package var name: String
        /// `appiconset`, `imageset`, `launchimage`, …
        package var type: String
        package var images: [Image]
        package var isTemplate: Bool

        /// The image for `scale` (regular height class, any appearance), if any.
        package func image(scale: Int, compact: Bool = false) -> Image? {
            images.first { $0.scale == scale && $0.appearance == nil && $0.isCompact == compact }
                ?? (compact ? image(scale: scale) : nil)
        }
    }

    package var name: String
    package var sets: [Set]

    package func set(named name: String) -> Set? { sets.first { $0.name == name } }

    /// Reads `<catalog>.xcassets`; unreadable sets or images are skipped (verify reports them).
    package static func read(at path: String) -> PreviewCatalog {
        let manager = FileManager.default
        var sets: [Set] = []
        let folders = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted()
        for folder in folders {
            let type = (folder as NSString).pathExtension
            guard !type.isEmpty, type != "xcassets" else { continue }
            let setPath = path + "/" + folder
            guard let data = manager.contents(atPath: setPath + "/Contents.json"),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            var images: [Image] = []
            for entry in json["images"] as? [[String: Any]] ?? [] {
                guard let file = entry["filename"] as? String,
                      let bytes = manager.contents(atPath: setPath + "/" + file),
                      let bitmap = try? PNGCodec.decode(bytes) else { continue }
                var fields: [String: String] = [:]
                for (key, value) in entry {
                    if let text = value as? String { fields[key] = text }
                }
                let appearance = (entry["appearances"] as? [[String: Any]])?.first?["value"] as? String
                images.append(Image(file: file, bitmap: bitmap, fields: fields, appearance: appearance))
            }
            let properties = json["properties"] as? [String: Any]
            sets.append(Set(name: (folder as NSString).deletingPathExtension, type: type, images: images,
                            isTemplate: properties?["template-rendering-intent"] as? String == "template"))
        }
        return PreviewCatalog(name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension, sets: sets)
    }

    /// Tab pairs: template imagesets `X` with a sibling `X.selected`, in name order (a control's
    /// `X.selected` state is not a tab: controls are not templates and have `X.highlighted`).
    package var tabPairs: [(unselected: Set, selected: Set)] {
        sets.compactMap { set in
            guard set.type == "imageset", set.isTemplate, !set.name.hasSuffix(".selected"),
                  self.set(named: set.name + ".highlighted") == nil,
                  let selected = self.set(named: set.name + ".selected") else { return nil }
            return (set, selected)
        }
    }

    /// Back indicators: imagesets `X` with a sibling transition mask `X.mask`.
    package var backIndicators: [Set] {
        sets.filter { $0.type == "imageset" && self.set(named: $0.name + ".mask") != nil }
    }

    /// Bar glyphs: template imagesets that are neither half of a tab pair nor a back indicator or mask.
    package var barGlyphs: [Set] {
        let taken = Swift.Set(tabPairs.flatMap { [$0.unselected.name, $0.selected.name] }
            + backIndicators.flatMap { [$0.name, $0.name + ".mask"] })
        return sets.filter { $0.type == "imageset" && $0.isTemplate && !taken.contains($0.name) }
    }
}
