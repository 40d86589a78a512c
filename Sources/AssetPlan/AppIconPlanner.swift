import AssetCore
import AssetSpec

/// App icon sets: every slot of the chosen layout from one master (plus the small master for
/// slots of 40 pt and less), flattened and written without alpha; dark and tinted appearances.
enum AppIconPlanner {
    /// Slots at or below this size (points) use the small master when one is given.
    static let smallSlotLimit = 40.0

    /// `setName` names the set and its files when it is not the asset's name (`AppIcon-Flat`
    /// beside an `AppIcon.icon`).
    static func plan(_ asset: AssetEntry, _ spec: AppIconSpec, table: RequirementTable,
                     setName: String? = nil) -> AssetPlanPart {
        let setName = setName ?? asset.name
        var part = AssetPlanPart()
        let layoutName = spec.layout?.value ?? table.appIcon.defaultLayout
        guard let layout = table.appIcon.layouts[layoutName] else {
            let names = table.appIcon.layouts.keys.sorted()
            let guess = Suggestion.closest(to: layoutName, in: names).map { "did you mean \"\($0)\"? " } ?? ""
            part.diagnostics.append(.error(
                "table \"\(table.name)\" has no app icon layout \"\(layoutName)\"",
                at: spec.layout.map { .source($0.location) } ?? .asset(name: asset.name, detail: nil),
                fix: guess + "layouts of \"\(table.name)\": " + names.joined(separator: ", ")))
            return part
        }
        for (appearance, file) in [("dark", spec.dark?.location), ("tinted", tintedLocation(spec))] {
            if let file, !layout.appearances.contains(appearance) {
                part.diagnostics.append(.error(
                    "table \"\(table.name)\" (layout \"\(layoutName)\") has no \(appearance) app icon appearance",
                    at: .source(file),
                    fix: "remove \"\(appearance)\", or target a table with iOS 18 appearances (table: ios18)"))
            }
        }
        if part.diagnostics.hasErrors { return part }

        let folder = FolderKind.appIconSet.folder(setName)
        var images: [ContentsImage] = []
        let macSlots: [AppIconSlot]
        if spec.platforms.contains(.macos) {
            guard let mac = table.macIcon else {
                part.diagnostics.append(.error("table \"\(table.name)\" has no macOS app icon sizes",
                                               at: .source(asset.location), fix: "use table ios16 or later, or remove macos from \"platforms\""))
                return part
            }
            macSlots = mac.slots
        } else {
            macSlots = []
        }
        for slot in spec.platforms.contains(.ios) ? layout.slots : [] {
            guard let points = slot.points, let pixels = points.pixels(at: slot.scale ?? .x1) else {
                part.diagnostics.append(.error("table \"\(table.name)\" has a malformed slot size \"\(slot.size)\"",
                                               fix: "fix the table file"))
                continue
            }
            let small = points.width <= smallSlotLimit ? spec.smallSource : nil
            let master = small ?? spec.source
            let variants = appearances(asset, spec, slot: slot, setName: setName, folder: folder, pixels: pixels, master: master)
            for (appearance, var job) in variants {
                job.badge = spec.badge.map { BadgeDrawing($0, appearance: appearance) }
                part.jobs.append(job)
                images.append(contentsImage(slot, file: String(job.output.dropFirst(folder.count + 1)),
                                            appearance: appearance))
            }
        }
        // macOS: the mac idiom sizes from the same master, on Apple's grid (transparent canvas,
        // rounded square, shadow) or full bleed (opaque), in the same set.
        let grid = table.macIcon?.grid
        for slot in macSlots {
            guard let points = slot.points, let pixels = points.pixels(at: slot.scale ?? .x1), let grid else { continue }
            let master = points.width <= smallSlotLimit ? (spec.smallSource ?? spec.source) : spec.source
            let onGrid = spec.macStyle == .appleGrid
            // As drawn: the finished icon's own shape and transparency, scaled and nothing else.
            let asDrawn = spec.macStyle == .asDrawn
            var job = RenderJob(output: folder + "/" + fileName(setName, appearance: nil, slot: slot), asset: asset.name,
                                slot: label(slot, appearance: nil), scale: slot.scale ?? .x1, source: Planner.sourceRef(master),
                                pixelSize: pixels, fit: .fill, background: asDrawn ? nil : spec.background,
                                effect: onGrid ? .macGrid(grid) : .none, channels: onGrid || asDrawn ? .rgba : .rgb,
                                origin: master.location)
            job.badge = spec.badge.map { BadgeDrawing($0, appearance: nil, inset: onGrid || asDrawn ? grid.margin : 0) }
            part.jobs.append(job)
            images.append(contentsImage(slot, file: String(job.output.dropFirst(folder.count + 1)), appearance: nil))
        }
        // watchOS: the single-size 1024 entry with `"platform" : "watchos"`, square and opaque
        // (watchOS masks it to a circle when it shows it).
        if spec.platforms.contains(.watchos) {
            guard let watch = table.watchIcon else {
                part.diagnostics.append(.error("table \"\(table.name)\" has no watchOS app icon size",
                                               at: .source(asset.location), fix: "use table ios16 or later, or remove watchos from \"platforms\""))
                return part
            }
            for slot in watch.slots {
                guard let points = slot.points, let pixels = points.pixels(at: slot.scale ?? .x1) else { continue }
                var job = RenderJob(output: folder + "/" + fileName(setName, appearance: nil, slot: slot), asset: asset.name,
                                    slot: label(slot, appearance: nil) + " watchOS", scale: slot.scale ?? .x1,
                                    source: Planner.sourceRef(spec.source), pixelSize: pixels, fit: .fill,
                                    background: spec.background, channels: .rgb, origin: spec.source.location)
                job.badge = spec.badge.map { BadgeDrawing($0, appearance: nil) }
                part.jobs.append(job)
                images.append(contentsImage(slot, file: String(job.output.dropFirst(folder.count + 1)), appearance: nil))
            }
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: folder,
                                         contents: ContentsDocument(images: images).json))
        return part
    }

    /// One iOS slot's jobs: the master, then (except the App Store icon) dark and tinted.
    private static func appearances(_ asset: AssetEntry, _ spec: AppIconSpec, slot: AppIconSlot, setName: String,
                                    folder: String, pixels: PixelSize, master: SourceFile) -> [(appearance: String?, job: RenderJob)] {
    var variants: [(appearance: String?, job: RenderJob)] = []
    let name = fileName(setName, appearance: nil, slot: slot)
    variants.append((nil, RenderJob(
        output: folder + "/" + name, asset: asset.name, slot: label(slot, appearance: nil),
        scale: slot.scale ?? .x1, source: Planner.sourceRef(master), pixelSize: pixels, fit: .fill,
        background: spec.background, channels: .rgb, origin: master.location)))
    if slot.idiom != "ios-marketing" {
        if let dark = spec.dark {
            variants.append(("dark", RenderJob(
                output: folder + "/" + fileName(setName, appearance: "dark", slot: slot),
                asset: asset.name, slot: label(slot, appearance: "dark"), scale: slot.scale ?? .x1,
                source: Planner.sourceRef(dark), pixelSize: pixels, fit: .fill, background: nil,
                channels: .rgba, origin: dark.location)))
        }
        if let tinted = spec.tinted {
            let (file, background): (SourceFile, RGBAColor) = switch tinted {
            case .file(let given): (given, .black)
            case .derived: (master, spec.background)
            }
            variants.append(("tinted", RenderJob(
                output: folder + "/" + fileName(setName, appearance: "tinted", slot: slot),
                asset: asset.name, slot: label(slot, appearance: "tinted"), scale: slot.scale ?? .x1,
                source: Planner.sourceRef(file), pixelSize: pixels, fit: .fill, background: background,
                effect: .greyscale, channels: .rgb, origin: file.location)))
        }
    }
        return variants
    }

    private static func tintedLocation(_ spec: AppIconSpec) -> SourceLocation? {
        switch spec.tinted {
        case .derived(let location): location
        case .file(let file): file.location
        case nil: nil
        }
    }

    /// `AppIcon-1024.png`, `AppIcon-iPhone-60@3x.png`, `AppIcon-Dark-1024.png`.
    static func fileName(_ asset: String, appearance: String?, slot: AppIconSlot) -> String {
        var parts = [asset]
        if let appearance { parts.append(appearance.prefix(1).uppercased() + appearance.dropFirst()) }
        switch slot.idiom {
        case "iphone": parts.append("iPhone")
        case "ipad": parts.append("iPad")
        case "universal", "ios-marketing": break
        default: parts.append(slot.idiom)
        }
        if slot.platform == "watchos" { parts.append("watchOS") }
        if let role = slot.role { parts.append(role) }
        if let subtype = slot.subtype { parts.append(subtype) }
        let side = slot.points.map { PointSize.format($0.width) } ?? slot.size
        parts.append(side)
        return parts.joined(separator: "-") + (slot.scale?.fileSuffix ?? "") + ".png"
    }

    /// `iphone 60pt @3x`, `universal 1024pt (dark)`.
    static func label(_ slot: AppIconSlot, appearance: String?) -> String {
        let side = slot.points.map { PointSize.format($0.width) } ?? slot.size
        var text = "\(slot.idiom) \(side)pt"
        if let scale = slot.scale { text += " \(scale)" }
        if let appearance { text += " (\(appearance))" }
        return text
    }

    static func contentsImage(_ slot: AppIconSlot, file: String, appearance: String?) -> ContentsImage {
        ContentsImage(filename: file, idiom: slot.idiom, scale: slot.scale, size: slot.size, platform: slot.platform,
                      role: slot.role, subtype: slot.subtype,
                      appearances: appearance.map { [(appearance: "luminosity", value: $0)] } ?? [])
    }
}
