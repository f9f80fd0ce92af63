import Foundation
import Network
import TestSupport
import Testing

@Suite("Retry, deadline and cancellation")
struct RetryTests {
    static let read = Endpoint<NoContent>("read")
    static let create = Endpoint<NoContent>("create")
    static let createAgain = Endpoint<NoContent>("createAgain")
    static let stubborn = Endpoint<NoContent>("stubborn")
    static let quick = Endpoint<NoContent>("quick")

    static let plist: PlistNode = [
        "read": ["request": ["path": "/r"]],
        "create": ["request": ["path": "/c", "method": "POST"]],
        "createAgain": [
            "request": ["path": "/c", "method": "POST", "retry": ["attempts": 2, "idempotentOnly": false]]
        ],
        "stubborn": ["request": ["path": "/s", "method": "PUT", "retry": ["attempts": 5]]],
        "quick": ["request": ["path": "/q", "timeout": 0.1]],
    ]

    /// A deadline far off, as `Fixture.service`'s; the tests of the deadline give their own.
    private func make(
        _ policy: RetryPolicy, deadline: Duration = .seconds(600)
    ) throws -> (WebService, StubTransport) {
        try Fixture.service(
            Self.plist, [Self.read, Self.create, Self.createAgain, Self.stubborn, Self.quick],
            retryPolicy: policy, deadline: deadline
        )
    }

    private func policy(
        _ sleeper: any Sleeper, attempts: Int = 3, random: Double = 0.5,
        now: Date = Date(timeIntervalSince1970: 0)
    ) -> RetryPolicy {
        RetryPolicy(
            attempts: attempts, baseDelay: .milliseconds(100), maximumDelay: .milliseconds(300),
            maximumRetryAfter: .seconds(30), sleeper: sleeper, random: { random }, now: { now }
        )
    }

    @Test(
        "an idempotent request is retried with exponential backoff, capped, half fixed and half jitter",
        arguments: [
            (0.0, [50, 100, 150, 150]),
            (0.5, [75, 150, 225, 225]),
            (0.999, [99.95, 199.9, 299.85, 299.85]),
        ]
    )
    func backoff(random: Double, milliseconds: [Double]) async throws {
        let sleeper = RecordingSleeper()
        let (service, transport) = try make(policy(sleeper, attempts: 5, random: random))
        transport.on("GET /v2/r", .status(503), .status(502), .status(500), .status(504), .status(204))
        #expect(try await service.call(Self.read).outcome == .noContent)
        #expect(sleeper.recorded == milliseconds.map { .microseconds(Int64(($0 * 1000).rounded())) })
        #expect(transport.calls.count == 5)
    }

