import AssetCore
import Foundation
import PNGCodec
import Testing

/// Golden images: a bitmap is compared with `Tests/Fixtures/Expected/Images/<name>.png` as decoded
/// pixels, never as PNG bytes (libpng and zlib versions change the bytes, not the pixels).
///
/// Works the way resvg's integration tests and swift-argument-parser's `assertSnapshot` do: a
/// per-channel tolerance, a small allowed count of differing pixels, colour ignored where both
/// alphas are 0, a picture of expected | diff | actual in `.build/golden-diffs/` on failure, and
/// `RECORD_GOLDENS=1` to rewrite the golden, which also fails the test so a recording is never
/// mistaken for a pass. A missing golden fails.
package enum GoldenImage {
    /// What a golden check found. Only `matched` passes.
    package enum Outcome: Hashable, Sendable {
        /// Within tolerance; the comparison says by how much.
        case matched(BitmapComparison)
        /// Out of tolerance. `diff` is the side-by-side picture, nil if it could not be written
        /// (the reason is in `diffError`).
        case mismatched(BitmapComparison, golden: URL, diff: URL?, diffError: String?)
        /// No golden file yet.
        case missing(URL)
        /// `RECORD_GOLDENS=1`: the golden was (re)written from the bitmap.
        case recorded(URL)
        /// The golden exists but could not be read or decoded, or recording failed.
        case failed(URL, String)

        /// True only for `matched`: a recording, a missing golden or a failure fails the test.
        package var passed: Bool {
            if case .matched = self { return true }
            return false
        }

        /// What to tell the person running the tests, with the fix.
        package var message: String {
            switch self {
            case .matched(let comparison):
                return "matches the golden: \(comparison.summary)"
            case .mismatched(let comparison, let golden, let diff, let diffError):
                let picture = diff.map { "expected | diff | actual written to \($0.path)" }
                    ?? "could not write the diff picture: \(diffError ?? "unknown error")"
                return "does not match golden \(golden.path): \(comparison.summary); \(picture)\n"
                    + "  fix: if the new image is right, run with RECORD_GOLDENS=1 to rewrite the golden"
            case .missing(let golden):
                return "no golden image at \(golden.path)\n"
                    + "  fix: run with RECORD_GOLDENS=1 to record it, check the picture, and commit it"
            case .recorded(let golden):
                return "RECORDED golden \(golden.path) (RECORD_GOLDENS=1), so this test fails on purpose\n"
                    + "  fix: check the picture, commit it, and run again without RECORD_GOLDENS"
            case .failed(let golden, let reason):
                return "cannot use golden \(golden.path): \(reason)"
            }
        }
    }

    /// True when the environment asks for goldens to be rewritten (`RECORD_GOLDENS=1`).
    package static var recordingRequested: Bool {
        ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    }

    /// Checks `bitmap` against `<goldens>/<named>.png` and returns what it found, recording no
    /// Issue. On a mismatch it writes the side-by-side picture to `<diffs>/<named>.png`; on a match
    /// it removes a stale one. `named` may contain `/` for sub-folders.
    package static func check(_ bitmap: Bitmap, named: String, tolerance: UInt8 = 2,
                              maxDifferingPixels: Int = 0,
                              goldens: URL = Fixtures.expectedImagesDirectory,
                              diffs: URL = Fixtures.goldenDiffsDirectory,
                              record: Bool = recordingRequested) -> Outcome {
        let golden = goldens.appendingPathComponent(named + ".png")
        let diff = diffs.appendingPathComponent(named + ".png")
        if record {
            do {
                try write(PNGCodec.encode(bitmap, channels: .rgba), to: golden)
                return .recorded(golden)
            } catch {
                return .failed(golden, "recording failed: \(error)")
            }
        }
        guard FileManager.default.fileExists(atPath: golden.path) else { return .missing(golden) }
        let expected: Bitmap
        do {
            expected = try PNGCodec.decode(Data(contentsOf: golden))
        } catch {
            return .failed(golden, "\(error)")
        }
        let comparison = BitmapComparison(expected: expected, actual: bitmap, tolerance: tolerance)
        if comparison.passes(maxDifferingPixels: maxDifferingPixels) {
            try? FileManager.default.removeItem(at: diff)
            return .matched(comparison)
        }
        do {
            let picture = sideBySide(expected: expected, actual: bitmap, tolerance: tolerance)
            try write(PNGCodec.encode(picture, channels: .rgba), to: diff)
            return .mismatched(comparison, golden: golden, diff: diff, diffError: nil)
        } catch {
            return .mismatched(comparison, golden: golden, diff: nil, diffError: "\(error)")
        }
    }

    /// Expected, diff and actual side by side, each panel as large as the larger bitmap.
    ///
    /// The diff panel is opaque: a pale grey copy of the expected image where the pixels agree,
    /// red (brighter for larger differences) where they differ by more than `tolerance`, and
    /// magenta where only one of the bitmaps has pixels.
    package static func sideBySide(expected: Bitmap, actual: Bitmap, tolerance: UInt8) -> Bitmap {
        let panelWidth = max(expected.width, actual.width)
        let height = max(expected.height, actual.height)
        let width = panelWidth * 3
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        func put(_ x: Int, _ y: Int, _ color: (UInt8, UInt8, UInt8, UInt8)) {
            let i = (y * width + x) * 4
            pixels[i] = color.0
            pixels[i + 1] = color.1
            pixels[i + 2] = color.2
            pixels[i + 3] = color.3
        }
        func copy(_ bitmap: Bitmap, toPanel panel: Int) {
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let c = bitmap.pixel(x: x, y: y)
                    put(panel * panelWidth + x, y, (c.red, c.green, c.blue, c.alpha))
                }
            }
        }
        copy(expected, toPanel: 0)
        copy(actual, toPanel: 2)
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<height {
                    for x in 0..<panelWidth {
                        let inExpected = x < expected.width && y < expected.height
                        let inActual = x < actual.width && y < actual.height
                        guard inExpected && inActual else {
                            put(panelWidth + x, y, (255, 0, 255, 255))
                            continue
                        }
                        let i = (y * expected.width + x) * 4
                        let j = (y * actual.width + x) * 4
                        let delta = BitmapComparison.delta(e, i, a, j)
                        if delta > tolerance {
                            put(panelWidth + x, y, (UInt8(127 + Int(delta) / 2), 0, 0, 255))
                        } else {
                            // Luma of the expected pixel over white, faded towards white.
                            let alpha = Int(e[i + 3])
                            let luma = (Int(e[i]) * 54 + Int(e[i + 1]) * 183 + Int(e[i + 2]) * 19) >> 8
                            let over = (luma * alpha + 255 * (255 - alpha)) / 255
                            let faded = UInt8(191 + over / 4)
                            put(panelWidth + x, y, (faded, faded, faded, 255))
                        }
                    }
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    private static func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}

/// Expects `bitmap` to match the golden `Tests/Fixtures/Expected/Images/<named>.png` within
/// `tolerance` (per channel, out of 255) with at most `maxDifferingPixels` pixels beyond it, and
/// records an Issue otherwise: on a mismatch (with expected | diff | actual written to
/// `.build/golden-diffs/<named>.png`), when the golden is missing, and when `RECORD_GOLDENS=1`
/// has just rewritten it.
package func expectMatchesGolden(_ bitmap: Bitmap, named: String, tolerance: UInt8 = 2,
                                 maxDifferingPixels: Int = 0,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let outcome = GoldenImage.check(bitmap, named: named, tolerance: tolerance,
                                    maxDifferingPixels: maxDifferingPixels)
    if !outcome.passed {
        Issue.record(Comment(rawValue: "golden \"\(named)\": \(outcome.message)"), sourceLocation: sourceLocation)
    }
}
