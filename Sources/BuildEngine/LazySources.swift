import AssetCore
import Foundation
import Rendering

/// The sources of one render batch, each decoded (a bitmap) or parsed and measured (a vector, in a
/// sandbox's worker when there is one) by the first job that draws from it, on that job's render
/// thread. Loading one source then overlaps drawing from the others (and the worker's drawing
/// overlaps the decoding of a large master) instead of every source being loaded before the first
/// job starts. A source that fails is reported once (`failures`), however many jobs it has. A
/// source no later batch needs is let go as soon as the last of its jobs here is done (`done`), so
/// a 1024 px master's pixels do not wait for the batch's last glyph.
final class LazySources: @unchecked Sendable {
    private let sources: [String: (bytes: Box, made: Once<Result<LoadedSource, Diagnostic>>)]
    private let sandbox: VectorSandbox?
    /// Called once with each source loaded, before any job draws from it (`RasterImage.expect`).
    private let prepare: @Sendable (String, LoadedSource) -> Void
    /// How many of a source's jobs only ask a bitmap for sizes announced together
    /// (`RasterImage.expect`); called once with each source loaded, after `prepare`.
    private let announcedUses: @Sendable (String, LoadedSource) -> Int
    /// Jobs still to finish with each source that may be let go (the others are kept).
    private var remaining: [String: Int]
    /// The batch's jobs for each such source.
    private let uses: [String: Int]
    /// Jobs that may still ask a bitmap source for its pixels themselves: counted from all its
    /// jobs once it is loaded, so a job that ended without loading it keeps the pixels (never the
    /// other way round).
    private var pixelUses: [String: Int] = [:]
    private let lock = NSLock()

    /// `sources`: load key → the source's bytes (`SourceBytes.source` is the reference); `uses`:
    /// how many jobs of the batch draw from each source that no later batch needs.
    init(_ sources: [(key: String, bytes: SourceBytes)], sandbox: VectorSandbox?, uses: [String: Int] = [:],
         prepare: @escaping @Sendable (String, LoadedSource) -> Void = { _, _ in },
         announcedUses: @escaping @Sendable (String, LoadedSource) -> Int = { _, _ in 0 }) {
        self.sources = Dictionary(sources.map { ($0.key, (Box($0.bytes), Once())) }, uniquingKeysWith: { first, _ in first })
        self.sandbox = sandbox
        self.remaining = uses
        self.uses = uses
        self.prepare = prepare
        self.announcedUses = announcedUses
    }

    /// A job drawing from `keys` is done (`announced`: the source it only asked for announced
    /// sizes, if any). A source whose last job this was is let go (its failure, if it failed, is
    /// kept for `failures`); a bitmap source whose jobs left only ask for announced sizes lets go
    /// of its pixels once those are made (`RasterImage.releasePixels`), so a 1024 px master does
    /// not wait for the small icons' encoding.
    func done(with keys: [String], announced: String? = nil) {
        var finished: [String] = []
        var pixelsDone: [String] = []
        lock.lock()
        for key in keys {
            guard let count = remaining[key] else { continue }
            if count <= 1 {
                remaining[key] = nil
                pixelUses[key] = nil
                finished.append(key)
                continue
            }
            remaining[key] = count - 1
            if key != announced, let left = pixelUses[key] { pixelUses[key] = left - 1 }
            if pixelUses[key] == 0 { pixelsDone.append(key) }
        }
        lock.unlock()
        for key in finished {
            guard let entry = sources[key], case .success = entry.made.made else { continue }
            entry.made.clear()
        }
        for key in pixelsDone {
            guard case .success(.bitmap(let image)) = sources[key]?.made.made else { continue }
            image.releasePixels()
        }
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
                let result = SourceLoader.decode(entry.bytes.take(), sandbox: sandbox)
                if case .success(let source) = result {
                    prepare(key, source)
                    let announced = announcedUses(key, source)
                    lock.lock()
                    if let all = uses[key], remaining[key] != nil, announced > 0 { pixelUses[key] = all - announced }
                    lock.unlock()
                }
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

/// A source's bytes, given to its decoder once and then dropped (the decoded source is kept).
private final class Box: @unchecked Sendable {
    private var bytes: SourceBytes

    init(_ bytes: SourceBytes) { self.bytes = bytes }

    /// The bytes, and none left here (`take` is called once, under the source's `Once`).
    func take() -> SourceBytes {
        let taken = bytes
        bytes.data = Data()
        return taken
    }
}
