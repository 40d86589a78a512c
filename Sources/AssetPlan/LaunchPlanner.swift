import AssetCore
import AssetSpec
import Foundation

/// Launch images (`kind: launch-image`): the template's skeleton drawn for every slot of the
/// table's `launch` section with that device's bar heights in that orientation (a `.launchimage`
/// set, opaque RGB), plus the modern path: a colour set for the background, an image set for the
/// logo and a `UILaunchScreen` Info.plist snippet. The template comes with the `Requirements`.
enum LaunchPlanner {
    /// Black at alpha 0.5: the iOS 6 translucent status bar.
    static let translucentBlack = RGBAColor(red: 0, green: 0, blue: 0, alpha: 128)

    /// A template merged with the manifest's overrides: what every slot draws.
    struct Screen {
        var background: RGBAColor
        var statusBar: LaunchTemplate.StatusBarStyle
        var navigationBar: LaunchTemplate.NavigationBar?
        var bottomBar: LaunchTemplate.BottomBar?
        var glyphs: [SourceFile]
        var logo: SourceFile?
        var logoSize: PointSize?
    }

    static func plan(_ asset: AssetEntry, _ spec: LaunchImageSpec, table: RequirementTable,
                     template loaded: Result<LaunchTemplate, ManifestError>) -> AssetPlanPart {
        var part = AssetPlanPart()
        guard let launch = table.launch else {
            part.diagnostics.append(.error(
                "table \"\(table.name)\" has no launch image slots", at: .source(spec.template.location),
                fix: "target a table with a \"launch\" section (ios18, ios16, ios12, ios7, ios6)"))
            return part
        }
        let template: LaunchTemplate
        switch loaded {
        case .success(let loaded): template = loaded
        case .failure(let error):
            part.diagnostics += error.diagnostics
            return part
        }
        guard let screen = merge(template, spec, asset: asset, diagnostics: &part.diagnostics),
              !part.diagnostics.hasErrors else { return part }

        let templateRef = SourceRef(path: template.path,
                                    displayPath: template.file, format: .yaml)
        let folder = FolderKind.launchImage.folder(asset.name)
        let names = fileNames(asset.name, slots: launch.slots)
        var images: [ContentsImage] = []
        for (slot, name) in zip(launch.slots, names) {
            guard let geometry = launch.geometry[slot.geometry], let points = slot.points,
                  let pixels = points.pixels(at: slot.scale) else {
                part.diagnostics.append(.error(
                    "table \"\(table.name)\" has a malformed launch slot \"\(slot.device)\" \(slot.orientation)",
                    fix: "fix the table file: each slot needs a whole-pixel size and a known geometry"))
                continue
            }
            let scene = self.scene(screen, slot: slot, metrics: geometry.metrics(slot.orientation), pixels: pixels)
            part.jobs.append(RenderJob(
                output: folder + "/" + name, asset: asset.name, slot: label(slot), scale: slot.scale,
                source: templateRef, pixelSize: pixels, fit: .fill, background: screen.background,
                channels: .rgb, origin: spec.template.location, launch: scene))
            images.append(contentsImage(slot, file: name))
        }
        part.entries.append(CatalogEntry(asset: asset.name, folder: folder,
                                         contents: ContentsDocument(images: images).json))

        // The modern path: UILaunchScreen names a colour set and an image set.
        let colorName = asset.name + "Background"
        part.entries.append(CatalogEntry(asset: asset.name, folder: FolderKind.colorSet.folder(colorName),
                                         contents: colorSet(screen.background)))
        var imageName: String?
        if let logo = screen.logo, let size = screen.logoSize {
            imageName = asset.name + "Logo"
            let spec = ImageSpec.contained(logo, size: size)
            let logoPart = ImagePlanner.plan(AssetEntry(name: asset.name + "Logo", location: logo.location,
                                                        kind: .image(spec)), spec, table: table)
            part.jobs += logoPart.jobs.map { job in
                var job = job
                job.asset = asset.name
                return job
            }
            part.entries += logoPart.entries.map { entry in
                var entry = entry
                entry.asset = asset.name
                return entry
            }
            part.diagnostics += logoPart.diagnostics
        }
        var bars: [String] = []
        if screen.navigationBar != nil { bars.append("UINavigationBar") }
        switch screen.bottomBar?.kind {
        case .tabBar: bars.append("UITabBar")
        case .toolbar: bars.append("UIToolbar")
        case nil: break
        }
        part.outputFiles.append(OutputFile(
            path: asset.name + "-UILaunchScreen.plist", asset: asset.name,
            text: LaunchScreenPlist.text(colorName: colorName, imageName: imageName, bars: bars,
                                         statusBar: screen.statusBar)))
        return part
    }

