import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Rendering

/// Limits on decoded pixels, checked from a PNG's header before anything is allocated
/// (`Budgets.imagePixels` and `Budgets.buildPixels`).
package enum PixelBudget {
    /// One source image: 100 megapixels (400 MB decoded), a 10,000 px square.
    package static let perImage = Budgets.standard.imagePixels
    /// Decoded sources held at once by one build (sources are decoded in batches within it), and
    /// output pixels drawn at once.
    package static let perBuild = Budgets.standard.buildPixels

    package static func refusal(for size: PixelSize, file: String, budget: Int = perImage) -> Diagnostic? {
        let count = size.width * size.height
        guard count > budget else { return nil }
        return .error("is \(size.width)x\(size.height) px (\(count / 1_000_000) megapixels), over the budget of "
                      + "\(budget / 1_000_000) megapixels for one source image", at: .file(file),
                      fix: "export a smaller master (4096 px a side is plenty for any app icon or image), or use an SVG")
            .with(.imagePixels)
    }
}

/// A source's bytes and the facts the plan needs before any pixel is decoded.
package struct SourceBytes: Sendable {
    package var source: SourceRef
    package var data: Data
    package var sha256: SHA256Digest
    /// Pixel size of a bitmap source, from its header; nil for vectors (never upscaled).
    package var pixels: PixelSize?
    /// Something about the file the user should know (an ICC profile that is not applied).
    package var warning: Diagnostic?

    /// What the files of `job`'s group share (`RenderedFile.Origin`); `earlier` when it is the
    /// same (the group's previous job).
    func origin(of job: RenderJob, key: SHA256Digest, earlier: RenderedFile.Origin? = nil) -> RenderedFile.Origin {
        if let earlier, earlier.source == job.source.displayPath, earlier.key == key { return earlier }
        return RenderedFile.Origin(source: job.source.displayPath, sourceSHA256: sha256, sourcePixels: pixels, key: key)
    }

    /// A file the build drew: its bytes, or where they wait in the spill file and their digest.
    func rendered(_ data: Data, origin: RenderedFile.Origin, spilled: SpilledFile? = nil) -> RenderedFile {
        var file = RenderedFile(data: data, origin: origin, sha256: spilled?.sha256)
        file.spilled = spilled?.kept
        return file
    }

    /// The output of a job as the last build left it (`RecordedOutput`): not drawn again.
    func found(_ match: RecordedOutput.Match, origin: RenderedFile.Origin) -> RenderedFile {
        RenderedFile(data: match.data ?? Data(), origin: origin, isOnDisk: true, sha256: match.sha256, stamp: match.stamp)
    }
}

/// Reads and decodes sources, turning every failure into a diagnostic that names the file.
package enum SourceLoader {
    /// A file over `budgets.sourceBytes` is refused from its size, before it is read.
    package static func read(_ source: SourceRef, budgets: Budgets = .standard) -> Result<SourceBytes, Diagnostic> {
        if source.format == .png, (BoundedFile.size(source.path) ?? 0) <= budgets.sourceBytes,
           let refusal = PNGDeclaredSize.refusal(source.path) {
            return .failure(.error("source file \(refusal)", at: .file(source.displayPath),
                                   fix: "check that this is the artwork you meant, and export it again"))
        }
        let data: Data
        switch BoundedFile.read(source.path, limit: budgets.sourceBytes) {
        case .success(let bytes): data = bytes
        case .failure(let failure) where failure.isTooLarge:
            return .failure(.error("source file \(failure.words(for: "one source file"))", at: .file(source.displayPath),
                                   fix: "check that this is the artwork you meant (a sparse or damaged file?), and export it again")
                .with(.sourceBytes))
        case .failure(let failure):
            return .failure(.error("source file \(failure.words(for: "one source file"))", at: .file(source.displayPath),
                                   fix: "check that the file exists and is readable"))
        }
        if source.format == .svg, let found = SVGInclusion.problem(in: data) {
            return .failure(SourceLoader.inclusion(found, file: source.displayPath))
        }
        var pixels: PixelSize?
        var warning: Diagnostic?
        if source.format == .png {
            do {
                let info = try PNGCodec.info(data)
                pixels = info.size
                if let refusal = PixelBudget.refusal(for: info.size, file: source.displayPath, budget: budgets.imagePixels) {
                    return .failure(refusal)
                }
                if let profile = info.iccProfileName, !info.hasSRGB, SourceLoader.isWideGamut(profile: profile) {
                    warning = .warning("has the embedded colour profile \"\(profile)\", which is not applied: "
                                       + "its colours are read as sRGB and may shift", at: .file(source.displayPath),
                                       fix: "export the image in sRGB (in most editors: Convert to Profile → sRGB)")
                }
            } catch {
                return .failure(SourceLoader.diagnostic(error, file: source.displayPath))
            }
        }
        return .success(SourceBytes(source: source, data: data, sha256: Digest.sha256Digest(data), pixels: pixels,
                                    warning: warning))
    }

    /// An SVG holding XInclude (`SVGInclusion`), refused before librsvg reads it.
    package static func inclusion(_ found: String, file: String) -> Diagnostic {
        .error("holds \(found): XInclude reads other files (such as .git/config) into the picture, so it is refused",
               at: .file(file), fix: "remove the include and draw the content into the SVG itself")
    }

    /// A PNG that cannot be read: the file's fault (export it again) or the machine's (memory).
    static func diagnostic(_ error: PNGError, file: String) -> Diagnostic {
        .error("\(error)", at: .file(file), fix: error.fix ?? "re-export the image as PNG, or use an SVG").with(error.remedy)
    }

    /// Profile names that announce a space other than sRGB (Display P3, Adobe RGB, ProPhoto, Rec. 2020).
    package static func isWideGamut(profile: String) -> Bool {
        let name = profile.lowercased()
        return ["p3", "adobe", "prophoto", "2020", "dci", "wide gamut"].contains { name.contains($0) }
    }

    /// Not for `.yaml` sources (launch templates), which are read and hashed but never drawn.
    package static func decode(_ bytes: SourceBytes, sandbox: VectorSandbox? = nil) -> Result<LoadedSource, Diagnostic> {
        switch bytes.source.format {
        case .yaml:
            return .failure(.error("a template is not an image", at: .file(bytes.source.displayPath),
                                   fix: "internal error, please report"))
        case .png:
            do {
                let bitmap = try PNGCodec.decode(bytes.data)
                return .success(.bitmap(RasterImage(bitmap, stored: PNGCodec.storesOutputRows(bytes.data) ? bytes.data : nil)))
            } catch {
                return .failure(SourceLoader.diagnostic(error, file: bytes.source.displayPath))
            }
        case .svg, .pdf:
            let isPDF = bytes.source.format == .pdf
            let file = VectorSourceFile(path: bytes.source.path, isPDF: isPDF, page: bytes.source.page ?? 1)
            do {
                if let sandbox { return .success(.vector(try VectorImage(file: file, sandbox: sandbox))) }
                return .success(.vector(try VectorImage(file: file)))
            } catch {
                return .failure(.error("\(error)", at: .file(bytes.source.displayPath),
                                       fix: error.fix ?? (isPDF ? "open the PDF in an editor and export it again"
                                                                : "open the SVG in an editor and save it again as plain SVG"))
                    .with(error.remedy))
            }
        }
    }
}
