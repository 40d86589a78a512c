import Foundation

/// The bytes of one `.icon` layer file, as the build made them (an SVG rewritten, a PNG copied).
package struct BundleFile: Sendable {
    package var data: Data
    /// The source as the manifest names it.
    package var source: String
    package var sourceSHA256: SHA256Digest?
    /// What decided these bytes (source digest and tool version); a later build may reuse the file.
    package var key: SHA256Digest?

    package init(data: Data, source: String, sourceSHA256: SHA256Digest?, key: SHA256Digest?) {
        self.data = data
        self.source = source
        self.sourceSHA256 = sourceSHA256
        self.key = key
    }
}
