import AssetCore
import Rendering

/// The sources of one render batch, each decoded (a bitmap) or parsed and measured (a vector, in a
/// sandbox's worker when there is one) by the first job that draws from it, on that job's render
/// thread. Loading one source then overlaps drawing from the others (and the worker's drawing
/// overlaps the decoding of a large master) instead of every source being loaded before the first
/// job starts. A source that fails is reported once (`failures`), however many jobs it has.
final class LazySources: Sendable {
    private let sources: [String: (bytes: SourceBytes, made: Once<Result<LoadedSource, Diagnostic>>)]
    private let sandbox: VectorSandbox?
    /// Called once with each source loaded, before any job draws from it (`RasterImage.expect`).
    private let prepare: @Sendable (String, LoadedSource) -> Void

    /// `sources`: load key → the source's bytes (`SourceBytes.source` is the reference).
    init(_ sources: [(key: String, bytes: SourceBytes)], sandbox: VectorSandbox?,
         prepare: @escaping @Sendable (String, LoadedSource) -> Void = { _, _ in }) {
        self.sources = Dictionary(sources.map { ($0.key, ($0.bytes, Once())) }, uniquingKeysWith: { first, _ in first })
        self.sandbox = sandbox
        self.prepare = prepare
    }

    func contains(_ key: String) -> Bool { sources[key] != nil }

    /// `decoded` with every source of `keys` that is loaded here added; nil when one of them
    /// cannot be loaded (its diagnostic is among `failures`).
    func adding(_ keys: [String], to decoded: [String: LoadedSource]) -> [String: LoadedSource]? {
        var all = decoded
        for key in keys where all[key] == nil {
            guard let entry = sources[key] else { continue }
            let sandbox = sandbox, prepare = prepare
            let made = entry.made.get {
                let result = SourceLoader.decode(entry.bytes, sandbox: sandbox)
                if case .success(let source) = result { prepare(key, source) }
                return result
            }
            switch made {
            case .success(let source): all[key] = source
            case .failure: return nil
            }
        }
        return all
    }

    /// The sources loaded so far, by load key.
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
