import AssetCore
import Rendering

/// The vector sources of one render batch that a sandbox's workers measure: each is measured by
/// the first job that draws from it, on that job's render thread, so that measuring one document
/// overlaps drawing the others (and the jobs drawn in this process) instead of coming before all
/// of them. A source that fails is reported once (`failures`), however many jobs it has.
final class LazyVectors: Sendable {
    private let sources: [String: (bytes: SourceBytes, made: Once<Result<LoadedSource, Diagnostic>>)]
    private let sandbox: VectorSandbox

    /// `sources`: load key → the source's bytes (`SourceBytes.source` is the reference).
    init(_ sources: [(key: String, bytes: SourceBytes)], sandbox: VectorSandbox) {
        self.sources = Dictionary(sources.map { ($0.key, ($0.bytes, Once())) }, uniquingKeysWith: { first, _ in first })
        self.sandbox = sandbox
    }

    func contains(_ key: String) -> Bool { sources[key] != nil }

    /// `decoded` with every source of `keys` that is measured here added; nil when one of them
    /// cannot be loaded (its diagnostic is among `failures`).
    func adding(_ keys: [String], to decoded: [String: LoadedSource]) -> [String: LoadedSource]? {
        var all = decoded
        for key in keys where all[key] == nil {
            guard let entry = sources[key] else { continue }
            let sandbox = sandbox
            switch entry.made.get({ SourceLoader.decode(entry.bytes, sandbox: sandbox) }) {
            case .success(let source): all[key] = source
            case .failure: return nil
            }
        }
        return all
    }

    /// The sources measured so far, by load key.
    var loaded: [String: LoadedSource] {
        sources.compactMapValues { entry in
            if case .success(let source) = entry.made.made { return source }
            return nil
        }
    }

    /// One diagnostic per source that could not be loaded, in load-key order.
    var failures: [Diagnostic] {
        sources.sorted { $0.key < $1.key }.compactMap { entry in
            if case .failure(let diagnostic) = entry.value.made.made { return diagnostic }
            return nil
        }
    }
}
