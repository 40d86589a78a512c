import AssetCore
import AssetPlan
import Rendering

/// The checks of template glyph sources made on every build (rule 7, and tabs whose derived form
/// would not differ from the given one).
extension BuildEngine {
    /// One check per template glyph source and asset (rule 7: transparent, one colour), with the
    /// manifest line that names the source.
    func glyphSourceChecks(_ plan: Plan) -> [(asset: String, source: SourceRef, origin: SourceLocation?)] {
        var seen: Set<[String]> = []
        var checks: [(asset: String, source: SourceRef, origin: SourceLocation?)] = []
        for job in plan.jobs {
            guard case .glyph(let treatment) = job.effect, treatment.template,
                  seen.insert([job.asset, job.source.path]).inserted else { continue }
            checks.append((job.asset, job.source, job.origin))
        }
        return checks
    }

    /// Warnings for template glyph sources with a background or more than one colour, placed at
    /// the manifest line (so Xcode shows them inline) and naming the asset.
    func inspect(_ checks: [(asset: String, source: SourceRef, origin: SourceLocation?)],
                         decoded: [String: LoadedSource]) -> [Diagnostic] {
        let indices = Array(checks.indices)
        return parallelMap(indices, threads: threads) { index -> [Diagnostic] in
            let check = checks[index]
            guard let image = decoded[check.source.loadKey], let inspection = try? GlyphInspector.inspect(image) else { return [] }
            return GlyphInspector.diagnostics(inspection, asset: check.asset, displayPath: check.source.displayPath).map { found in
                guard let origin = check.origin else { return found.concerning(check.asset) }
                var placed = found.concerning(check.asset)
                placed.location = .source(origin)
                placed.message = "asset \"\(check.asset)\": " + found.message
                return placed
            }
        }.flatMap { $0 }
    }

    /// Warnings for tabs whose derived form would look like the given one (`GlyphInspector.
    /// derivedChange`), one per asset and form, at the manifest line of the given source. Checked on
    /// every build, like the source checks above.
    func checkDerivedForms(_ plan: Plan, decoded: [String: LoadedSource]) -> [Diagnostic] {
        // The largest job of each asset and form (the regular size at the highest scale).
        var largest: [[String]: RenderJob] = [:]
        var order: [[String]] = []
        for job in plan.jobs {
            guard case .glyph(let treatment) = job.effect, treatment.template,
                  treatment.form == .filled || treatment.form == .outline else { continue }
            let key = [job.asset, treatment.form.rawValue]
            if let seen = largest[key] {
                if job.pixelSize.width > seen.pixelSize.width { largest[key] = job }
            } else {
                largest[key] = job
                order.append(key)
            }
        }
        let jobs = order.compactMap { largest[$0] }
        return parallelMap(Array(jobs.indices), threads: threads) { index -> [Diagnostic] in
            let job = jobs[index]
            guard case .glyph(let treatment) = job.effect, let image = decoded[job.source.path],
                  let change = try? GlyphInspector.derivedChange(image, treatment: treatment, outputSize: job.pixelSize),
                  var found = GlyphInspector.derivationDiagnostic(asset: job.asset, form: treatment.form, change: change)
            else { return [] }
            if let origin = job.origin { found.location = .source(origin) }
            return [found.concerning(job.asset)]
        }.flatMap { $0 }
    }
}
