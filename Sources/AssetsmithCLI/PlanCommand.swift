import ArgumentParser
import AssetCore
import AssetPlan
import Foundation

/// `assetsmith plan`: the resolved render jobs and catalog entries as JSON, nothing rendered.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the resolved render jobs and Contents.json documents as JSON; renders nothing.")

    @OptionGroup var options: ManifestOptions

    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let (manifest, plan) = try Loading.manifestAndPlan(options, printer: printer)
        printer.print(plan.warnings)
        if plan.tableChoice != nil {
            printer.note("note: the manifest has no `table:`; using the newest requirement table, \"\(plan.table)\"")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(PlanDump.portable(plan, relativeTo: manifest.directory))
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}

/// The plan with absolute paths made relative to the manifest's folder, so that the dump is the
/// same on every machine (and can be a golden file).
enum PlanDump {
    static func portable(_ plan: Plan, relativeTo base: String) -> Plan {
        var plan = plan
        plan.outputDirectory = relative(plan.outputDirectory, to: base)
        plan.jobs = plan.jobs.map { job in
            var job = job
            job.source.path = relative(job.source.path, to: base)
            job.launch = job.launch?.mappingPaths { relative($0, to: base) }
            job.overlays = job.overlays?.map { overlay in
                var overlay = overlay
                overlay.path = relative(overlay.path, to: base)
                return overlay
            }
            if var origin = job.origin {
                origin.file = (origin.file as NSString).lastPathComponent
                job.origin = origin
            }
            return job
        }
        plan.iconBundles = plan.iconBundles?.map { bundle in
            var bundle = bundle
            bundle.layers = bundle.layers.map { layer in
                var layer = layer
                layer.source.path = relative(layer.source.path, to: base)
                if var origin = layer.origin {
                    origin.file = (origin.file as NSString).lastPathComponent
                    layer.origin = origin
                }
                return layer
            }
            return bundle
        }
        return plan
    }

    static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