    @Test("the attempts run out: the last status is the error")
    func attemptsRunOut() async throws {
        let sleeper = RecordingSleeper()
        let (service, transport) = try make(policy(sleeper))
        transport.on("GET /v2/r", .status(503), .status(503), .status(503))
        await #expect(throws: NetworkError.unacceptableStatus(code: 503, headers: [:], bodyExcerpt: "")) {
            try await service.call(Self.read)
        }
        #expect(transport.calls.count == 3)
        #expect(sleeper.recorded.count == 2)
    }

    @Test("a descriptor's retry.attempts overrides the service's")
    func descriptorAttempts() async throws {
        let sleeper = RecordingSleeper()
        let (service, transport) = try make(policy(sleeper, attempts: 2))
        transport.on("PUT /v2/s", .status(503), .status(503), .status(503), .status(503), .status(503))
        await #expect(throws: NetworkError.self) { try await service.call(Self.stubborn) }
        #expect(transport.calls.count == 5)
        #expect(sleeper.recorded.count == 4)
    }

    @Test("Retry-After in seconds replaces the backoff")
    func retryAfterSeconds() async throws {
        let sleeper = RecordingSleeper()
        // The 7 s wait must fit in what is left of the deadline when the 429 arrives: a minute
        // leaves room however long a loaded machine takes to get there.
        let (service, transport) = try make(policy(sleeper), deadline: .seconds(60))
        transport.on("GET /v2/r", .status(429, headers: ["Retry-After": "7"]), .status(204))
        _ = try await service.call(Self.read)
        #expect(sleeper.recorded == [.seconds(7)])
    }

    @Test("Retry-After as an HTTP date waits until that date, by the injected clock")
    func retryAfterDate() async throws {
        let sleeper = RecordingSleeper()
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        let (service, transport) = try make(
            policy(sleeper, now: now), deadline: TestTime.budget(.seconds(30)))
        transport.on(
            "GET /v2/r", .status(503, headers: ["Retry-After": "Tue, 14 Nov 2023 22:13:32 GMT"]), .status(204)
        )
        _ = try await service.call(Self.read)
        #expect(sleeper.recorded == [.seconds(12)])
    }

    @Test("a Retry-After longer than the policy allows fails at once instead of waiting")
    func retryAfterTooLong() async throws {
        let sleeper = RecordingSleeper()
        let (service, transport) = try make(policy(sleeper))
        transport.on("GET /v2/r", .status(503, headers: ["Retry-After": "3600"]))
        await #expect(
            throws: NetworkError.unacceptableStatus(
                code: 503, headers: ["Retry-After": "3600"], bodyExcerpt: "")
        ) {
            try await service.call(Self.read)
        }
        #expect(sleeper.recorded.isEmpty)
    }

    @Test("a Retry-After that would outlast the call's deadline fails at once instead of waiting")
    func retryAfterPastDeadline() async throws {
        let sleeper = RecordingSleeper()
        let (service, transport) = try make(policy(sleeper), deadline: .seconds(5))
        transport.on("GET /v2/r", .status(503, headers: ["Retry-After": "20"]))
        await #expect(
            throws: NetworkError.unacceptableStatus(
                code: 503, headers: ["Retry-After": "20"], bodyExcerpt: "")
        ) {
            try await service.call(Self.read)
        }
        #expect(sleeper.recorded.isEmpty)
    }

    @Test("a POST is not retried by default")
    func postIsNotRetried() async throws {
        let sleeper = RecordingSleeper()
        let (service, transport) = try make(policy(sleeper))
        transport.on("POST /v2/c", .status(503))
        await #expect(throws: NetworkError.self) { try await service.call(Self.create) }
        #expect(transport.calls.count == 1)
        #expect(sleeper.recorded.isEmpty)
    }

    @Test("a POST is retried when its descriptor says idempotentOnly = false")
    func postRetriedWhenAllowed() async throws {
        let (service, transport) = try make(policy(RecordingSleeper()))
        transport.on("POST /v2/c", .status(503), .status(204))
        #expect(try await service.call(Self.createAgain).outcome == .noContent)
        #expect(transport.calls.count == 2)
    }

    @Test(
        "statuses that will not change are not retried",
        arguments: [400, 401, 403, 404, 409, 412, 422]
    )
    func permanentStatuses(status: Int) async throws {
        let (service, transport) = try make(policy(RecordingSleeper()))
        transport.on("GET /v2/r", .status(status))
        await #expect(throws: NetworkError.self) { try await service.call(Self.read) }
        #expect(transport.calls.count == 1)
    }

    @Test("a lost connection is retried; a malformed URL is not")
    func transportErrors() async throws {
        let (service, transport) = try make(policy(RecordingSleeper()))
        let lost = NetworkError.transport(code: URLError.networkConnectionLost.rawValue, message: "lost")
        transport.on("GET /v2/r", .failure(lost), .status(204))
        #expect(try await service.call(Self.read).outcome == .noContent)

        let bad = NetworkError.transport(code: URLError.unsupportedURL.rawValue, message: "unsupported")
        transport.on("GET /v2/r", .failure(bad))
        await #expect(throws: bad) { try await service.call(Self.read) }
        #expect(transport.calls.count == 3)
    }

    @Test("the overall deadline stops a slow request with timedOut")
    func deadline() async throws {
        let (service, transport) = try make(policy(RecordingSleeper()), deadline: .milliseconds(100))
        transport.on("GET /v2/r", StubResponse.status(204).delayed(by: .seconds(120)))
        let start = ContinuousClock.now
        await #expect(throws: NetworkError.timedOut) { try await service.call(Self.read) }
        // Without the deadline the 204 would arrive after 120 s; half that is room for a loaded
        // machine, whose timers can fire seconds late.
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test("a descriptor's timeout is the call's deadline, retries included")
    func descriptorTimeoutCoversRetries() async throws {
        let sleeper = RecordingSleeper()
        let (service, transport) = try make(
            RetryPolicy(attempts: 10, baseDelay: .seconds(1), sleeper: sleeper))
        transport.on("GET /v2/q", .status(503), .status(503), .status(503))
        // The first backoff (0.5-1 s) outlasts the 0.1 s deadline, so the 503 is the answer at
        // once: waiting would only have turned it into `.timedOut`.
        await #expect(throws: NetworkError.unacceptableStatus(code: 503, headers: [:], bodyExcerpt: "")) {
            try await service.call(Self.quick)
        }
        #expect(sleeper.recorded.isEmpty, "no backoff was slept")
        #expect(transport.calls.count == 1)
    }

    @Test("a descriptor's timeout stops a slow attempt with timedOut")
    func descriptorTimeoutStopsAnAttempt() async throws {
        let (service, transport) = try make(policy(RecordingSleeper()))
        transport.on("GET /v2/q", StubResponse.status(204).delayed(by: .seconds(120)))
        let start = ContinuousClock.now
        await #expect(throws: NetworkError.timedOut) { try await service.call(Self.quick) }
        #expect(ContinuousClock.now - start < .seconds(60), "far below the 120 s the answer would take")
    }

    @Test(
        "cancelling the calling task stops the request in flight and its retries at once",
        .timeLimit(.minutes(1)))
    func cancellationMidFlight() async throws {
        let (service, transport) = try make(policy(RecordingSleeper()))
        transport.on("GET /v2/r", StubResponse.status(503).delayed(by: .seconds(30)), .status(204))
        let call = Task { try await service.call(Self.read) }
        await transport.waitForCalls(1)
        call.cancel()
        await #expect(throws: NetworkError.cancelled) { try await call.value }
        #expect(transport.calls.count == 1)
    }

    @Test(
        "cancelling during the wait before a retry stops it without another attempt", .timeLimit(.minutes(1)))
    func cancellationDuringBackoff() async throws {
        let (service, transport) = try make(
            RetryPolicy(attempts: 3, baseDelay: .seconds(60), sleeper: TaskSleeper()))
        transport.on("GET /v2/r", .status(503), .status(204))
        let call = Task { try await service.call(Self.read) }
        await transport.waitForCalls(1)
        try await Task.sleep(for: .milliseconds(20))
        call.cancel()
        await #expect(throws: NetworkError.cancelled) { try await call.value }
        #expect(transport.calls.count == 1)
    }
}
