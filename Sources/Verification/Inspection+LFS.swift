import Foundation

/// Git LFS pointers: a checkout made without the LFS objects holds, in place of each image, a text
/// file of three lines (`version https://git-lfs.github.com/spec/v1`, `oid sha256:…`, `size …`;
/// the Git LFS specification, git-lfs/git-lfs `docs/spec.md`). Xcode would compile those text
/// files, not the images; one finding per catalog says so and how to fetch them.
extension Inspection {
    /// The first line of every Git LFS pointer file (the specification requires it first).
    static let lfsPointerPrefix = Data("version https://git-lfs.github.com/spec/v1".utf8)

    /// True when `data` is a Git LFS pointer rather than the file it stands for.
    static func isLFSPointer(_ data: Data) -> Bool {
        data.count < 1024 && data.starts(with: lfsPointerPrefix)
    }

    /// Notes `relative` as a pointer when it is one; true then (the file is not checked further).
    func recordLFSPointer(_ relative: String) -> Bool {
        guard let data = data(relative), Self.isLFSPointer(data) else { return false }
        lfsPointers.append(relative)
        return true
    }

    /// One error for the catalog, naming the count and the first pointer.
    func checkLFSPointers() {
        guard let first = lfsPointers.min() else { return }
        let count = lfsPointers.count
        add(.error, .lfsPointer, file: display, asset: nil,
            message: "\(count == 1 ? "1 file is a Git LFS pointer" : "\(count) files are Git LFS pointers") "
                + "(\"version https://git-lfs.github.com/spec/v1\"), not the image\(count == 1 ? "" : "s") "
                + "they stand for (first: \(shown(first))); the checkout lacks its LFS objects",
            fix: "run `git lfs pull` (in GitHub Actions: `lfs: true` in actions/checkout) and verify again")
    }
}
