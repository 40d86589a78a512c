import Foundation
import Testing
import TestSupport
import Verification

/// Set names share one namespace in a catalog (issue 35): a set in a group folder and one at the top
/// level of one name, letter case aside, are reported; a folder that provides a namespace keeps its
/// sets apart.
@Suite struct DuplicateNameTests {
    static let contents = #"{ "images" : [ { "filename" : "A.png", "idiom" : "universal" } ], "info" : { "author" : "xcode", "version" : 1 } }"#

    /// A catalog with `Logo.imageset` at the top and `Brand/logo.imageset` in a group folder.
    static func catalog(providesNamespace: Bool) throws -> String {
        let png = try VerifyFixtures.png(side: 4)
        let root = try VerifyFixtures.catalog(set: "Logo.imageset", contents: contents, files: ["A.png": png])
        let group = URL(fileURLWithPath: root).appendingPathComponent("Brand")
        try FileManager.default.createDirectory(at: group.appendingPathComponent("logo.imageset"), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: group.appendingPathComponent("logo.imageset/Contents.json"))
        try png.write(to: group.appendingPathComponent("logo.imageset/A.png"))
        let properties = providesNamespace ? #", "properties" : { "provides-namespace" : true }"# : ""
        try Data(#"{ "info" : { "author" : "xcode", "version" : 1 }\#(properties) }"#.utf8)
            .write(to: group.appendingPathComponent("Contents.json"))
        return root
    }

    @Test func aSetInAGroupFolderClashesWithOneAtTheTop() throws {
        let report = Verifier.verify(catalogAt: try Self.catalog(providesNamespace: false), displayPath: "Assets.xcassets")
        #expect(report.findings.map(\.rule) == [.duplicateName])
        #expect(report.findings.first?.severity == .warning)
        #expect(report.findings.first?.file == "Assets.xcassets/Logo.imageset")
        #expect(report.findings.first?.message.hasPrefix("has the name of \"Brand/logo.imageset\"") == true)
    }

    @Test func aFolderThatProvidesANamespaceKeepsItsSetsApart() throws {
        let report = Verifier.verify(catalogAt: try Self.catalog(providesNamespace: true), displayPath: "Assets.xcassets")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }
}
