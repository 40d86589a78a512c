import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Rendering

/// The `.icon` layer files in the build's phases, beside the catalog's render jobs (`LayerJob`):
/// their sources are read with the others (once, within the source budget), each job gets its
/// key from `BuildKey`, a file the record says is current is taken from disk (`RecordedOutput`),
/// the rest are made before the catalog's batches, and the writer puts them in place with the
/// catalog's rules. A layer that fails is left out, with an error naming it.
extension BuildEngine {
    /// A layer job and the key of what it makes.
    struct KeyedLayer: Sendable {
        var job: LayerJob
        var key: SHA256Digest
    }

    /// Admits the layer jobs: those whose source could not be read fail (the read said why); a
    /// PNG smaller than the icon canvas is drawn soft, a warning (`IconLayerRule`). Returns the
    /// jobs with their keys.
    func admitLayers(_ run: inout BuildRun) -> [KeyedLayer] {
        var admitted: [KeyedLayer] = []
        for job in run.plan.layerJobs {
            let place: Diagnostic.Location = job.origin.map { .source($0) } ?? .asset(name: job.asset, detail: nil)
            switch job.kind {
            case .badge(let badge):
                admitted.append(KeyedLayer(job: job, key: BuildKey.digest(forIconBadge: badge)))
            case .copy, .vectorRewrite:
                guard let source = job.source, let bytes = run.read[source.path] else {
                    run.layersFailed.insert(job.output)
                    continue
                }
                if let size = bytes.pixels, IconLayerRule.isTooSmall(size) {
                    run.layerDiagnostics[job.output, default: []].append(
                        .warning("\(job.shown) " + IconLayerRule.problem(size), at: place, fix: IconLayerRule.fix).concerning(job.asset))
                }
                admitted.append(KeyedLayer(job: job, key: BuildKey.digest(forIconLayer: source, sourceDigest: bytes.sha256)))
            }
        }
        return admitted
    }

    /// The layer files the record says are current, taken from disk (the writer compares bytes,
    /// so they are read); returns the jobs still to make.
    func reuseLayers(_ layers: [KeyedLayer], record: BuildRecord?, _ run: inout BuildRun) -> [KeyedLayer] {
        let output = SafeFiles(root: run.plan.outputDirectory)
        var pending: [KeyedLayer] = []
        for layer in layers {
            guard !force, let data = RecordedOutput.match(layer.job.output, key: layer.key, entry: record?.outputFiles?[layer.job.output],
                                                          in: output, needsBytes: true)?.data else {
                pending.append(layer)
                continue
            }
            run.layerFiles[layer.job.output] = Self.layerFile(data, layer, read: run.read)
        }
        return pending
    }

    /// Makes the pending layer files over the threads (SVGs in the sandbox's workers); what the
    /// layers had to say is reported in the bundles' layer order.
    func drawLayers(_ pending: [KeyedLayer], _ run: inout BuildRun) {
        defer {
            for job in run.plan.layerJobs { run.diagnostics += run.layerDiagnostics[job.output] ?? [] }
            run.layerDiagnostics = [:]
        }
        let read = run.read, sandbox = sandbox
        let results = parallelMap(pending, threads: threads) { Self.make($0.job, read: read, sandbox: sandbox) }
        for (layer, result) in zip(pending, results) {
            switch result {
            case .success(let data): run.layerFiles[layer.job.output] = Self.layerFile(data, layer, read: read)
            case .failure(let diagnostic):
                run.layerDiagnostics[layer.job.output, default: []].append(diagnostic.concerning(layer.job.asset))
                run.layersFailed.insert(layer.job.output)
            }
        }
    }

    /// One layer file's bytes: a PNG as read, an SVG rewritten, a badge drawn and encoded.
    static func make(_ job: LayerJob, read: [String: SourceBytes], sandbox: VectorSandbox?) -> Result<Data, Diagnostic> {
        let place: Diagnostic.Location = job.origin.map { .source($0) } ?? .asset(name: job.asset, detail: nil)
        do {
            switch job.kind {
            case .copy:
                guard let source = job.source, let bytes = read[source.path] else {
                    throw RenderError.unreadable(path: job.source?.displayPath ?? job.output, message: "the source was not read")
                }
                return .success(bytes.data)
            case .vectorRewrite:
                guard let source = job.source else {
                    throw RenderError.unreadable(path: job.output, message: "the layer has no source")
                }
                let image = try sandbox.map { try VectorImage(path: source.path, sandbox: $0) } ?? VectorImage(path: source.path)
                return .success(Data(try image.rewrittenSVG()))
            case .badge(let badge):
                let bitmap = try Renderer.badgeLayer(badge, side: IconLayerRule.minimumSide)
                return .success(try PNGCodec.encode(bitmap, channels: .rgba))
            }
        } catch let error as RenderError {
            guard case .badge = job.kind else {
                return .failure(.error("cannot copy \(job.shown): \(error)", at: place,
                                       fix: error.fix ?? "check the source file").with(error.remedy))
            }
            return .failure(.error("cannot draw \(job.shown): \(error)", at: place,
                                   fix: error.fix ?? "install DejaVu Sans (scripts/install-deps.sh); on a Mac, Helvetica is used"))
        } catch {
            return .failure(.error("cannot encode \(job.shown): \(error)", at: place, fix: "internal error, please report"))
        }
    }

    /// The file as the writer and the record take it.
    static func layerFile(_ data: Data, _ layer: KeyedLayer, read: [String: SourceBytes]) -> BundleFile {
        BundleFile(data: data, source: layer.job.source?.displayPath ?? "",
                   sourceSHA256: layer.job.source.flatMap { read[$0.path]?.sha256 }, key: layer.key)
    }
}
