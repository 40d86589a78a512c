import AssetCore
import Foundation
import Testing
@testable import AssetCatalog

/// The one file a build appends drawn bytes to past its memory budget, and reads back when it
/// writes the catalog (issue 38).
@Suite struct SpillFileTests {
    let output = NSTemporaryDirectory() + "assetsmith-spill-\(UUID().uuidString)"

    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: output + "/.assetsmith")) ?? []).sorted()
    }

    @Test func whatManyThreadsAppendIsReadBackToTheByteAndTheFileGoesWithRemove() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let file = try #require(SpillFile.open(folder: output + "/.assetsmith"))
        #expect(file.path.hasPrefix(output + "/.assetsmith/spill-\(getpid())-"))
        let inputs: [Data] = (0..<300).map { index in
            let count = (index % 17) * 97
            return Data((0..<count).map { UInt8(truncatingIfNeeded: $0 + index) })
        }
        let places = UnsafeMutableBufferPointer<SpillFile.Place?>.allocate(capacity: inputs.count)
        defer { places.deallocate() }
        places.initialize(repeating: Optional<SpillFile.Place>.none)
        let base = Unchecked(places)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { base.buffer[$0] = file.keep(inputs[$0]) }
        let kept = Array(places)
        #expect(kept.allSatisfy { $0 != nil })
        let ranges = kept.compactMap { $0 }.sorted { ($0.offset, $0.count) < ($1.offset, $1.count) }
        #expect(ranges.first?.offset == 0)
        for (one, next) in zip(ranges, ranges.dropFirst()) {
            #expect(one.offset + one.count == next.offset, "ranges neither overlap nor leave gaps")
        }
        for (data, place) in zip(inputs, kept) {
            #expect(file.read(try #require(place)) == data)
        }
        let total = inputs.reduce(0) { $0 + $1.count }
        #expect(((try FileManager.default.attributesOfItem(atPath: file.path))[.size] as? Int) == total,
                "each byte kept once, no gaps")
        #expect(names().count == 1)
        file.remove()
        #expect(names().isEmpty)
        #expect(file.keep(Data([1, 2, 3])) == nil, "a removed file keeps nothing")
        #expect(file.read(SpillFile.Place(offset: 0, count: 3)) == nil)
    }

    @Test func aReadPastTheEndIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let file = try #require(SpillFile.open(folder: output + "/.assetsmith"))
        let place = try #require(file.keep(Data([7, 8, 9])))
        #expect(file.read(place) == Data([7, 8, 9]))
        #expect(file.read(SpillFile.Place(offset: 1, count: 2)) == Data([8, 9]))
        #expect(file.read(SpillFile.Place(offset: 1, count: 3)) == nil, "one byte past the end")
    }

    @Test func eachBuildOfAProcessHasAFileOfItsOwnAndTheLastReferenceRemovesIt() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        var first = SpillFile.open(folder: output + "/.assetsmith")
        let second = try #require(SpillFile.open(folder: output + "/.assetsmith"))
        #expect(first?.path != second.path)
        #expect(names().count == 2)
        first = nil
        #expect(names() == [PathText.lastComponent(second.path)], "the build's file goes with its last reference")
        _ = first
    }

    @Test func filesAndFoldersOfDeadBuildsAreRemovedAndALiveOnesKept() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let folder = output + "/.assetsmith"
        try FileManager.default.createDirectory(atPath: folder + "/spill-999999999", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/spill-999999998-4", contents: Data([1]))
        FileManager.default.createFile(atPath: folder + "/spill-\(getppid())-1", contents: Data([1]))
        FileManager.default.createFile(atPath: folder + "/spill-notes", contents: Data([1]))
        SpillFile.removeStale(folder: output + "/.assetsmith")
        let file = try #require(SpillFile.open(folder: output + "/.assetsmith"))
        #expect(names() == ["spill-\(getppid())-1", PathText.lastComponent(file.path), "spill-notes"].sorted())
    }

    @Test func aLinkInPlaceOfTheFolderIsNotFollowed() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let elsewhere = output + "-elsewhere"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: output + "/.assetsmith", withDestinationPath: elsewhere)
        #expect(SpillFile.open(folder: output + "/.assetsmith") == nil, "the bytes then stay in memory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test func aRequestWhoseSpilledBytesAreGoneFailsAndNamesTheFile() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let file = try #require(SpillFile.open(folder: output + "/.assetsmith"))
        let place = try #require(file.keep(Data("png".utf8)))
        var request = FileUpdate.Request(data: Data(), path: "A.imageset/A.png", generatedBefore: false, shownIn: "Assets.xcassets")
        request.spilled = FileUpdate.Spilled(file: file, place: place)
        let catalog = SafeFiles(root: output + "/Assets.xcassets")
        guard case .written = FileUpdate.apply(request, in: catalog) else {
            Issue.record("the spilled bytes are written")
            return
        }
        #expect(catalog.read("A.imageset/A.png") == Data("png".utf8))
        file.remove()
        request.path = "B.imageset/B.png"
        guard case .failed(let diagnostic) = FileUpdate.apply(request, in: catalog) else {
            Issue.record("bytes that cannot be read back fail the file")
            return
        }
        #expect(diagnostic.message.contains("cannot read the drawn bytes of \"Assets.xcassets/B.imageset/B.png\" back"))
        #expect(catalog.read("B.imageset/B.png") == nil)
    }

    private struct Unchecked: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<SpillFile.Place?>
        init(_ buffer: UnsafeMutableBufferPointer<SpillFile.Place?>) { self.buffer = buffer }
    }
}
