@testable import AssetsmithMCP
import Foundation
import Testing

/// Issue 53: progress values only increase: none after a cancel, and no second start at 0 after
/// a wait for the build lock was reported at 0.
@Suite struct ProgressRelayTests {
    final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Double] = []
        var report: ProgressReport { { [self] done, _, _ in lock.withLock { values.append(done) } } }
        var all: [Double] { lock.withLock { values } }
    }

    @Test func nothingIsSentAfterACancel() {
        let sent = Sent(), cancel = CancelFlag()
        let relay = ProgressRelay(total: 12, report: sent.report, cancel: cancel)
        relay.advance()
        relay.advance()
        cancel.cancel()
        for _ in 0..<10 { relay.advance() }
        #expect(sent.all == [0, 1, 2], "\(sent.all)")
    }

    @Test func aReportedWaitIsTheOnlyZero() {
        let sent = Sent()
        sent.report(0, nil, "waiting")
        let relay = ProgressRelay(total: 2, report: sent.report, startSent: true)
        relay.advance()
        relay.advance()
        #expect(sent.all == [0, 1, 2], "\(sent.all)")
        let fresh = Sent()
        _ = ProgressRelay(total: 2, report: fresh.report)
        #expect(fresh.all == [0], "without a wait the relay starts at 0 itself")
    }
}
