import AssetCore
import Foundation

/// A decoded raster source: straight RGBA8 pixels (the pipeline decodes the PNG elsewhere),
/// shared by every output size and every thread.
package final class RasterImage: @unchecked Sendable {
    /// The decoded pixels, as given. Not to be asked for after `releasePixels` succeeded.
    package var bitmap: Bitmap {
        lock.lock()
        defer { lock.unlock() }
        guard let pixels else { preconditionFailure("the pixels of a released source were asked for") }
        return pixels
    }
    private var pixels: Bitmap?
    /// The PNG file's bytes, kept when its stored rows are its pixels as an output would store
    /// them (`PNGCodec.storesOutputRows`): an output of the source's own size is then the file
    /// re-wrapped (`Renderer.storedCopy`), not compressed again. Let go with the pixels.
    package var stored: Data? {
        lock.lock()
        defer { lock.unlock() }
        return storedFile
    }
    private var storedFile: Data?
    /// The source size in pixels.
    package let size: PixelSize
    /// Glyph work shared by the jobs drawn from this image (`GlyphMemo`).
    let glyphMemo = GlyphMemo()
    private let lock = NSLock()
    /// Resamplings announced by `expect`: each target's group, made together on first use.
    private var planned: [AreaResampler.Target: (group: Once<[Bitmap]>, targets: [AreaResampler.Target], index: Int)] = [:]

    /// Wraps a decoded bitmap; `stored`, the PNG file it was decoded from, when its stored rows
    /// are the bitmap's pixels.
    package init(_ bitmap: Bitmap, stored: Data? = nil) {
        self.pixels = bitmap
        self.storedFile = stored
        self.size = bitmap.size
    }

    /// Whether `target` is one `expect` announced in a group: asking for it needs the pixels only
    /// until its group is made.
    package func isPlanned(_ target: AreaResampler.Target) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return planned[target] != nil
    }

    /// Lets go of the PNG file (no output of the source's own size is to come).
    package func dropStored() {
        lock.lock()
        storedFile = nil
        lock.unlock()
    }

    /// Lets go of the pixels once every announced group is made; the caller promises that no job
    /// still to come asks for anything but announced targets. False (and nothing changes) while a
    /// group is still to be made.
    @discardableResult
    package func releasePixels() -> Bool {
        // Not under `lock`: a group being made holds its own lock and asks for `bitmap`.
        lock.lock()
        let groups = planned.values.map(\.group)
        lock.unlock()
        guard groups.allSatisfy({ $0.made != nil }) else { return false }
        lock.lock()
        pixels = nil
        storedFile = nil
        lock.unlock()
        return true
    }

    /// Announces resamplings that jobs will ask for: the first to ask for one of a group makes
    /// the whole group in one pass over the source's rows (each row decoded to linear light once,
    /// not once per size). The targets are dealt into `ways` groups of about equal output pixels
    /// (one per render thread, so the threads still share the work), each group at most
    /// `groupPixels` output pixels: the memory its sums take, 16 bytes each.
    package func expect(_ targets: [AreaResampler.Target], ways: Int, groupPixels: Int = 1 << 20) {
        let wanted = Set(targets).filter { !AreaResampler.isCopy($0, of: size) }
            .sorted { ($0.box.width * $0.box.height, $0.box.width) > ($1.box.width * $1.box.height, $1.box.width) }
        var groups: [(targets: [AreaResampler.Target], pixels: Int)] = []
        var open: [Int] = []
        for target in wanted {
            let area = target.box.width * target.box.height
            // The open group with the fewest pixels that still has room, else a new one.
            if let index = open.filter({ groups[$0].pixels + area <= groupPixels }).min(by: { groups[$0].pixels < groups[$1].pixels }),
               open.count >= max(1, ways) {
                groups[index].targets.append(target)
                groups[index].pixels += area
            } else {
                open.append(groups.count)
                groups.append(([target], area))
            }
        }
        lock.lock()
        defer { lock.unlock() }
        for group in groups where group.targets.count > 1 {
            let made = Once<[Bitmap]>()
            for (index, target) in group.targets.enumerated() where planned[target] == nil {
                planned[target] = (made, group.targets, index)
            }
        }
    }

    /// This image drawn into `target`: from the group `expect` announced it in, or alone.
    func resampled(_ target: AreaResampler.Target) -> Bitmap {
        lock.lock()
        let entry = planned[target]
        lock.unlock()
        guard let entry else { return AreaResampler.resample(self, into: target.box, placement: target.placement) }
        return entry.group.get { AreaResampler.resample(self.bitmap, into: entry.targets) }[entry.index]
    }
}
