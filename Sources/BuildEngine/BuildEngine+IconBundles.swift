import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Rendering

extension BuildEngine {
    /// The layer files of every `.icon` bundle of the plan, by path relative to the output folder.
    ///
    /// An SVG is rewritten through librsvg and Cairo's SVG surface (`VectorImage.rewrittenSVG`),
    /// so that the copy in `Assets/` refers to nothing outside itself; a PNG is copied as it is
    /// once libpng reads its header (`IconLayerRule`: a small layer is a warning). A file whose source bytes
    /// and tool are those of the last build, and whose output is still the one written, is taken
    /// from disk without being rewritten. A layer that fails is left out, with an error naming it.
    func iconLayerFiles(_ plan: Plan, record: BuildRecord?) -> (files: [String: BundleFile], diagnostics: [Diagnostic]) {
        let output = SafeFiles(root: plan.outputDirectory)
        var work: [(path: String, asset: String, source: SourceRef, origin: SourceLocation?, badge: BadgeDrawing?)] = []
        for bundle in plan.iconBundles ?? [] {
            for layer in bundle.layers { work.append((bundle.path(of: layer), bundle.asset, layer.source, layer.origin, layer.badge)) }
        }
        let force = force, sandbox = sandbox, budgets = budgets
        let results = parallelMap(work, threads: threads) { item -> Result<(BundleFile, Diagnostic?), Diagnostic> in
            let shown = "layer \"\(item.source.displayPath)\" of the icon \"\(item.asset)\""
            let place: Diagnostic.Location = item.origin.map { .source($0) } ?? .asset(name: item.asset, detail: nil)
            if let badge = item.badge {
                return Self.badgeLayerFile(badge, path: item.path, shown: shown, place: place,
                                           previous: force ? nil : record?.outputFiles?[item.path], output: output)
            }
            let bytes: Data
            switch BoundedFile.read(item.source.path, limit: budgets.sourceBytes) {
            case .success(let read): bytes = read
            case .failure(let failure):
                return .failure(.error("\(shown) " + failure.words(for: "a source file"), at: place,
                                       fix: failure.isTooLarge ? "export a smaller layer" : "check that the file exists and can be read"))
            }
            if item.source.format == .svg, let found = SVGInclusion.problem(in: bytes) {
                return .failure(.error("\(shown) holds \(found): XInclude reads other files (such as .git/config) into the picture, so it is refused",
                                       at: place, fix: "remove the include and draw the content into the SVG itself"))
            }
            let sourceSHA = Digest.sha256(bytes)
            let key = BuildKey.digest(forIconLayer: item.source, sourceDigest: sourceSHA)
            var warning: Diagnostic?
            if !item.source.isVector {
                let info: PNGInfo
                do {
                    info = try PNGCodec.info(bytes)
                } catch {
                    return .failure(.error("\(shown) is not a readable PNG: \(error)", at: place,
                                           fix: "export the layer again as PNG, or as SVG"))
                }
                if IconLayerRule.isTooSmall(info.size) {
                    warning = .warning("\(shown) " + IconLayerRule.problem(info.size), at: place, fix: IconLayerRule.fix)
                }
            }
            if !force, let existing = RecordedOutput.match(item.path, key: key, entry: record?.outputFiles?[item.path], in: output,
                                                           needsBytes: true)?.data {
                return .success((BundleFile(data: existing, source: item.source.displayPath, sourceSHA256: sourceSHA,
                                            key: key), warning))
            }
            let data: Data
            do throws(RenderError) {
                if item.source.isVector {
                    let image: VectorImage
                    if let sandbox {
                        image = try VectorImage(path: item.source.path, sandbox: sandbox)
                    } else {
                        image = try VectorImage(path: item.source.path)
                    }
                    data = Data(try image.rewrittenSVG())
                } else {
                    data = bytes
                }
            } catch {
                return .failure(.error("cannot copy \(shown): \(error)", at: place,
                                       fix: error.fix ?? "check the source file").with(error.remedy))
            }
            return .success((BundleFile(data: data, source: item.source.displayPath, sourceSHA256: sourceSHA, key: key),
                             warning))
        }
        var files: [String: BundleFile] = [:]
        var diagnostics: [Diagnostic] = []
        for (item, result) in zip(work, results) {
            switch result {
            case .success(let (file, warning)):
                files[item.path] = file
                if let warning { diagnostics.append(warning.concerning(item.asset)) }
            case .failure(let diagnostic):
                diagnostics.append(diagnostic.concerning(item.asset))
            }
        }
        return (files, diagnostics)
    }

    /// The `.icon` badge layer: the badge drawn on a transparent 1024 px canvas, PNG. Its key is the
    /// badge's parameters, so a build redraws it only when the badge changed.
    static func badgeLayerFile(_ badge: BadgeDrawing, path: String, shown: String, place: Diagnostic.Location,
                               previous: FileRecord?, output: SafeFiles) -> Result<(BundleFile, Diagnostic?), Diagnostic> {
        let key = BuildKey.digest(forIconBadge: badge)
        if let existing = RecordedOutput.match(path, key: key, entry: previous, in: output, needsBytes: true)?.data {
            return .success((BundleFile(data: existing, source: "", sourceSHA256: nil, key: key), nil))
        }
        do {
            let bitmap = try Renderer.badgeLayer(badge, side: IconLayerRule.minimumSide)
            let data = try PNGCodec.encode(bitmap, channels: .rgba)
            return .success((BundleFile(data: data, source: "", sourceSHA256: nil, key: key), nil))
        } catch let error as RenderError {
            return .failure(.error("cannot draw \(shown): \(error)", at: place, fix: error.fix ?? "install DejaVu Sans (scripts/install-deps.sh)"))
        } catch {
            return .failure(.error("cannot encode \(shown): \(error)", at: place, fix: "internal error, please report"))
        }
    }
}
