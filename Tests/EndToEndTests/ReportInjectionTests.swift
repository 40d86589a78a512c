import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// A file name inside a Contents.json is the catalog author's text: in no report format can it
/// start a line, a GitHub workflow command or a terminal sequence, or make the XML invalid.
@Suite struct ReportInjectionTests {
    static let hostileName = "x.png\n::error file=forged.swift,line=1::forged\u{1B}[31m\u{01}\u{202E}"

    static func catalog() throws -> String {
        let dir = CLI.temporaryDirectory("inject")
        let set = dir + "/Hostile.xcassets/Logo.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        let contents: [String: Any] = ["images": [["filename": hostileName, "idiom": "universal", "scale": "1x"]],
                                       "info": ["author": "xcode", "version": 1]]
        try JSONSerialization.data(withJSONObject: contents).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        return dir
    }

    @Test func textShowsControlCharactersEscaped() throws {
        let dir = try Self.catalog()
        let result = try CLI.run(["verify", "--catalog", "Hostile.xcassets"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains(#"the file "x.png\n::error file=forged.swift,line=1::forged\u{1B}[31m\u{1}\u{202E}" for the image set"#),
                "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("::") })
    }

    @Test func githubAnnotationsCannotBeForged() throws {
        let dir = try Self.catalog()
        let result = try CLI.run(["verify", "--catalog", "Hostile.xcassets", "--format", "github"], in: dir)
        #expect(result.status == 1)
        let commands = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(commands.count == 1, "\(result.stdout)")
        #expect(commands.allSatisfy { $0.hasPrefix("::error file=Hostile.xcassets/Logo.imageset/Contents.json,") })
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func junitIsValidXMLWhateverTheNames() throws {
        let dir = try Self.catalog()
        let result = try CLI.run(["verify", "--catalog", "Hostile.xcassets", "--format", "junit"], in: dir)
        #expect(result.status == 1)
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(xmlString: result.stdout)
        #expect(try document.nodes(forXPath: "//failure").count == 1)
        #endif
    }

    @Test func jsonKeepsTheExactNameEscapedByJSON() throws {
        let dir = try Self.catalog()
        let result = try CLI.run(["verify", "--catalog", "Hostile.xcassets", "--format", "json"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let messages = (object?["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains(Self.hostileName) }, "\(messages)")
        #expect(!result.stdout.contains("\u{1B}"))
    }
}

/// verify treats symbolic links as build does, and stays fast on a Contents.json of thousands of entries.
@Suite struct VerifyHostileCatalogTests {
    @Test func aSetFolderThatIsASymlinkIsNotFollowed() throws {
        let dir = CLI.temporaryDirectory("verify-link")
        let outside = dir + "/Elsewhere.imageset"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try #"{"images":[{"idiom":"universal","filename":"secret.png","scale":"1x"}],"info":{"author":"xcode","version":1}}"#
            .write(toFile: outside + "/Contents.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/Linked.xcassets", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Linked.xcassets/Logo.imageset", withDestinationPath: outside)
        let result = try CLI.run(["verify", "--catalog", "Linked.xcassets"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("Linked.xcassets/Logo.imageset: error: the folder is a symbolic link (to \"\(outside)\"), which is not followed"),
                "\(result.stdout)")
        #expect(!result.stdout.contains("secret.png"), "nothing behind the link is read")
    }

    @Test func thousandsOfEntriesAreCheckedInOnePass() throws {
        let dir = CLI.temporaryDirectory("verify-many")
        let set = dir + "/Many.xcassets/A.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        let images = (0..<1600).map { ["filename": "f\($0).png", "idiom": "universal", "scale": "1x"] }
        try JSONSerialization.data(withJSONObject: ["images": images, "info": ["author": "xcode", "version": 1]],
                                   options: [.prettyPrinted]).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let result = try CLI.run(["verify", "--catalog", "Many.xcassets", "--format", "json"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = object?["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == 1600)
        // Each missing file is located at its own line (the index is per value, not the first "filename").
        let lines = Set(findings.compactMap { $0["line"] as? Int })
        #expect(lines.count == 1600)
    }
}
