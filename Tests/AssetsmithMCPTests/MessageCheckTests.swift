@testable import AssetsmithMCP
import Foundation
import MCP
import Testing

/// Issue 49: every malformed message is answered by JSON-RPC 2.0's rules before the SDK sees it
/// (the SDK answers a line it cannot read with a random id, drops a request whose id it cannot
/// decode, and answers missing params with -32603). Raw stdio: Tests/MCPClient/check_mcp.py.
@Suite struct MessageCheckTests {
    /// The answer's code, id and message.
    static func answer(_ line: String) throws -> (code: Int, id: Value, message: String) {
        let data = Data(line.utf8)
        guard case .answer(let answer) = MessageCheck.check(data) else { throw Unexpected(line) }
        return try fields(answer)
    }

    static func fields(_ data: Data) throws -> (code: Int, id: Value, message: String) {
        let value = try JSONDecoder().decode(Value.self, from: data)
        guard case .object(let top) = value, top["jsonrpc"] == .string("2.0"), case .object(let error)? = top["error"],
              case .int(let code)? = error["code"], case .string(let message)? = error["message"], let id = top["id"] else { throw Unexpected("\(value)") }
        return (code, id, message)
    }

    struct Unexpected: Error { var text: String; init(_ text: String) { self.text = text } }

    @Test func whatIsNotJSONIsAParseErrorWithANullId() throws {
        for line in ["not json", "{\"jsonrpc\":\"2.0\",", String(repeating: "[", count: 100_000), #"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#] {
            let answer = try Self.answer(line)
            #expect(answer.code == -32700 && answer.id == .null, "\(answer)")
            #expect(answer.message.hasPrefix("Parse error: "))
        }
        guard case .answer(let bytes) = MessageCheck.check(Data([0xFF, 0xFE, 0x7B])) else { Issue.record("invalid UTF-8 passed"); return }
        #expect(try Self.fields(bytes).code == -32700)
    }

    @Test func whatIsNotARequestIsAnInvalidRequestWithItsIdWhenItHasOne() throws {
        let cases: [(String, Value, String)] = [
            (#"{"id":10,"method":"ping"}"#, .int(10), "`jsonrpc` must be \"2.0\""),
            (#"{"jsonrpc":"1.0","id":"a","method":"ping"}"#, .string("a"), "`jsonrpc` must be \"2.0\""),
            (#"{"jsonrpc":"2.0","id":13,"method":5}"#, .int(13), "`method` must be a string, not an integer"),
            (#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, .null, "`id` must be a string or an integer, not a boolean"),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, .null, "`id` must be a string or an integer, not a number with a fraction or exponent"),
            (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, .null, "`id` must be a string or an integer, not null"),
            (#"{"jsonrpc":"2.0","id":17,"method":"tools/list","params":5}"#, .int(17), "`params` must be an object, not an integer"),
            (#"{"jsonrpc":"2.0","id":12}"#, .int(12), "a response has exactly one of `result` and `error`"),
            (#"{"jsonrpc":"2.0"}"#, .null, "a message needs `method`"),
            ("5", .null, "a message is a JSON object, not an integer"),
            ("[]", .null, "the batch is empty"),
        ]
        for (line, id, words) in cases {
            let answer = try Self.answer(line)
            #expect(answer.code == -32600 && answer.id == id && answer.message.hasPrefix("Invalid Request: " + words), "\(line): \(answer)")
        }
    }

    @Test func missingOrMistypedParamsAreInvalidParamsNamingTheField() throws {
        let cases: [(String, String)] = [
            (#"{"jsonrpc":"2.0","id":7,"method":"tools/call"}"#, "tools/call needs `params`, an object"),
            (#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}"#, "tools/call needs `params.name`"),
            (#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":5}}"#, "`params.name` of tools/call is of the wrong type (expected a string)"),
            (#"{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{"uri":null}}"#, "`params.uri` of resources/read is null (expected a string)"),
            (#"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"clientInfo":5}}"#, "`params.clientInfo` of initialize is of the wrong type (expected an object)"),
        ]
        for (line, words) in cases {
            let answer = try Self.answer(line)
            #expect(answer.code == -32602 && answer.id == .int(7) && answer.message == "Invalid params: " + words, "\(line): \(answer)")
        }
    }

    @Test func wellFormedMessagesPassUnchanged() {
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":"x","method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"plan","arguments":{}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, #"{"jsonrpc":"2.0","id":3,"result":{}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"nope"}"#, #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
        ]
        for line in lines {
            #expect(MessageCheck.check(Data(line.utf8)) == .pass(Data(line.utf8)), "\(line)")
        }
    }

    @Test func aBatchWithBadMembersAnswersThemAndPassesTheRest() throws {
        let line = #"[{"jsonrpc":"2.0","id":1,"method":"ping"},7,{"jsonrpc":"2.0","id":2,"method":"tools/call"}]"#
        guard case .split(let pass, let answer) = MessageCheck.check(Data(line.utf8)) else { Issue.record("not split"); return }
        #expect(try JSONDecoder().decode(Value.self, from: pass) == .array([.object(["jsonrpc": "2.0", "id": 1, "method": "ping"])]))
        guard case .array(let answers) = try JSONDecoder().decode(Value.self, from: answer) else { Issue.record("not an array"); return }
        #expect(try answers.map { try Self.fields(MessageCheck.encode($0)).code } == [-32600, -32602])
    }
}
