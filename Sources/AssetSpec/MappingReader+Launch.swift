import AssetCore
import Foundation
import Yams

extension MappingReader {
    /// A whole number in `range`.
    package func integer(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Located<Int>? {
        guard let text = string(key, required: required) else { return nil }
        guard let number = Int(text.value), range.contains(number) else {
            sink.error("\"\(key)\" in \(context) is \"\(text.value)\", not a whole number from "
                       + "\(range.lowerBound) to \(range.upperBound)", at: place(key),
                       fix: "write a number such as \(range.lowerBound)")
            return nil
        }
        return Located(number, at: text.location)
    }

    /// `true` or `false`.
    package func bool(_ key: String) -> Located<Bool>? {
        guard let text = string(key) else { return nil }
        switch text.value {
        case "true", "yes": return Located(true, at: text.location)
        case "false", "no": return Located(false, at: text.location)
        default:
            sink.error("\"\(key)\" in \(context) is \"\(text.value)\", not true or false", at: place(key),
                       fix: "write true or false")
            return nil
        }
    }

    /// A nested mapping, read with its own reader (context `"<key>" of <context>`).
    package func mapping(_ key: String) -> MappingReader? {
        guard let node = value(key) else { return nil }
        return MappingReader(node, context: "\"\(key)\" of \(context)", sink: sink)
    }

    /// An existing `.svg` file (launch drawings are vector only).
    package func vectorFile(_ key: String, relativeTo directory: String, required: Bool = false) -> SourceFile? {
        guard let file = sourceFile(key, relativeTo: directory, required: required) else { return nil }
        guard file.isVector else {
            sink.error("\"\(key)\" in \(context) is \"\(file.written)\"; launch images draw SVG only",
                       at: place(key), fix: "export the artwork as SVG")
            return nil
        }
        return file
    }

    /// A list of existing `.svg` files, such as `[Assets/Glyphs/home.svg, Assets/Glyphs/star.svg]`.
    package func vectorFiles(_ key: String, relativeTo directory: String) -> Located<[SourceFile]>? {
        guard let node = value(key) else { return nil }
        guard case .sequence(let sequence) = node, !sequence.isEmpty else {
            sink.error("\"\(key)\" in \(context) must be a list of SVG files", at: node,
                       fix: "write it as [path/one.svg, path/two.svg]")
            return nil
        }
        var files: [SourceFile] = []
        var ok = true
        for item in sequence {
            guard let text = item.string, !text.isEmpty else {
                sink.error("an item of \"\(key)\" in \(context) is not a file path", at: item)
                ok = false
                continue
            }
            let path = ManifestLoader.absolutePath(text, relativeTo: directory)
            var isDirectory: ObjCBool = false
            let location = sink.location(item)
            if !text.lowercased().hasSuffix(".svg") {
                sink.error("\"\(text)\" in \"\(key)\" of \(context) is not an SVG file", at: item,
                           fix: "export the glyph as SVG")
                ok = false
            } else if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || isDirectory.boolValue {
                sink.error("\"\(key)\" in \(context): file \"\(text)\" does not exist", at: item,
                           fix: "check the path; it is relative to the manifest's folder")
                ok = false
            } else {
                files.append(SourceFile(path: path, written: text, location: location))
            }
        }
        return ok ? Located(files, at: sink.location(node)) : nil
    }
}
