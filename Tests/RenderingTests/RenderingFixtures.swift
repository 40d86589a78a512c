import AssetCore
import AssetPlan
import Foundation
import Rendering

/// Paths, jobs and pixel helpers shared by the rendering tests (TestSupport is not ready yet).
enum RenderingFixtures {
    /// `Tests/Fixtures/Artwork/<name>`.
    static func artwork(_ name: String) -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Artwork/\(name)").path
    }

    /// A job that only sets what Rendering reads.
    static func job(_ size: PixelSize, fit: Fit = .fill, background: RGBAColor? = nil,
                    effect: Effect = .none) -> RenderJob {
        RenderJob(output: "Test.imageset/test.png", asset: "Test", slot: "test", scale: .x1,
                  source: SourceRef(path: "/nonexistent/test", displayPath: "test", format: .png),
                  pixelSize: size, fit: fit, background: background, effect: effect, channels: .rgba)
    }

    static func render(_ path: String, _ size: PixelSize, fit: Fit = .fill, background: RGBAColor? = nil,
                       effect: Effect = .none) throws -> Bitmap {
        let image = try VectorImage(path: artwork(path))
        return try Renderer.render(job(size, fit: fit, background: background, effect: effect),
                                   from: .vector(image))
    }

    static func resize(_ bitmap: Bitmap, to size: PixelSize, fit: Fit = .fill) throws -> Bitmap {
        try Renderer.render(job(size, fit: fit), from: .bitmap(RasterImage(bitmap)))
    }

    /// A fresh empty directory under the system temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rendering-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Deterministic pseudo-random bytes (a 64-bit LCG), so failures reproduce.
    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    static func srgbDecode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    static func srgbEncode(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
}
