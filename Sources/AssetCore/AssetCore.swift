/// AssetCore: the value types every stage shares.
///
/// Sizes carry their unit in their type (`PixelSize`, `PointSize`, `Scale`), pixels cross module
/// and task boundaries as a straight-alpha RGBA8 `Bitmap`, and every problem a person should read
/// is a `Diagnostic`. No dependencies, no I/O.
package enum AssetCoreInfo {
    /// The version written into build records; part of every render job's key.
    package static let toolVersion = "0.1.0"
}