    /// Applies the manifest's overrides to the template; an override for a bar the template does
    /// not have, or a logo without a file or a size, is an error.
    static func merge(_ template: LaunchTemplate, _ spec: LaunchImageSpec, asset: AssetEntry,
                      diagnostics: inout [Diagnostic]) -> Screen? {
        var screen = Screen(background: spec.background?.value ?? template.background.value,
                            statusBar: spec.statusBar?.value ?? template.statusBar.value,
                            navigationBar: template.navigationBar, bottomBar: template.bottomBar,
                            glyphs: spec.tabGlyphs?.value ?? [], logo: nil, logoSize: nil)
        func missing(_ what: String, _ key: String, _ location: SourceLocation) {
            diagnostics.append(.error(
                "asset \"\(asset.name)\" sets \"\(key)\" but launch template \"\(template.name)\" has no \(what)",
                at: .source(location), fix: "remove \"\(key)\", or add `\(key):` to \(template.file)"))
        }
        if let color = spec.navigationBar {
            if screen.navigationBar != nil { screen.navigationBar?.color = color }
            else { missing("navigation bar", "navigation-bar", color.location) }
        }
        for (override, kind) in [(spec.toolbar, LaunchTemplate.BottomBar.Kind.toolbar), (spec.tabBar, .tabBar)] {
            guard let override else { continue }
            if screen.bottomBar?.kind == kind { screen.bottomBar?.color = override }
            else { missing(kind == .toolbar ? "toolbar" : "tab bar", kind.rawValue, override.location) }
        }
        if let tint = spec.glyphTint {
            if screen.bottomBar != nil { screen.bottomBar?.tint = tint }
            else { missing("toolbar or tab bar", "glyph-tint", tint.location) }
        }
        if let glyphs = spec.tabGlyphs {
            if let bar = screen.bottomBar {
                if glyphs.value.count != bar.items.value {
                    diagnostics.append(.error(
                        "\"tab-glyphs\" of asset \"\(asset.name)\" lists \(glyphs.value.count) glyph\(glyphs.value.count == 1 ? "" : "s") "
                            + "but the \(bar.kind.rawValue) of launch template \"\(template.name)\" has \(bar.items.value) items",
                        at: .source(glyphs.location),
                        fix: "list \(bar.items.value) glyphs, or set `items: \(glyphs.value.count)` at \(bar.items.location)"))
                }
            } else {
                missing("toolbar or tab bar", "tab-glyphs", glyphs.location)
            }
        }
        screen.logo = spec.logo ?? template.logo?.source
        screen.logoSize = spec.logoSize?.value ?? template.logo?.size.value
        if let logo = template.logo, screen.logo == nil {
            diagnostics.append(.error(
                "launch template \"\(template.name)\" draws a logo but no logo file is given",
                at: .source(logo.location),
                fix: "add `source: Logo.svg` to this logo (relative to the template), or `logo:` to asset \"\(asset.name)\""))
        }
        if let logo = spec.logo, screen.logoSize == nil {
            diagnostics.append(.error(
                "asset \"\(asset.name)\" gives a logo but no size for it",
                at: .source(logo.location), fix: "add `logo-size: 120` (points) to the asset, or a logo size to the template"))
        }
        if let size = spec.logoSize, screen.logo == nil, template.logo == nil {
            diagnostics.append(.error("asset \"\(asset.name)\" gives \"logo-size\" but no logo", at: .source(size.location),
                                      fix: "add `logo: path/to/logo.svg`, or remove \"logo-size\""))
        }
        return diagnostics.hasErrors ? nil : screen
    }

