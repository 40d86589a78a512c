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
        guard let layout = layout(asset, spec, table: table, into: &part) else { return part }
        let folder = FolderKind.appIconSet.folder(setName)
        var images: [ContentsImage] = []
        let set = SetPlace(asset: asset, spec: spec, setName: setName, folder: folder)
        if spec.platforms.contains(.macos), table.macIcon == nil {
            part.diagnostics.append(.error("table \"\(table.name)\" has no macOS app icon sizes",
                                           at: .source(asset.location), fix: "use table ios16 or later, or remove macos from \"platforms\""))
            return part
        }
        if spec.platforms.contains(.ios) { planIOS(set, slots: layout.slots, table: table, into: &part, images: &images) }
        if spec.platforms.contains(.macos) { planMac(set, table: table, into: &part, images: &images) }
        // watchOS: the single-size 1024 entry with `"platform" : "watchos"`, square and opaque
        // (watchOS masks it to a circle when it shows it).
        if spec.platforms.contains(.watchos) {
            guard let watch = table.watchIcon else {
                part.diagnostics.append(.error("table \"\(table.name)\" has no watchOS app icon size",
                                               at: .source(asset.location), fix: "use table ios16 or later, or remove watchos from \"platforms\""))
                return part
            }
            planWatch(set, slots: watch.slots, into: &part, images: &images)
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: folder,
                                         contents: ContentsDocument(images: images).json))
        return part
    }

    /// The asset, its set's name and folder: what every slot's job and entry are made of.
    private struct SetPlace {
        var asset: AssetEntry
        var spec: AppIconSpec
        var setName: String
        var folder: String

        /// The entry of `job`'s file in the set's Contents.json.
        func image(_ slot: AppIconSlot, _ job: RenderJob, appearance: Appearance.Luminosity?) -> ContentsImage {
            contentsImage(slot, file: String(job.output.dropFirst(folder.count + 1)), appearance: appearance)
        }
    }

    /// The table's layout the icon asks for, or nil (with an error) when the table has no such
    /// layout or the layout lacks an appearance the icon gives.
    private static func layout(_ asset: AssetEntry, _ spec: AppIconSpec, table: RequirementTable,
                               into part: inout AssetPlanPart) -> AppIconLayout? {
        let layoutName = spec.layout?.value ?? table.appIcon.defaultLayout
        guard let layout = table.appIcon.layouts[layoutName] else {
            let names = table.appIcon.layouts.keys.sorted()
            let guess = Suggestion.closest(to: layoutName, in: names).map { "did you mean \"\($0)\"? " } ?? ""
            part.diagnostics.append(.error(
                "table \"\(table.name)\" has no app icon layout \"\(layoutName)\"",
                at: spec.layout.map { .source($0.location) } ?? .asset(name: asset.name, detail: nil),
                fix: guess + "layouts of \"\(table.name)\": " + names.joined(separator: ", ")))
            return nil
        }
        let given: [(Appearance.Luminosity, SourceLocation?)] = [(.dark, spec.dark?.location), (.tinted, tintedLocation(spec))]
        for (appearance, file) in given {
            if let file, !layout.appearances.contains(appearance.rawValue) {
                part.diagnostics.append(.error(
                    "table \"\(table.name)\" (layout \"\(layoutName)\") has no \(appearance.rawValue) app icon appearance",
                    at: .source(file),
                    fix: "remove \"\(appearance.rawValue)\", or target a table with iOS 18 appearances (table: ios18)"))
            }
        }
        return part.diagnostics.hasErrors ? nil : layout
    }

    /// The iOS slots of the layout, each with its dark and tinted appearances.
    private static func planIOS(_ set: SetPlace, slots: [AppIconSlot], table: RequirementTable,
                                into part: inout AssetPlanPart, images: inout [ContentsImage]) {
        let spec = set.spec
        for slot in slots {
            guard let points = slot.points, let pixels = points.pixels(at: slot.scale ?? .x1) else {
                part.diagnostics.append(.error("table \"\(table.name)\" has a malformed slot size \"\(slot.size)\"",
                                               fix: "fix the table file"))
                continue
            }
            let small = points.width <= smallSlotLimit ? spec.smallSource : nil
            let master = small ?? spec.source
            let variants = appearances(set.asset, spec, slot: slot, setName: set.setName, folder: set.folder,
                                       pixels: pixels, master: master)
            for (appearance, var job) in variants {
                job.badge = spec.badge.map { BadgeDrawing($0, appearance: appearance) }
                part.jobs.append(job)
                images.append(set.image(slot, job, appearance: appearance))
            }
        }
    }

    /// macOS: the mac idiom sizes from the same master, on Apple's grid (transparent canvas,
    /// rounded square, shadow) or full bleed (opaque), in the same set.
    private static func planMac(_ set: SetPlace, table: RequirementTable, into part: inout AssetPlanPart,
                                images: inout [ContentsImage]) {
        let spec = set.spec
        guard let mac = table.macIcon else { return }
        for slot in mac.slots {
            guard let points = slot.points, let pixels = points.pixels(at: slot.scale ?? .x1) else { continue }
            let master = points.width <= smallSlotLimit ? (spec.smallSource ?? spec.source) : spec.source
            let onGrid = spec.macStyle == .appleGrid
            // As drawn: the finished icon's own shape and transparency, scaled and nothing else.
            let asDrawn = spec.macStyle == .asDrawn
            var job = RenderJob(output: set.folder + "/" + fileName(set.setName, appearance: nil, slot: slot), asset: set.asset.name,
                                slot: label(slot, appearance: nil), scale: slot.scale ?? .x1, source: Planner.sourceRef(master),
                                pixelSize: pixels, fit: .fill, background: asDrawn ? nil : spec.background,
                                effect: onGrid ? .macGrid(mac.grid) : .none, channels: onGrid || asDrawn ? .rgba : .rgb,
                                origin: master.location)
            job.badge = spec.badge.map { BadgeDrawing($0, appearance: nil, inset: onGrid || asDrawn ? mac.grid.margin : 0) }
            part.jobs.append(job)
            images.append(set.image(slot, job, appearance: nil))
        }
    }

    /// watchOS: its slots from the master, opaque.
    private static func planWatch(_ set: SetPlace, slots: [AppIconSlot], into part: inout AssetPlanPart,
                                  images: inout [ContentsImage]) {
        let spec = set.spec
        for slot in slots {
            guard let points = slot.points, let pixels = points.pixels(at: slot.scale ?? .x1) else { continue }
            var job = RenderJob(output: set.folder + "/" + fileName(set.setName, appearance: nil, slot: slot), asset: set.asset.name,
                                slot: label(slot, appearance: nil) + " " + Platform.watchos.name, scale: slot.scale ?? .x1,
                                source: Planner.sourceRef(spec.source), pixelSize: pixels, fit: .fill,
                                background: spec.background, channels: .rgb, origin: spec.source.location)
            job.badge = spec.badge.map { BadgeDrawing($0, appearance: nil) }
            part.jobs.append(job)
            images.append(set.image(slot, job, appearance: nil))
        }
    }

    /// One iOS slot's jobs: the master, then (except the App Store icon) dark and tinted.
    private static func appearances(_ asset: AssetEntry, _ spec: AppIconSpec, slot: AppIconSlot, setName: String,
                                    folder: String, pixels: PixelSize,
                                    master: SourceFile) -> [(appearance: Appearance.Luminosity?, job: RenderJob)] {
        var variants: [(appearance: Appearance.Luminosity?, job: RenderJob)] = []
        let name = fileName(setName, appearance: nil, slot: slot)
        variants.append((nil, RenderJob(
            output: folder + "/" + name, asset: asset.name, slot: label(slot, appearance: nil),
            scale: slot.scale ?? .x1, source: Planner.sourceRef(master), pixelSize: pixels, fit: .fill,
            background: spec.background, channels: .rgb, origin: master.location)))
        guard slot.idiom != Idiom.iosMarketing.rawValue else { return variants }
        if let dark = spec.dark {
            variants.append((.dark, RenderJob(
                output: folder + "/" + fileName(setName, appearance: .dark, slot: slot),
                asset: asset.name, slot: label(slot, appearance: .dark), scale: slot.scale ?? .x1,
                source: Planner.sourceRef(dark), pixelSize: pixels, fit: .fill, background: nil,
                channels: .rgba, origin: dark.location)))
        }
        if let tinted = spec.tinted {
            let (file, background): (SourceFile, RGBAColor) = switch tinted {
            case .file(let given): (given, .black)
            case .derived: (master, spec.background)
            }
            variants.append((.tinted, RenderJob(
                output: folder + "/" + fileName(setName, appearance: .tinted, slot: slot),
                asset: asset.name, slot: label(slot, appearance: .tinted), scale: slot.scale ?? .x1,
                source: Planner.sourceRef(file), pixelSize: pixels, fit: .fill, background: background,
                effect: .greyscale, channels: .rgb, origin: file.location)))
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
    static func fileName(_ asset: String, appearance: Appearance.Luminosity?, slot: AppIconSlot) -> String {
        var parts = [asset]
        if let appearance { parts.append(appearance.title) }
        switch Idiom(rawValue: slot.idiom) {
        case .universal?, .iosMarketing?: break
        default: parts.append(Idiom.deviceName(of: slot.idiom))
        }
        if slot.platform == Platform.watchos.rawValue { parts.append(Platform.watchos.name) }
        if let role = slot.role { parts.append(role) }
        if let subtype = slot.subtype { parts.append(subtype) }
        let side = slot.points.map { PointSize.format($0.width) } ?? slot.size
        parts.append(side)
        return parts.joined(separator: "-") + (slot.scale?.fileSuffix ?? "") + ".png"
    }

    /// `iphone 60pt @3x`, `universal 1024pt (dark)`.
    static func label(_ slot: AppIconSlot, appearance: Appearance.Luminosity?) -> String {
        let side = slot.points.map { PointSize.format($0.width) } ?? slot.size
        var text = "\(slot.idiom) \(side)pt"
        if let scale = slot.scale { text += " \(scale)" }
        if let appearance { text += " (\(appearance.rawValue))" }
        return text
    }

    static func contentsImage(_ slot: AppIconSlot, file: String, appearance: Appearance.Luminosity?) -> ContentsImage {
        ContentsImage(filename: file, idiom: slot.idiom, scale: slot.scale, size: slot.size, platform: slot.platform,
                      role: slot.role, subtype: slot.subtype,
                      appearances: appearance.map { [(appearance: Appearance.luminosity.rawValue, value: $0.rawValue)] } ?? [])
    }
}
