import Testing

@testable import MockServerKit

@Suite("The idempotency ledger's bounds")
struct IdempotencyLedgerTests {
    private static let start = ContinuousClock.now
    private static let answer = ServerResponse(status: 201, fields: [], body: Array("{}".utf8))

    /// The lookup's case, so a test compares it with `#expect`.
    private func kind(_ lookup: IdempotencyLedger.Lookup) -> String {
        switch lookup {
        case .absent: "absent"
        case .replay: "replay"
        case .mismatch: "mismatch"
        }
    }

    @Test("an answer is replayed until its lifetime ends, then the key is new again")
    func expires() {
        var ledger = IdempotencyLedger(lifetime: .seconds(10))
        ledger.record("k", body: [1], response: Self.answer, at: Self.start)
        #expect(kind(ledger.lookUp("k", body: [1], at: Self.start + .seconds(9))) == "replay")
        #expect(kind(ledger.lookUp("k", body: [1], at: Self.start + .seconds(10))) == "absent")
        #expect(ledger.count == 0)
    }

    @Test("beyond its capacity the oldest key goes first")
    func capacity() {
        var ledger = IdempotencyLedger(capacity: 2)
        for key in ["a", "b", "c"] { ledger.record(key, body: [], response: Self.answer, at: Self.start) }
        #expect(ledger.count == 2)
        #expect(kind(ledger.lookUp("a", body: [], at: Self.start)) == "absent")
        #expect(kind(ledger.lookUp("c", body: [], at: Self.start)) == "replay")
    }

    @Test("beyond its byte budget the oldest keys go first, and an answer larger than it is not kept")
    func budget() {
        var ledger = IdempotencyLedger(byteBudget: 10)
        ledger.record("a", body: [1, 2, 3, 4], response: Self.answer, at: Self.start)
        ledger.record("b", body: [1, 2, 3, 4], response: Self.answer, at: Self.start)
        #expect(ledger.count == 1)
        ledger.record("huge", body: Array(repeating: 0, count: 20), response: Self.answer, at: Self.start)
        #expect(kind(ledger.lookUp("b", body: [1, 2, 3, 4], at: Self.start)) == "replay")
        #expect(kind(ledger.lookUp("huge", body: Array(repeating: 0, count: 20), at: Self.start)) == "absent")
    }

    @Test("the same JSON in another key order and spacing is a replay; another value is a mismatch")
    func sameJSONOtherBytes() {
        var ledger = IdempotencyLedger()
        ledger.record(
            "k", body: Array(#"{"a":1,"b":[true,null]}"#.utf8), response: Self.answer, at: Self.start)
        #expect(
            kind(ledger.lookUp("k", body: Array(#"{ "b": [true, null], "a": 1 }"#.utf8), at: Self.start))
                == "replay")
        #expect(
            kind(ledger.lookUp("k", body: Array(#"{"a":2,"b":[true,null]}"#.utf8), at: Self.start))
                == "mismatch")
    }

    @Test("another body under a kept key is a mismatch")
    func mismatch() {
        var ledger = IdempotencyLedger()
        ledger.record("k", body: [1], response: Self.answer, at: Self.start)
        #expect(kind(ledger.lookUp("k", body: [2], at: Self.start)) == "mismatch")
    }
}
