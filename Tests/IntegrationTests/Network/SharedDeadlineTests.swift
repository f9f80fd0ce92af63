import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

@Suite("WebService.withDeadline: one deadline for every call of a command")
struct SharedDeadlineTests {
    @Test(
        "two calls under one deadline against a trickling body end in it, and the second sends nothing",
        arguments: TransportKind.available)
    func twoCalls(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            try server.addFault(
                FaultRule(method: "GET", path: "/v1/heroes/0001", fault: "status:200,trickle:2s", times: 5))
            let mark = server.lastSequence
            let start = ContinuousClock.now
            await WebService.withDeadline(.seconds(1)) {
                await #expect(throws: NetworkError.timedOut) { try await service.call(TestAPI.hero, "0001") }
                await #expect(throws: NetworkError.timedOut) { try await service.call(TestAPI.hero, "0002") }
            }
            // The second call sent nothing: the shared deadline had passed. Both ended well before
            // the service's own deadline (`NetworkIT.deadline`) would have ended the first.
            #expect(server.requests(since: mark).map(\.path) == ["/v1/heroes/0001"])
            if kind.keepsTimeUnderLoad {
                #expect(ContinuousClock.now - start < NetworkIT.deadline / 2)
            }
            // Outside it, each call has its own deadline again.
            #expect(try await service.call(TestAPI.hero, "0002").content?.id == "0002")
        }
    }

    @Test(
        "retries stay inside the shared deadline, and a nested one cannot extend it",
        arguments: TransportKind.available)
    func retriesAndNesting(kind: TransportKind) async throws {
        let policy = RetryPolicy(attempts: 10, baseDelay: .milliseconds(50), maximumDelay: .milliseconds(100))
        try await NetworkIT.withServer(on: kind, retryPolicy: policy) { server, service in
            try server.addFault(
                FaultRule(method: "GET", path: "/v1/heroes/0001", fault: "delay:300ms,status:503", times: 100)
            )
            let mark = server.lastSequence
            await WebService.withDeadline(.milliseconds(900)) {
                await WebService.withDeadline(.seconds(30)) {
                    await #expect(throws: NetworkError.self) { try await service.call(TestAPI.hero, "0001") }
                }
            }
            let attempts = server.requests(since: mark).count
            #expect(attempts >= 1 && attempts <= 3, "\(attempts) attempts of 300 ms each in 900 ms")
        }
    }
}
