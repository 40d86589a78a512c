import Foundation
import Logging
import MCP

/// A transport that checks each incoming message (`MessageCheck`) before the SDK's server sees
/// it: a malformed one is answered here, on the same transport, with the JSON-RPC error the spec
/// asks for; the rest pass through unchanged.
package actor CheckingTransport: Transport {
    private let inner: any Transport
    package nonisolated let logger: Logger

    package init(_ inner: any Transport, logger: Logger = Logger(label: "assetsmith.mcp.check")) {
        self.inner = inner
        self.logger = logger
    }

    package func connect() async throws { try await inner.connect() }

    package func disconnect() async { await inner.disconnect() }

    package func send(_ data: Data) async throws { try await inner.send(data) }

    package func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
        let inner = self.inner
        let task = Task {
            do {
                for try await data in await inner.receive() {
                    switch MessageCheck.check(data) {
                    case .pass(let message):
                        continuation.yield(message)
                    case .answer(let answer):
                        try await inner.send(answer)
                    case .split(let message, let answer):
                        try await inner.send(answer)
                        continuation.yield(message)
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
