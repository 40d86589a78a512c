import Foundation

extension BoundedFile {
    /// The bytes of an image or source file for a reader that only needs them when they are sane:
    /// nil when the file is missing, over `Budgets.standard.sourceBytes`, or a PNG larger than its
    /// header allows (`PNGDeclaredSize`), decided before it is read.
    package static func boundedImage(_ path: String) -> Data? {
        guard PNGDeclaredSize.refusal(path) == nil else { return nil }
        return try? read(path, limit: Budgets.standard.sourceBytes).get()
    }
}
