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
    /// `providesNamespace` nil: the folder's Contents.json has no properties at all.
    static func catalog(providesNamespace: Bool?) throws -> String {
        let png = try VerifyFixtures.png(side: 4)
        let root = try VerifyFixtures.catalog(set: "Logo.imageset", contents: contents, files: ["A.png": png])
        let group = URL(fileURLWithPath: root).appendingPathComponent("Brand")
        try FileManager.default.createDirectory(at: group.appendingPathComponent("logo.imageset"), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: group.appendingPathComponent("logo.imageset/Contents.json"))
        try png.write(to: group.appendingPathComponent("logo.imageset/A.png"))
        let properties = providesNamespace.map { #", "properties" : { "provides-namespace" : \#($0) }"# } ?? ""
        try Data(#"{ "info" : { "author" : "xcode", "version" : 1 }\#(properties) }"#.utf8)
            .write(to: group.appendingPathComponent("Contents.json"))
        return root
    }

    @Test func aSetInAGroupFolderClashesWithOneAtTheTop() throws {
        let report = Verifier.verify(catalogAt: try Self.catalog(providesNamespace: nil), displayPath: "Assets.xcassets")
        #expect(report.findings.map(\.rule) == [.duplicateName])
        #expect(report.findings.first?.severity == .warning)
        #expect(report.findings.first?.file == "Assets.xcassets/Logo.imageset")
        #expect(report.findings.first?.message.hasPrefix("has the name of \"Brand/logo.imageset\"") == true)
    }

    /// Issue 49: the key given as `false` is no namespace (the key's presence alone is not read as one).
    @Test func aFolderThatSaysProvidesNamespaceFalseStillClashes() throws {
        let report = Verifier.verify(catalogAt: try Self.catalog(providesNamespace: false), displayPath: "Assets.xcassets")
        #expect(report.findings.map(\.rule) == [.duplicateName], "\(report.findings.map(\.message))")
    }

    /// A third set of the name is told the first one's name, as the second is.
    @Test func everyLaterSetOfANameIsToldTheFirst() throws {
        let root = try Self.catalog(providesNamespace: nil)
        let other = URL(fileURLWithPath: root).appendingPathComponent("Other/LOGO.imageset")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data(Self.contents.utf8).write(to: other.appendingPathComponent("Contents.json"))
        try VerifyFixtures.png(side: 4).write(to: other.appendingPathComponent("A.png"))
        let report = Verifier.verify(catalogAt: root, displayPath: "Assets.xcassets")
        #expect(report.findings.map(\.file) == ["Assets.xcassets/Logo.imageset", "Assets.xcassets/Other/LOGO.imageset"])
        #expect(report.findings.allSatisfy { $0.message.hasPrefix("has the name of \"Brand/logo.imageset\"") },
                "\(report.findings.map(\.message))")
    }

    @Test func aFolderThatProvidesANamespaceKeepsItsSetsApart() throws {
        let report = Verifier.verify(catalogAt: try Self.catalog(providesNamespace: true), displayPath: "Assets.xcassets")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }
}

/// One icon per platform: an app icon set and a visionOS solid image stack of one name are not a
/// clash (symbolgrid in the shared corpus ships so).
@Suite struct PlatformIconNameTests {
    @Test func anAppIconSetAndASolidImageStackMayShareAName() throws {
        let root = try VerifyFixtures.catalog(set: "AppIcon.appiconset", contents: #"{ "images" : [ ], "info" : { "author" : "xcode", "version" : 1 } }"#)
        let stack = URL(fileURLWithPath: root).appendingPathComponent("AppIcon.solidimagestack")
        try FileManager.default.createDirectory(at: stack, withIntermediateDirectories: true)
        try Data(#"{ "info" : { "author" : "xcode", "version" : 1 }, "layers" : [ ] }"#.utf8).write(to: stack.appendingPathComponent("Contents.json"))
        let report = Verifier.verify(catalogAt: root, displayPath: "Assets.xcassets")
        #expect(!report.findings.contains { $0.rule == .duplicateName }, "\(report.findings.map(\.message))")
    }
}
