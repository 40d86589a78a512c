import Testing
@testable import AssetCore

/// A terminal shows the first three of many diagnostics that say the same thing, then one line
/// for the rest (a full disk fails every file in the same words).
@Suite struct RepeatedDiagnosticTests {
    func full(_ index: Int) -> Diagnostic {
        .error("cannot write file: No space left on device", at: .file("Out/A\(index).png"), fix: "free some space")
    }

    @Test func fourAlikeAreAllShownAndFiveBecomeThreeAndALine() {
        let four = (0..<4).map(full)
        #expect(four.collapsingRepeats().map(\.more) == [0, 0, 0, 0], "one line for one more saves nothing")
        let five = (0..<5).map(full)
        let shown = five.collapsingRepeats()
        #expect(shown.map(\.more) == [0, 0, 0, 2])
        #expect(shown.map(\.diagnostic.location) == (0..<4).map { Diagnostic.Location.file("Out/A\($0).png") })
    }

    @Test func othersKeepTheirPlaceAndOnlyTheSameWordsCount() {
        var list = (0..<6).map(full)
        list.insert(.warning("cannot write file: No space left on device", at: .file("Out/W.png"), fix: "free some space"), at: 1)
        list.insert(.error("cannot write file: No space left on device", at: .file("Out/F.png"), fix: "check permissions"), at: 4)
        list.append(.error("the set \"A.imageset\" could not be completed", fix: nil))
        let shown = list.collapsingRepeats()
        #expect(shown.map(\.more) == [0, 0, 0, 0, 0, 3, 0])
        #expect(shown.map(\.diagnostic.severity) == [.error, .warning, .error, .error, .error, .error, .error])
        #expect(shown[4].diagnostic.fix == "check permissions", "a different fix is a different thing said")
        #expect(shown.last?.diagnostic.message.hasPrefix("the set") == true)
        #expect(list.countSummary == "8 errors, 1 warning", "the count is of every one")
    }

    @Test func linesOfTheManifestAreAllShown() {
        let lines = (1...6).map { Diagnostic.error("expected a mapping", at: .source(SourceLocation(file: "assetsmith.yml", line: $0, column: 3))) }
        #expect(lines.collapsingRepeats().map(\.more) == [0, 0, 0, 0, 0, 0], "each line is fixed where it is")
    }
}
