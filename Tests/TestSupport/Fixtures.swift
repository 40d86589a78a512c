import Foundation

/// Where test inputs and goldens live, found from this file's path so tests run from any working
/// directory (Xcode, `swift test`, CI).
///
/// The repository root is two folders above `Tests/TestSupport`. Shared test data that is not
/// checked into the repository (the PngSuite images) lives in `shared`, the root's sibling: in a
/// git worktree that is still `<root>/../shared`.
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

    /// `<repoRoot>/../shared`: data shared by the project's checkouts, not in the repository.
    package static let sharedDirectory: URL = repoRoot
        .deletingLastPathComponent()
        .appendingPathComponent("shared", isDirectory: true)
        .standardizedFileURL

    /// `<repoRoot>/../shared/testdata/pngsuite`: the PngSuite images (basn*, ft*, i*, interlaced/).
    package static let pngSuiteDirectory: URL =
        sharedDirectory.appendingPathComponent("testdata/pngsuite", isDirectory: true)

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
