import Foundation

/// WireMock's `POST /__admin/near-misses/request` and `/request-pattern`: the closest stubs to a
/// logged request, or the closest journalled requests to a pattern, closest first.
extension HeroesApplication {
    /// The most near misses one answer names, as WireMock's.
    static let nearMissCount = 3

    /// `{"nearMisses": [{"request", "stubMapping", "matchResult", "differences"}]}`.
    func nearMissesForRequest(_ body: [UInt8]) -> ServerResponse {
        guard let value = StubJSON(parsing: body), let request = Self.serverRequest(value) else {
            return ErrorBody.response(
                status: 422, message: #"expected a logged request: {"url", "method", …}"#)
        }
        let misses = stubs.nearest(to: StubRequest(request), limit: Self.nearMissCount).map {
            miss -> StubJSON in
            .object([
                "request": value, "stubMapping": miss.mapping.json,
                "matchResult": .object(["distance": .double(miss.distance)]),
                "differences": .array(miss.differences.map(StubJSON.string)),
            ])
        }
        return ServerResponse.json(200, StubJSON.object(["nearMisses": .array(misses)]).serialized)
    }

    /// `{"nearMisses": [{"request", "requestPattern", "matchResult", "differences"}]}` from the journal.
    func nearMissesForPattern(_ body: [UInt8]) -> ServerResponse {
        guard let value = StubJSON(parsing: body) else {
            return ErrorBody.response(status: 422, message: "expected a request pattern")
        }
        let pattern: RequestPattern
        do {
            pattern = try RequestPattern(JSONCursor(value: value, path: "$", file: "the request body"))
        } catch {
            return ErrorBody.response(status: 422, message: error.description)
        }
        // One budget for the search, and the near-miss bound on how many are compared.
        let budget = MatchBudget()
        var misses: [(recorded: RecordedRequest, distance: Double, differences: [String])] = []
        for entry in journal.matchable().reversed().prefix(MatchBudget.nearMissComparisons) {
            if !misses.isEmpty, budget.isSpent { break }
            let request = StubRequest(entry.request, budget: budget)
            misses.append(
                (entry.recorded, pattern.distance(request), pattern.differences(request, all: true)))
        }
        let closest = misses.enumerated().sorted { left, right in
            left.element.differences.count != right.element.differences.count
                ? left.element.differences.count < right.element.differences.count
                : left.offset < right.offset
        }.prefix(Self.nearMissCount).map { $0.element }
        let listed = closest.map { miss -> StubJSON in
            .object([
                "request": LoggedRequestJSON.logged(miss.recorded), "requestPattern": value,
                "matchResult": .object(["distance": .double(miss.distance)]),
                "differences": .array(miss.differences.map(StubJSON.string)),
            ])
        }
        return ServerResponse.json(200, StubJSON.object(["nearMisses": .array(listed)]).serialized)
    }

    /// A `LoggedRequest`'s `url`, `method`, `headers` and `body` (or `bodyAsBase64`); nil without a url.
    private static func serverRequest(_ value: StubJSON) -> ServerRequest? {
        guard case .string(let url)? = value["url"], url.hasPrefix("/") else { return nil }
        var method = "GET"
        if case .string(let named)? = value["method"] { method = named }
        var fields: [HTTPField] = []
        if case .object(let headers)? = value["headers"] {
            for (name, header) in headers.sorted(by: { $0.key < $1.key }) {
                let values: [StubJSON] = if case .array(let list) = header { list } else { [header] }
                fields += values.map { HTTPField(name: name, value: $0.text) }
            }
        }
        var body: [UInt8] = []
        if case .string(let encoded)? = value["bodyAsBase64"], let data = Data(base64Encoded: encoded) {
            body = Array(data)
        } else if case .string(let text)? = value["body"] {
            body = Array(text.utf8)
        }
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return ServerRequest(
            method: HTTPMethod(method), path: Substring(String(parts[0])),
            query: parts.count > 1 ? Substring(String(parts[1])) : nil, fields: fields, body: body)
    }
}
