import AssetCore
import Foundation

extension Plan {
    /// `assetsmith plan`'s output: the plan as pretty-printed JSON with sorted keys and paths
    /// relative to `base` (the manifest's folder), ending in a newline. The same on every machine,
    /// so it is a golden file (`Tests/Fixtures/Expected/plan-bundled-example.json`).
    package func portableJSON(relativeTo base: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(PlanDump.portable(self, relativeTo: base)) + Data("\n".utf8)
    }
}

/// The plan with absolute paths made relative to the manifest's folder, so that the dump is the
/// same on every machine (and can be a golden file).
package enum PlanDump {
    package static func portable(_ plan: Plan, relativeTo base: String) -> Plan {
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
                origin.file = PathText.lastComponent(origin.file)
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
                    origin.file = PathText.lastComponent(origin.file)
                    layer.origin = origin
                }
                return layer
            }
            return bundle
        }
        return plan
    }

    package static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
