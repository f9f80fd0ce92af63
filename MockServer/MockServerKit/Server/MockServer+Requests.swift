import Foundation

extension MockServer {
    /// API requests after sequence number `since` (not `/__admin/`).
    public func requests(since: Int = 0) -> [RecordedRequest] {
        journal.entries(since: since)
    }

    /// Kept requests that a WireMock request pattern (a stub's `request` JSON) matches.
    public func requests(matching pattern: String) throws(MockServerError) -> [RecordedRequest] {
        guard let value = StubJSON(parsing: Array(pattern.utf8)) else {
            throw MockServerError("the request pattern is not valid JSON: \(pattern)")
        }
        let parsed: RequestPattern
        do {
            parsed = try RequestPattern(JSONCursor(value: value, path: "$", file: "the request pattern"))
        } catch {
            throw MockServerError(error.description)
        }
        let budget = MatchBudget()
        return journal.matchable().filter { parsed.matches(StubRequest($0.request, budget: budget)) }
            .map(\.recorded)
    }

    /// Kept requests that no stub or route knew, each with the near miss its 404 names.
    public func unmatchedRequests() -> [UnmatchedRequest] {
        let budget = MatchBudget()
        return journal.matchable().filter { !$0.recorded.wasMatched }.map { entry in
            let response = stubs.nearMissResponse(StubRequest(entry.request, budget: budget))
            return UnmatchedRequest(
                request: entry.recorded, nearMiss: String(decoding: response.body, as: UTF8.self))
        }
    }

    /// The last recorded request's sequence number; 0 before any.
    public var lastSequence: Int { journal.lastSequence }

    /// Waits for `count` answered requests after `since`; throws after `timeout`.
    public func waitForRequests(
        count: Int = 1, since: Int = 0, timeout: Duration = .seconds(5)
    ) async throws -> [RecordedRequest] {
        try await journal.wait(count: count, since: since, timeout: timeout)
    }

    /// Empties the journal; sequence numbers keep increasing.
    public func clearRequests() {
        journal.clear()
    }
}

/// A request no stub or route knew, and the near miss that says why.
public struct UnmatchedRequest: Sendable, Equatable {
    /// As the journal shows it (credentials redacted).
    public let request: RecordedRequest
    /// `No stub matches GET /path.`, then the closest stub and each difference, one a line.
    public let nearMiss: String
}
