/// The limits every reader keeps to, so that input from anywhere (a designer's download, a pull
/// request) is refused with a message naming the file before it costs gigabytes or minutes.
///
/// Libraries take a `Budgets` value (`.standard` by default) and never read one from the
/// environment: the front ends (the CLI, the MCP server) raise one from the `ASSETSMITH_*`
/// variables through FrontEnd's `BudgetSettings` (see Docs/limits.md).
package struct Budgets: Sendable, Equatable {
    /// A manifest: 16 MB (a manifest of 1,000 assets is about 100 KB, of 50,000 about 4 MB).
    package var manifestBytes = 16 << 20
    /// A launch template: 1 MB (not raised by the CLI).
    package var templateBytes = 1 << 20
    /// One source file (PNG, PDF, SVG, a `.icon` layer) and one image in a catalog `verify`
    /// reads: 256 MB, checked from the file's size before it is read.
    package var sourceBytes = 256 << 20
    /// One Contents.json (Xcode's largest are a few kilobytes): 16 MB (not raised by the CLI).
    package var contentsBytes = 16 << 20
    /// One decoded source image: 100 megapixels (400 MB), checked from the PNG header.
    package var imagePixels = 100_000_000
    /// Pixels a build holds at once: decoded sources (a batch) and, separately, the outputs being
    /// drawn at the same time (200 megapixels each, 800 MB of RGBA).
    package var buildPixels = 200_000_000

    /// Bytes of drawn output files a build holds in memory until the catalog is written: 32 MB.
    /// Past it, each file drawn is appended to the build's spill file
    /// (`<state>/spill-<pid>-<n>`, `SpillFile`) and read back by the writer, so
    /// 50,000 assets cost what is in flight, not the catalog's size (issue 38: 104 MB of PNGs
    /// there). A small catalog never reaches it. Appending costs a sequential write the page cache
    /// keeps; a file per output (an earlier design) cost a create and a rename each, and made a
    /// 50,000-asset build 20 s slower at this budget.
    package var heldOutputBytes = 32 << 20

    package init() {}

    /// The defaults above.
    package static let standard = Budgets()

    /// `count` bytes in the unit a message shows (`2.5 GB`, `300 MB`, `12 KB`).
    package static func bytesText(_ count: Int) -> String {
        if count >= 1 << 30 { return String(format1: Double(count) / Double(1 << 30)) + " GB" }
        if count >= 1 << 20 { return "\(count >> 20) MB" }
        if count >= 1 << 10 { return "\(count >> 10) KB" }
        return "\(count) bytes"
    }
}

extension String {
    /// One decimal, without Foundation (`2.5`, `3.0` → `3`).
    fileprivate init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
