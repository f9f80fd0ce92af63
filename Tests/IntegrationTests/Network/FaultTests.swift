import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

@Suite("Transports against the mock server: faults")
struct FaultTests {
    private static func fault(_ fault: String, times: Int = 1) -> FaultRule {
        FaultRule(method: "GET", path: "/v1/heroes/0001", fault: fault, times: times)
    }

    @Test(
        "a connection fault is a transport error when nothing is retried",
        arguments: TransportKind.available, ["reset", "close-before-headers"]
    )
    func connectionFaults(kind: TransportKind, fault: String) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            try server.addFault(Self.fault(fault))
            await #expect {
                try await service.call(TestAPI.hero, "0001")
            } throws: { error in
                guard case NetworkError.transport = error else { return false }
                return true
            }
        }
    }

    @Test(
        "a body cut short is an incomplete body, not a decoding error, when nothing is retried",
        arguments: TransportKind.available)
    func truncatedBody(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            try server.addFault(Self.fault("truncate-body:10"))
            await #expect {
                try await service.call(TestAPI.hero, "0001")
            } throws: { error in
                guard case NetworkError.incompleteBody(let expected, 10) = error else { return false }
                return expected > 10
            }
        }
    }

    @Test(
        "an idempotent request survives a connection fault or a 503 by retrying",
        arguments: TransportKind.available,
        ["reset", "close-before-headers", "truncate-body:10", "status:503"]
    )
    func retriedFaults(kind: TransportKind, fault: String) async throws {
        let sleeper = RecordingSleeper()
        try await NetworkIT.withServer(on: kind, retryPolicy: RetryPolicy(attempts: 3, sleeper: sleeper)) {
            server, service in
            try server.addFault(Self.fault(fault, times: 2))
            let reply = try await service.call(TestAPI.hero, "0001")
            #expect(reply.content?.id == "0001")
            #expect(sleeper.recorded.count == 2)
            #expect(server.requests().map(\.fault) == [fault, fault, nil])
        }
    }

    @Test(
        "malformed JSON is a decoding error carrying the start of the body",
        arguments: TransportKind.available)
    func malformedJSON(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            try server.addFault(Self.fault("malformed-json"))
            await #expect {
                try await service.call(TestAPI.hero, "0001")
            } throws: { error in
                guard case NetworkError.decoding(_, let excerpt) = error else { return false }
                return excerpt.hasPrefix(#"{"items": [{"id": "0001""#)
            }
        }
    }

    @Test(
        "a stalled or delayed response is cut off by the overall deadline",
        arguments: TransportKind.available, ["stall", "delay:60s"])
    func deadline(kind: TransportKind, fault: String) async throws {
        try await NetworkIT.withServer(on: kind, deadline: .milliseconds(300)) { server, service in
            try server.addFault(Self.fault(fault))
            let start = ContinuousClock.now
            await #expect(throws: NetworkError.timedOut) { try await service.call(TestAPI.hero, "0001") }
            // Well within what the fault would take (forever, or 60 s): on one loaded core,
            // cancelling the transfer after the deadline took ten seconds, more under a sanitizer.
            #expect(ContinuousClock.now - start < min(TestTime.budget(.seconds(30)), .seconds(55)))
        }
    }

    @Test(
        "a trickled body still arrives whole, reporting download progress as it comes",
        arguments: TransportKind.available)
    func trickle(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            // Pieces a second apart: a client starved on a loaded machine still reads them apart
            // (URLSession read all eight 300 ms pieces at once at the whole suite's start, and a
            // ThreadSanitizer run did too), so the pause also stretches with the other margins.
            let pause = 1000 * TestTime.scale
            try server.addFault(Self.fault("trickle:\(pause)ms"))
            let log = NetworkIT.ProgressReports()
            let reply = try await service.call(TestAPI.hero, "0001", progress: log.record)
            #expect(reply.content?.id == "0001")
            let downloads = log.all.filter { $0.direction == .download }
            #expect(downloads.count > 1)
            #expect(downloads.last?.fractionCompleted == 1)
        }
    }
}
