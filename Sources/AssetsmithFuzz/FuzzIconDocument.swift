import Foundation
import Preview
import Verification

/// The `icon-json` target: an Icon Composer bundle's icon.json (seeded with the real bundles of
/// `Tests/Fixtures/IconComposer`) read by verify and drawn by the preview, whose range check must
/// stop any number (`"scale": 1e300`) before a canvas is made.
enum FuzzIconDocument {
    /// Makes `<scratch>/Icons/Assets.xcassets` with `AppIcon.icon` beside it, its layers those of
    /// the MeshCoreOne reconstruction; returns the bundle's path.
    static func setUp(root: String, scratch: String) -> String {
        let folder = scratch + "/Icons"
        let bundle = folder + "/AppIcon.icon"
        try? FileManager.default.createDirectory(atPath: folder + "/Assets.xcassets", withIntermediateDirectories: true)
        try? Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Assets.xcassets/Contents.json"))
        try? FileManager.default.copyItem(atPath: root + "/Tests/Fixtures/IconComposer/RealWorld/MeshCoreOne/AppIcon.icon", toPath: bundle)
        return bundle
    }

    /// Every icon.json below `Tests/Fixtures/IconComposer`.
    static func seeds(root: String) -> [Data] {
        let folder = root + "/Tests/Fixtures/IconComposer"
        let found = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix("icon.json") }.sorted().compactMap { FileManager.default.contents(atPath: folder + "/" + $0) }
    }

    static func run(_ data: Data, bundle: String) -> String {
        try? data.write(to: URL(fileURLWithPath: bundle + "/icon.json"))
        let report = Verifier.verify(catalogAt: (bundle as NSString).deletingLastPathComponent + "/Assets.xcassets")
        for format in ReportFormat.allCases { _ = format.render(report) }
        guard let icon = PreviewIcon.read(at: bundle, side: 64) else { return "not drawn" }
        return icon.renditions.isEmpty ? "refused by the preview" : report.findings.isEmpty ? "drawn, clean" : "drawn, findings"
    }
}
