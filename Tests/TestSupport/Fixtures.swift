import Foundation

/// Where test inputs and goldens live, found from this file's path so tests run from any working
/// directory (Xcode, `swift test`, CI).
///
/// The repository root is two folders above `Tests/TestSupport`. Everything a test reads is
/// checked in under `Tests/Fixtures`, so a clean clone tests on its own.
package enum Fixtures {
    /// The repository root (the folder holding `Package.swift`).
    package static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Fixtures.swift
        .deletingLastPathComponent() // TestSupport
        .deletingLastPathComponent() // Tests
        .standardizedFileURL

    /// `Tests/Fixtures`: manifests, artwork and goldens checked into the repository.
    package static let directory: URL = repoRoot.appendingPathComponent("Tests/Fixtures", isDirectory: true)

    /// `Tests/Fixtures/Expected/Images`: golden images, compared as decoded pixels.
    package static let expectedImagesDirectory: URL =
        directory.appendingPathComponent("Expected/Images", isDirectory: true)

    /// `Tests/Fixtures/pngsuite`: the PngSuite images (basn*, ft*, i*, interlaced/), as shipped in
    /// libpng's `contrib/pngsuite` (free to use and redistribute; see its README).
    package static let pngSuiteDirectory: URL =
        directory.appendingPathComponent("pngsuite", isDirectory: true)

    /// `<repoRoot>/.build/golden-diffs`: where failed golden comparisons leave expected | diff | actual.
    package static let goldenDiffsDirectory: URL =
        repoRoot.appendingPathComponent(".build/golden-diffs", isDirectory: true)

    /// A file under `Tests/Fixtures`, such as `Artwork/icon.svg`.
    package static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// A PngSuite image by file name, with or without `.png`; `interlaced/ibasn0g01` also works.
    package static func pngSuite(_ name: String) -> URL {
        let file = name.hasSuffix(".png") ? name : name + ".png"
        return pngSuiteDirectory.appendingPathComponent(file)
    }

    /// The bytes of a PngSuite image (see `pngSuite(_:)`).
    package static func pngSuiteData(_ name: String) throws -> Data {
        try Data(contentsOf: pngSuite(name))
    }
}
