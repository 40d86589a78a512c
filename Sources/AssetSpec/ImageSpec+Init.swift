import AssetCore

extension ImageSpec {
    /// An image made by another asset kind (a launch image's logo image set): `source` fitted
    /// into `size` points at the table's scales, transparency kept.
    package static func contained(_ source: SourceFile, size: PointSize) -> ImageSpec {
        ImageSpec(source: source, size: size, scales: nil, fit: .contain, background: nil)
    }
}
