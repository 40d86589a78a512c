import AssetSpec
import Foundation
import MCP

/// A call's arguments, read by type: a value of the wrong type is a refusal naming it (the
/// schema says the same, but a client need not check it).
struct ToolArguments: Sendable {
    let values: [String: Value]

    init(_ values: [String: Value]?) { self.values = values ?? [:] }

    func string(_ name: String) throws(ToolFailure) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw wrongType(name, "a string") }
        return text
    }

    /// An object of strings (`variables`).
    func strings(_ name: String) throws(ToolFailure) -> [String: String]? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let object = value.objectValue else { throw wrongType(name, "an object of strings") }
        var strings: [String: String] = [:]
        for (key, item) in object {
            guard let text = item.stringValue else { throw wrongType("\(name).\(key)", "a string") }
            strings[key] = text
        }
        return strings
    }

    func bool(_ name: String) throws(ToolFailure) -> Bool? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw wrongType(name, "true or false") }
        return flag
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws(ToolFailure) -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let number = value.intValue ?? value.doubleValue.flatMap({ $0.rounded() == $0 && abs($0) < 1e9 ? Int($0) : nil }) else {
            throw wrongType(name, "a whole number")
        }
        guard range.contains(number) else {
            throw ToolFailure("`\(name)` \(number) is out of range: give \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func double(_ name: String, in range: ClosedRange<Double>) throws(ToolFailure) -> Double? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let number = value.doubleValue ?? value.intValue.map(Double.init) else { throw wrongType(name, "a number") }
        guard range.contains(number), number > 0 else {
            throw ToolFailure("`\(name)` \(number) is out of range: give more than 0 and at most \(range.upperBound)")
        }
        return number
    }

    /// Names the schema does not list are refused with the closest one, as the manifest does.
    func checkNames(_ known: [String]) throws(ToolFailure) {
        for name in values.keys.sorted() where !known.contains(name) {
            let guess = Suggestion.closest(to: name, in: known)
            throw ToolFailure("unknown argument `\(name)`" + (guess.map { "; did you mean `\($0)`?" } ?? ""),
                              fix: "the arguments are: " + known.joined(separator: ", "))
        }
    }

    private func wrongType(_ name: String, _ wanted: String) -> ToolFailure {
        ToolFailure("`\(name)` must be \(wanted)")
    }
}
