import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Rendering

/// What one build did.
struct BuildResult {
    var report: WriteReport
    var diagnostics: [Diagnostic]
    /// Jobs refused (upscaling) or failed (bad source, render error).
    var failedJobs: Int
}

/// Plan → pixels → catalog, in one process: each source is read and decoded or parsed once,
/// each distinct output is rendered once, and the work is spread over `threads` threads.
struct Pipeline {
    var threads: Int

    func build(_ plan: Plan) -> BuildResult {
        var diagnostics: [Diagnostic] = []

        // 1. Every source once.
        let sources = Array(Set(plan.jobs.map(\.source))).sorted { $0.path < $1.path }
        let loadedList = parallelMap(sources, threads: threads) { SourceLoader.load($0) }
        var loaded: [String: LoadedFile] = [:]
        for (source, result) in zip(sources, loadedList) {
            switch result {
            case .success(let file): loaded[source.path] = file
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }

        // 1b. Template glyph sources checked once per asset (rule 7).
        diagnostics += inspectGlyphSources(plan, loaded: loaded)

        // 2. Every distinct output once; refuse upscaling before any pixel is drawn.
        var keys: [RenderKey] = []
        var jobsByKey: [RenderKey: [RenderJob]] = [:]
        for job in plan.jobs {
            let key = job.renderKey
            if jobsByKey[key] == nil { keys.append(key) }
            jobsByKey[key, default: []].append(job)
        }
        var failed: Set<String> = []
        var renderable: [RenderKey] = []
        for key in keys {
            let jobs = jobsByKey[key]!
            guard let file = loaded[key.source] else {
                failed.formUnion(jobs.map(\.output))
                continue
            }
            let refusals = jobs.compactMap { UpscaleRule.check($0, sourcePixels: file.pixels) }
            if refusals.isEmpty {
                renderable.append(key)
            } else {
                diagnostics += refusals
                failed.formUnion(jobs.map(\.output))
            }
        }

        // 3. Render and encode in parallel.
        let jobsFor = jobsByKey
        let sourceFor = loaded
        let outcomes = parallelMap(renderable, threads: threads) { key -> Result<Data, Diagnostic> in
            let job = jobsFor[key]![0]
            let file = sourceFor[key.source]!
            do {
                let bitmap = try Renderer.render(job, from: file.image)
                return .success(try PNGCodec.encode(bitmap, channels: job.channels))
            } catch let error as RenderError {
                return .failure(.error("cannot render \(job.slot) from \"\(job.source.displayPath)\": \(error)",
                                       at: .asset(name: job.asset, detail: nil), fix: "check the source file"))
            } catch {
                return .failure(.error("cannot encode \(job.slot): \(error)", at: .asset(name: job.asset, detail: nil),
                                       fix: "internal error, please report"))
            }
        }
        var files: [String: RenderedFile] = [:]
        for (key, outcome) in zip(renderable, outcomes) {
            let file = loaded[key.source]!
            switch outcome {
            case .success(let data):
                for job in jobsByKey[key]! {
                    files[job.output] = RenderedFile(data: data, source: job.source.displayPath,
                                                     sourceSHA256: file.sha256, sourcePixels: file.pixels,
                                                     key: BuildKey.digest(for: job, sourceDigest: file.sha256,
                                                                          table: plan.table))
                }
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                failed.formUnion(jobsByKey[key]!.map(\.output))
            }
        }

        // 4. The catalog.
        let report = CatalogWriter.write(plan, files: files, failed: failed)
        diagnostics += report.diagnostics
        let failedJobs = plan.jobs.filter { failed.contains($0.output) }.count
        return BuildResult(report: report, diagnostics: diagnostics, failedJobs: failedJobs)
    }
}

extension Pipeline {
    /// Warnings for template glyph sources with a background or more than one colour.
    func inspectGlyphSources(_ plan: Plan, loaded: [String: LoadedFile]) -> [Diagnostic] {
        var seen: Set<[String]> = []
        var pairs: [(String, SourceRef)] = []
        for job in plan.jobs {
            guard case .glyph(let treatment) = job.effect, treatment.template,
                  seen.insert([job.asset, job.source.path]).inserted else { continue }
            pairs.append((job.asset, job.source))
        }
        let results = parallelMap(pairs.map { [$0.0, $0.1.path, $0.1.displayPath] }, threads: threads) { item -> [Diagnostic] in
            let asset = item[0], path = item[1], displayPath = item[2]
            guard let file = loaded[path], let inspection = try? GlyphInspector.inspect(file.image) else { return [] }
            return GlyphInspector.diagnostics(inspection, asset: asset, displayPath: displayPath)
        }
        return results.flatMap { $0 }
    }
}

/// A source read from disk and decoded or parsed, ready for any number of renders.
struct LoadedFile: Sendable {
    var image: LoadedSource
    var sha256: String
    /// Pixel size of a bitmap source; nil for vectors (never upscaled).
    var pixels: PixelSize?
}

/// Reads sources, turning every failure into a diagnostic that names the file.
enum SourceLoader {
    static func load(_ source: SourceRef) -> Result<LoadedFile, Diagnostic> {
        guard let data = FileManager.default.contents(atPath: source.path) else {
            return .failure(.error("cannot read source file", at: .file(source.displayPath),
                                   fix: "check that the file exists and is readable"))
        }
        let sha = Digest.sha256(data)
        switch source.format {
        case .png:
            do {
                let bitmap = try PNGCodec.decode(data)
                return .success(LoadedFile(image: .bitmap(RasterImage(bitmap)), sha256: sha, pixels: bitmap.size))
            } catch {
                return .failure(.error("\(error)", at: .file(source.displayPath),
                                       fix: "re-export the image as PNG, or use an SVG"))
            }
        case .svg:
            do {
                let vector = try VectorImage(path: source.path)
                return .success(LoadedFile(image: .vector(vector), sha256: sha, pixels: nil))
            } catch {
                return .failure(.error("\(error)", at: .file(source.displayPath),
                                       fix: "open the SVG in an editor and save it again as plain SVG"))
            }
        }
    }
}
