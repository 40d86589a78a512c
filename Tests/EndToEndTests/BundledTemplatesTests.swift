import Foundation
import Testing
import TestSupport

/// A binary built outside this repository (the command plugin's `assetsmith-tool`, in the package
/// that uses it) finds the requirement tables in the resource bundle SwiftPM builds beside it;
/// without the bundle, and with no `Templates/` above it or `share/assetsmith` beside it, none.
@Suite struct BundledTemplatesTests {
    /// The resource bundles beside the built binaries (`.resources` on Linux, `.bundle` on macOS;
    /// `-tool` for `assetsmith-tool`).
    static func bundles() -> [String] {
        let folder = (CLI.binary as NSString).deletingLastPathComponent
        return ["Assetsmith_BundledTemplates", "Assetsmith_BundledTemplates-tool"].compactMap { name in
            [".resources", ".bundle"].map { folder + "/" + name + $0 }.first { FileManager.default.fileExists(atPath: $0) }
        }
    }

    @Test func aCopyOfTheBinaryWithItsBundleFindsTheTablesAndWithoutItNone() throws {
        let root = CLI.temporaryDirectory("bundled-templates")
        let bin = root + "/bin"
        let project = root + "/project"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: bin + "/assetsmith")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: project)
        try """
        table: ios18
        assets:
          - {name: AppIcon, kind: app-icon, source: AppIcon.svg}
        """.write(toFile: project + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let bundles = Self.bundles()
        #expect(bundles.count == 2, "\(bundles)")
        for bundle in bundles {
            let copied = bin + "/" + (bundle as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: bundle, toPath: copied)
            let found = try CLI.run(["plan"], in: project, removing: ["ASSETSMITH_TEMPLATES"], executable: bin + "/assetsmith")
            #expect(found.status == 0, "\(copied): \(found.stderr)")
            #expect(found.stdout.contains("AppIcon.appiconset"), "\(found.stdout)")
            try FileManager.default.removeItem(atPath: copied)
        }
        let missing = try CLI.run(["plan"], in: project, removing: ["ASSETSMITH_TEMPLATES"], executable: bin + "/assetsmith")
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(missing.stderr.contains("unknown requirement table \"ios18\""), "\(missing.stderr)")
    }
}
