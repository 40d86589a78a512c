import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import FrontEnd
import MCP
import PNGCodec
import Preview

/// `preview`: the preview `assetsmith preview` draws, as PNG image content, so the agent sees
/// what a person would. One page (section) of the sheet at a time, or the part of one asset;
/// the pages are listed so the next call can ask for another. Writes nothing.
extension ToolContext {
    static let previewArguments = manifestArguments + ["asset", "page", "maxWidth"]

    func preview(_ arguments: ToolArguments) throws(ToolFailure) -> ToolOutput {
        try arguments.checkNames(Self.previewArguments)
        let loaded = try loadManifest(arguments)
        let plan = loaded.plan
        let catalogPath = plan.outputDirectory + "/" + plan.catalogFolder
        guard FileManager.default.fileExists(atPath: catalogPath) else {
            throw ToolFailure("there is no catalog at \(CurrentFolderText.shown(catalogPath, root: jail.root)) to preview yet",
                              fix: "call the build tool first")
        }
        var icons = builtIcons(plan)
        let asset = try arguments.string("asset")
        var catalog: PreviewCatalog
        if let asset {
            // Names from the folders alone; only the asset's own sets are read (issue 51): the
            // asset with every set named after it (a tab icon's `.selected` form, so its tab bars
            // are drawn; a back indicator's `.mask`; a control's states; its `.symbol` sets), and
            // for an image stack the sets inside its folder.
            func name(_ component: Substring) -> String { (String(component) as NSString).deletingPathExtension }
            let paths = ContentsReader.setPaths(inCatalogAt: catalogPath)
            let known = paths.map { name(PathText.lastComponent($0)[...]) } + icons.map(\.name)
            guard known.contains(asset) else {
                let guess = Suggestion.closest(to: asset, in: known).map { "did you mean \"\($0)\"? " } ?? ""
                throw ToolFailure("the catalog has no asset \"\(asset)\"", fix: guess + "the plan tool lists the assets")
            }
            catalog = PreviewCatalog.read(at: catalogPath, vectors: settings.sandbox(1, 30)) { path in
                let own = name(PathText.lastComponent(path)[...])
                return own == asset || own.hasPrefix(asset + ".") || path.split(separator: "/").dropLast().contains { name($0) == asset }
            }
            catalog.stacks = catalog.stacks.filter { $0.name == asset }
            icons = icons.filter { $0.name == asset }
        } else {
            catalog = PreviewCatalog.read(at: catalogPath, vectors: settings.sandbox(1, 30))
        }
        let notes = plan.warnings.compactMap { diagnostic in
            diagnostic.concernedAsset.map { PreviewNote(asset: $0, text: diagnostic.message, isError: diagnostic.severity == .error) }
        }
        let sections: [PreviewSection]
        do {
            sections = try PreviewSheet.sections(catalog, style: PreviewStyle(manifest: loaded.manifest), notes: notes, icons: icons)
        } catch {
            throw ToolFailure("cannot draw the preview: \(error)")
        }
        guard !sections.isEmpty else {
            throw ToolFailure("the catalog has nothing to preview" + (asset.map { " for \"\($0)\"" } ?? ""),
                              fix: "call the build tool first, or preview another asset")
        }
        return try previewOutput(sections, catalogName: catalog.name, asset: asset, page: try arguments.int("page", in: 1...sections.count),
                                 maxWidth: try arguments.int("maxWidth", in: 64...4096))
    }

    /// The picture of one page, or of every section of one asset, and the list of pages.
    private func previewOutput(_ sections: [PreviewSection], catalogName: String, asset: String?, page: Int?,
                               maxWidth: Int?) throws(ToolFailure) -> ToolOutput {
        var picture: Bitmap
        let shown: String
        do {
            if let asset, page == nil {
                picture = try PreviewSheet.sheet(catalogName: catalogName, headers: sections.map { ($0.title, $0.picture.height) }) {
                    sections[$0].picture
                }
                shown = "asset \"\(asset)\""
            } else {
                let index = (page ?? 1) - 1
                picture = sections[index].picture
                shown = "page \(index + 1) of \(sections.count): \(sections[index].title)"
            }
        } catch {
            throw ToolFailure("cannot draw the preview: \(error)")
        }
        // A smaller picture on request (issue 53): fewer bytes for the agent to read.
        if let maxWidth, picture.width > maxWidth { picture = PreviewSheet.downscale(picture, to: maxWidth) }
        let png: Data
        do {
            png = try PNGCodec.encode(picture, channels: .rgb)
        } catch {
            throw ToolFailure("cannot encode the preview as PNG: \(error)")
        }
        let pages: [Value] = sections.enumerated().map { index, section in
            .object(["page": .int(index + 1), "title": .string(section.title), "width": .int(section.picture.width),
                     "height": .int(section.picture.height)])
        }
        let structured: [String: Value] = ["shown": .string(shown), "width": .int(picture.width), "height": .int(picture.height),
                                           "bytes": .int(png.count), "pages": .array(pages)]
        let summary = "preview of \(FolderKind.catalog.folder(catalogName)), \(shown): \(picture.width)x\(picture.height) px PNG; pages: "
            + sections.enumerated().map { "\($0.offset + 1) \($0.element.title)" }.joined(separator: ", ")
        return ToolOutput(structured: structured, summary: summary, images: [png])
    }

    /// The Icon Composer bundles the last build wrote (the preview draws only those, as the CLI's).
    private func builtIcons(_ plan: Plan) -> [PreviewIcon] {
        let record = BuildRecord.read(at: StateFolder(plan: plan).record)
        return (plan.iconBundles ?? []).filter { record?.outputFiles?[$0.documentPath] != nil }.compactMap { bundle in
            PreviewIcon.read(at: (plan.outputDirectory as NSString).appendingPathComponent(bundle.folder))
        }
    }
}