    /// The layers of one slot, top to bottom of the drawing order, in pixels.
    static func scene(_ screen: Screen, slot: LaunchSlot, metrics m: BarMetrics, pixels: PixelSize) -> LaunchScene {
        let s = Double(slot.scale.factor)
        func px(_ points: Double) -> Int { Int((points * s).rounded()) }
        let width = pixels.width, height = pixels.height
        var layers = [LaunchLayer(role: "background", rect: PixelRect(x: 0, y: 0, width: width, height: height),
                                  color: screen.background)]
        let status = slot.includesStatusBar ? px(m.statusBar) : 0

        // Top: the navigation bar's background runs under the status bar (iOS 7+), except below
        // an opaque black status bar.
        let opaqueStatus = screen.statusBar == .blackOpaque && status > 0
        if opaqueStatus {
            layers.append(LaunchLayer(role: "status-bar", rect: PixelRect(x: 0, y: 0, width: width, height: status),
                                      color: .black))
        }
        if let bar = screen.navigationBar {
            let barHeight = px(m.navigationBar + (bar.largeTitle ? m.largeTitle : 0))
            let top = opaqueStatus ? status : 0
            layers.append(LaunchLayer(role: "navigation-bar",
                                      rect: PixelRect(x: 0, y: top, width: width, height: status + barHeight - top),
                                      color: bar.color.value))
            if let hairline = bar.hairline {
                layers.append(LaunchLayer(role: "navigation-bar hairline",
                                          rect: PixelRect(x: 0, y: status + barHeight, width: width, height: 1),
                                          color: hairline))
            }
        }
        if screen.statusBar == .blackTranslucent && status > 0 {
            layers.append(LaunchLayer(role: "status-bar", rect: PixelRect(x: 0, y: 0, width: width, height: status),
                                      color: translucentBlack))
        }

        // Bottom: the bar's colour runs through the home-indicator inset.
        if let bar = screen.bottomBar {
            let barHeight = px(bar.kind == .tabBar ? m.tabBar : m.toolbar)
            let inset = px(m.bottomInset)
            let top = height - barHeight - inset
            if let hairline = bar.hairline {
                layers.append(LaunchLayer(role: "\(bar.kind.rawValue) hairline",
                                          rect: PixelRect(x: 0, y: top - 1, width: width, height: 1), color: hairline))
            }
            layers.append(LaunchLayer(role: bar.kind.rawValue,
                                      rect: PixelRect(x: 0, y: top, width: width, height: barHeight + inset),
                                      color: bar.color.value))
            let glyph = px(bar.kind == .tabBar ? m.tabGlyph : m.barGlyph)
            let centres = itemCentres(count: screen.glyphs.count, kind: bar.kind, metrics: m, scale: s, width: width)
            for (index, (file, centre)) in zip(screen.glyphs, centres).enumerated() {
                let rect = PixelRect(x: Int((centre - Double(glyph) / 2).rounded()), y: top + (barHeight - glyph) / 2,
                                     width: glyph, height: glyph)
                layers.append(LaunchLayer(role: "glyph \(index + 1)", rect: rect, color: bar.tint.value,
                                          image: Planner.sourceRef(file)))
            }
        }

        // The logo, centred on the whole screen (as UILaunchScreen centres its image), also when
        // the image itself starts below the status bar.
        if let logo = screen.logo, let size = screen.logoSize {
            let w = px(size.width), h = px(size.height)
            let hidden = slot.includesStatusBar ? 0 : px(m.statusBar)
            let rect = PixelRect(x: (width - w) / 2, y: (height + hidden - h) / 2 - hidden, width: w, height: h)
            layers.append(LaunchLayer(role: "logo", rect: rect, color: nil, image: Planner.sourceRef(logo)))
        }
        return LaunchScene(layers: layers)
    }

