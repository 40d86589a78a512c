import AssetCore
import AssetSpec

/// The badge of an Icon Composer `.icon`: a group of its own above every other (icon.json lists
/// it first), one layer whose file is the badge drawn on a transparent 1024 px canvas, with dark
/// and tinted files as `image-name-specializations`, so that Liquid Glass renders it like the
/// icon's own layers. The file names start with `assetsmith-badge` so that they cannot be taken
/// for the manifest's layer files.
enum BadgeLayer {
    static let layerName = "assetsmith-badge"
    /// The canvas of an Icon Composer icon, in px (1024 pt at 1x).
    static let side = IconLayerRule.minimumSide

    /// The group (empty without a badge); its layer files are added to `files`.
    static func group(_ badge: BadgeSpec?, files: inout [IconLayerFile]) -> [JSONValue] {
        guard let badge else { return [] }
        var names: [String: JSONValue] = [:]
        for appearance in [nil, .dark, .tinted] as [IconComposerFormat.Appearance?] {
            let name = layerName + (appearance.map { "-" + $0.rawValue } ?? "") + ".png"
            var file = IconLayerFile(name: name, source: SourceRef(path: "", displayPath: "badge \"\(badge.text)\"", format: .png),
                                     origin: badge.location)
            file.badge = BadgeDrawing(badge, appearance: appearance)
            files.append(file)
            names[(appearance ?? .light).rawValue] = .string(name)
        }
        var layer: [String: JSONValue] = [IconComposerFormat.LayerKey.name.rawValue: .string(layerName)]
        IconBundlePlanner.specialize(&layer, IconComposerFormat.LayerKey.imageName, base: names[IconComposerFormat.Appearance.light.rawValue],
                                     dark: names[IconComposerFormat.Appearance.dark.rawValue],
                                     tinted: names[IconComposerFormat.Appearance.tinted.rawValue])
        return [IconComposerFormat.object([IconComposerFormat.GroupKey.layers: [.object(layer)]])]
    }

    /// The flat sizes composed from an icon's layers get the badge too (inside Apple's grid on macOS).
    static func badgeFlatJobs(_ part: inout AssetPlanPart, _ badge: BadgeSpec?) {
        guard let badge else { return }
        part.jobs = part.jobs.map { job in
            var job = job
            var inset = 0.0
            if case .macGrid(let grid) = job.effect { inset = grid.margin }
            job.badge = BadgeDrawing(badge, appearance: nil, inset: inset)
            return job
        }
    }
}
