/// AssetCore: the value types every stage shares.
///
/// Sizes carry their unit in their type (`PixelSize`, `PointSize`, `Scale`), pixels cross module
/// and task boundaries as a straight-alpha RGBA8 `Bitmap`, and every problem a person should read
/// is a `Diagnostic`. No dependencies. Its I/O is the few careful readers every module shares:
/// `BoundedFile` (a whole file within a budget), `ContainedFile` (no link out of a folder),
/// `PNGDeclaredSize` (a PNG's header), `FileStamp` (one `stat`) and `ScratchSpace` (the Xcode
/// phase's temporary folder, made when missing).
package enum AssetCoreInfo {
    /// The version written into build records; part of every render job's key.
    package static let toolVersion = "0.1.0"

    /// The version of what the renderer draws: part of every key a build records, so a binary whose
    /// pixels changed redraws outputs an older binary made instead of calling them up to date.
    /// Raise it whenever any golden image changes; `RenderVersionTests` fails until you do (it pins
    /// a digest of the golden images for each version).
    package static let renderVersion = 4
}
