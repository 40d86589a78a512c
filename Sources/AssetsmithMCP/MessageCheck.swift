import Foundation
import MCP

/// Each incoming message checked by JSON-RPC 2.0's rules (and MCP's: an object, an id that is a
/// string or an integer, never null) before the SDK sees it. The SDK (swift-sdk 0.12.1,
/// `Server.start`) answers a line it cannot decode with a random id, so a client waits for an
/// answer that never matches; it drops a request whose id is `true`, `1.5` or `1e400` as an
/// unknown notification; and it answers `tools/call` without `params` with `-32603` "The data
/// isn't in the correct format". Here such a message gets the answer the spec asks for: `-32700`
/// with a null id for what is not JSON, `-32600` for what is not a request, a notification or a
/// response (with its id when it has one the client can match), and `-32602` naming the field
/// of `params` that is missing or of the wrong type for the methods the server serves.
package enum MessageCheck {
    /// What to do with one line.
    package enum Verdict: Equatable, Sendable {
        /// Hand the message to the SDK as it is.
        case pass(Data)
        /// Send this answer back; the SDK never sees the message.
        case answer(Data)
        /// A batch with bad members: answer those, hand the rest to the SDK as a batch.
        case split(pass: Data, answer: Data)
    }

    /// JSON-RPC 2.0's error codes.
    package enum Code: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case invalidParams = -32602
    }

    package static func check(_ data: Data) -> Verdict {
        let message: Value
        do {
            message = try JSONDecoder().decode(Value.self, from: data)
        } catch {
            return .answer(encode(failure(.parseError, id: .null, "Parse error: the message is not JSON this server can read (\(reason(error)))")))
        }
        guard case .array(let members) = message else {
            guard let refusal = refusal(message) else { return .pass(data) }
            return .answer(encode(refusal))
        }
        guard !members.isEmpty else {
            return .answer(encode(failure(.invalidRequest, id: .null, "Invalid Request: the batch is empty")))
        }
        var passed: [Value] = []
        var answers: [Value] = []
        for member in members {
            if let refusal = refusal(member) { answers.append(refusal) } else { passed.append(member) }
        }
        if answers.isEmpty { return .pass(data) }
        if passed.isEmpty { return .answer(encode(.array(answers))) }
        return .split(pass: encode(.array(passed)), answer: encode(.array(answers)))
    }

    /// The error answer for one message, or nil when it is well formed.
    static func refusal(_ message: Value) -> Value? {
        guard case .object(let fields) = message else {
            return failure(.invalidRequest, id: .null, "Invalid Request: a message is a JSON object, not \(kind(message))")
        }
        let rawID = fields["id"]
        let id = rawID.flatMap(matchable) ?? .null
        guard fields["jsonrpc"] == .string("2.0") else {
            return failure(.invalidRequest, id: id, "Invalid Request: `jsonrpc` must be \"2.0\"")
        }
        if let rawID, matchable(rawID) == nil {
            return failure(.invalidRequest, id: .null, "Invalid Request: `id` must be a string or an integer, not \(kind(rawID))")
        }
        guard let method = fields["method"] else {
            // A response to one of the server's requests: an id and a result or an error, one of them.
            guard rawID != nil else { return failure(.invalidRequest, id: .null, "Invalid Request: a message needs `method` (or `id` and `result` or `error`)") }
            guard (fields["result"] == nil) != (fields["error"] == nil) else {
                return failure(.invalidRequest, id: id, "Invalid Request: a response has exactly one of `result` and `error`")
            }
            return nil
        }
        guard case .string(let name) = method else {
            return failure(.invalidRequest, id: id, "Invalid Request: `method` must be a string, not \(kind(method))")
        }
        if let params = fields["params"] {
            guard case .object = params else {
                return failure(.invalidRequest, id: id, "Invalid Request: `params` must be an object, not \(kind(params))")
            }
        }
        // A notification's params are no one's to refuse: nothing answers a notification.
        guard rawID != nil, let problem = ParameterCheck.problem(method: name, params: fields["params"]) else { return nil }
        return failure(.invalidParams, id: id, "Invalid params: \(problem)")
    }

    /// The id as the answer echoes it: a string or an integer (nil for anything else).
    private static func matchable(_ id: Value) -> Value? {
        switch id {
        case .string, .int: return id
        default: return nil
        }
    }

    static func kind(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .double: return "a number with a fraction or exponent"
        case .string, .data: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func failure(_ code: Code, id: Value, _ message: String) -> Value {
        .object(["jsonrpc": .string("2.0"), "id": id, "error": .object(["code": .int(code.rawValue), "message": .string(message)])])
    }

    static func encode(_ value: Value) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data(#"{"error":{"code":-32603,"message":"Internal error"},"id":null,"jsonrpc":"2.0"}"#.utf8)
    }

    /// The decoder's reason in a few words (the path into the document where it has one).
    private static func reason(_ error: Error) -> String {
        guard let decoding = error as? DecodingError, case .dataCorrupted(let context) = decoding else { return "\(error)" }
        let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        let place = context.codingPath.isEmpty ? "" : "at `" + context.codingPath.map(\.stringValue).joined(separator: ".") + "`: "
        return place + (underlying ?? context.debugDescription)
    }
}

/// The params of the methods this server serves, decoded with the SDK's own types, so a missing or
/// mistyped field is named before the SDK's handler turns it into `-32603`.
enum ParameterCheck {
    private struct Entry {
        var required: Bool
        var decode: @Sendable (Data) throws -> Void
    }

    private static func entry<M: Method>(_: M.Type) -> (String, Entry) {
        (M.name, Entry(required: !(M.Parameters.self is NotRequired.Type), decode: { _ = try JSONDecoder().decode(M.Parameters.self, from: $0) }))
    }

    private static let entries: [String: Entry] = Dictionary(uniqueKeysWithValues: [
        entry(Initialize.self), entry(CallTool.self), entry(ReadResource.self), entry(ListTools.self), entry(ListResources.self),
    ])

    /// Words naming what is wrong with `params` of `method`, or nil (also for a method not served here).
    static func problem(method: String, params: Value?) -> String? {
        guard let entry = entries[method] else { return nil }
        guard let params else { return entry.required ? "\(method) needs `params`, an object" : nil }
        do {
            try entry.decode(MessageCheck.encode(params))
            return nil
        } catch let error as DecodingError {
            return words(error, method: method)
        } catch {
            return "\(method): \(error)"
        }
    }

    /// A JSON kind for the Swift type a decoder expected.
    private static func expected(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") { return "an object" }
        if name.hasPrefix("Array") { return "an array" }
        switch name {
        case "String": return "a string"
        case "Bool": return "a boolean"
        case "Int", "Double", "Float": return "a number"
        default: return name
        }
    }

    private static func words(_ error: DecodingError, method: String) -> String {
        func path(_ keys: [CodingKey]) -> String {
            (["params"] + keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }).joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(method) needs `\(path(context.codingPath + [key]))`"
        case .typeMismatch(let type, let context):
            return "`\(path(context.codingPath))` of \(method) is of the wrong type (expected \(expected(type)))"
        case .valueNotFound(let type, let context):
            return "`\(path(context.codingPath))` of \(method) is null (expected \(expected(type)))"
        case .dataCorrupted(let context):
            return "`\(path(context.codingPath))` of \(method) is wrong: \(context.debugDescription)"
        @unknown default:
            return "\(method): \(error)"
        }
    }
}