    /// Horizontal centres of `count` bar items, in pixels. Tab items share the safe width equally
    /// (iPhone) or sit centred with a fixed width and spacing (iPad); toolbar items spread from
    /// margin to margin, as flexible spaces put them.
    static func itemCentres(count: Int, kind: LaunchTemplate.BottomBar.Kind, metrics m: BarMetrics,
                            scale s: Double, width: Int) -> [Double] {
        guard count > 0 else { return [] }
        let left = m.sideInset * s
        let content = Double(width) - 2 * left
        switch kind {
        case .tabBar:
            if m.tabItemWidth <= 0 {
                let item = content / Double(count)
                return (0..<count).map { (index: Int) -> Double in
                    let middle: Double = Double(index) + 0.5
                    return left + middle * item
                }
            }
            let item = m.tabItemWidth * s, spacing = m.tabItemSpacing * s
            let total = Double(count) * item + Double(count - 1) * spacing
            let start = left + (content - total) / 2
            return (0..<count).map { start + Double($0) * (item + spacing) + item / 2 }
        case .toolbar:
            let glyph = m.barGlyph * s, margin = m.barMargin * s
            if count == 1 { return [Double(width) / 2] }
            let first = left + margin + glyph / 2
            let step = (content - 2 * margin - glyph) / Double(count - 1)
            return (0..<count).map { first + Double($0) * step }
        }
    }

    /// `Launch-iPhone-2436h-Landscape@3x.png`; a slot whose name another slot of the table also
    /// gets is told apart by its minimum system version (`-iOS7`, `-iOS6` for none).
    static func fileNames(_ asset: String, slots: [LaunchSlot]) -> [String] {
        func base(_ slot: LaunchSlot) -> String {
            var parts = [asset, Idiom.deviceName(of: slot.idiom)]
            if let subtype = slot.subtype { parts.append(subtype) }
            parts.append(slot.orientation.prefix(1).uppercased() + slot.orientation.dropFirst())
            if !slot.includesStatusBar { parts.append("ToStatusBar") }
            return parts.joined(separator: "-")
        }
        let bases = slots.map { base($0) + $0.scale.fileSuffix }
        return zip(slots, bases).map { slot, name in
            guard bases.filter({ $0 == name }).count > 1 else { return name + ".png" }
            let version = slot.minimumSystemVersion.map { "iOS" + $0.replacingOccurrences(of: ".0", with: "") } ?? "iOS6"
            return base(slot) + "-" + version + slot.scale.fileSuffix + ".png"
        }
    }

    /// `iphone 2436h landscape @3x`
    static func label(_ slot: LaunchSlot) -> String {
        [slot.idiom, slot.subtype, slot.orientation, slot.extent == "full-screen" ? nil : slot.extent,
         slot.minimumSystemVersion.map { "iOS \($0)+" }, slot.scale.description]
            .compactMap { $0 }.joined(separator: " ")
    }

    static func contentsImage(_ slot: LaunchSlot, file: String) -> ContentsImage {
        var image = ContentsImage(filename: file, idiom: slot.idiom, scale: slot.scale, subtype: slot.subtype)
        image.fields[.extent] = .string(slot.extent)
        image.fields[.orientation] = .string(slot.orientation)
        if let version = slot.minimumSystemVersion { image.fields[.minimumSystemVersion] = .string(version) }
        return image
    }

    /// A `.colorset` Contents.json as Xcode writes it: sRGB, hex components, alpha to 3 places.
    static func colorSet(_ color: RGBAColor) -> JSONValue {
        func hex(_ v: UInt8) -> JSONValue {
            let digits = String(v, radix: 16, uppercase: true)
            return .string("0x" + (digits.count == 1 ? "0" + digits : digits))
        }
        let components: JSONValue = ["alpha": .string(String(format: "%.3f", Double(color.alpha) / 255)),
                                     "blue": hex(color.blue), "green": hex(color.green), "red": hex(color.red)]
        let color: JSONValue = [ContentsKey.colorSpace.rawValue: "srgb", "components": components]
        return ["colors": [.object(["color": color, ContentsKey.idiom.rawValue: .string(Idiom.universal.rawValue)])],
                ContentsFormat.info: CatalogEntry.info]
    }
}
