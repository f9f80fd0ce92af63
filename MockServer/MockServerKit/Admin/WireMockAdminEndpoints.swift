import Foundation

/// WireMock's admin API; paths shared with the hero admin are in `AdminEndpoints`.
extension HeroesApplication {
    /// Nil when the path is not WireMock's.
    func routeWireMockAdmin(_ request: ServerRequest) -> ServerResponse? {
        if let answer = routeRecordings(request) { return answer }
        let path = request.path
        switch (path, request.method) {
        case ("/__admin/mappings", .get):
            guard let page = AdminPage(query: request.query) else {
                return ErrorBody.response(
                    status: 400, message: "limit and offset must be non-negative integers")
            }
            let (mappings, total) = stubs.mappingsJSON(page: page)
            return Self.json(
                200, ["mappings": .array(mappings), "meta": .object(["total": .integer(total)])])
        case ("/__admin/mappings", .post):
            do {
                return Self.json(201, try stubs.add(json: request.body))
            } catch {
                return Self.invalid(error)
            }
        case ("/__admin/mappings", .delete):
            stubs.removeAll()
            return Self.json(200, .object([:]))
        case ("/__admin/mappings/reset", .post):
            stubs.resetToDefaults()
            return Self.json(200, .object([:]))
        case ("/__admin/requests/count", .post):
            return matchingRequests(request.body) { found in ["count": .integer(found.count)] }
        case ("/__admin/requests/find", .post):
            // Paged as the journal's listing is (about 128 KiB a page).
            let page = AdminPage(query: request.query) ?? AdminPage()
            return matchingRequests(request.body) { found in
                ["requests": .array(page.apply(found, size: Self.size).map(LoggedRequestJSON.logged))]
            }
        case ("/__admin/requests/unmatched", .get):
            let page = AdminPage(query: request.query) ?? AdminPage()
            let unmatched = page.apply(journal.entries(since: 0).filter { !$0.wasMatched }, size: Self.size)
            return Self.json(200, ["requests": .array(unmatched.map(LoggedRequestJSON.logged))])
        case ("/__admin/requests/unmatched/near-misses", .get):
            return nearMisses(page: AdminPage(query: request.query) ?? AdminPage())
        case ("/__admin/near-misses/request", .post):
            return nearMissesForRequest(request.body)
        case ("/__admin/near-misses/request-pattern", .post):
            return nearMissesForPattern(request.body)
        case ("/__admin/scenarios", .get):
            let scenarios = stubs.scenarios().map { scenario -> StubJSON in
                .object([
                    "id": .string(scenario.name), "name": .string(scenario.name),
                    "state": .string(scenario.state),
                    "possibleStates": .array(scenario.possibleStates.map(StubJSON.string)),
                ])
            }
            return Self.json(200, ["scenarios": .array(scenarios)])
        case ("/__admin/scenarios/reset", .post):
            stubs.resetScenarios()
            return Self.json(200, .object([:]))
        default:
            break
        }
        guard path.hasPrefix("/__admin/mappings/") else {
            let known = [
                "/__admin/mappings", "/__admin/mappings/reset", "/__admin/requests/count",
                "/__admin/requests/find",
                "/__admin/requests/unmatched", "/__admin/requests/unmatched/near-misses",
                "/__admin/scenarios", "/__admin/scenarios/reset", "/__admin/near-misses/request",
                "/__admin/near-misses/request-pattern",
            ]
            return known.contains(String(path))
                ? ErrorBody.response(status: 405, message: "\(request.method) is not allowed here") : nil
        }
        let id = String(path.dropFirst("/__admin/mappings/".count))
        switch request.method {
        case .get:
            guard let mapping = stubs.mappingJSON(id: id) else { return Self.noMapping(id) }
            return Self.json(200, mapping)
        case .put:
            do {
                guard let replaced = try stubs.replace(id: id, json: request.body) else {
                    return Self.noMapping(id)
                }
                return Self.json(200, replaced)
            } catch {
                return Self.invalid(error)
            }
        case .delete:
            return stubs.remove(id: id) ? Self.json(200, .object([:])) : Self.noMapping(id)
        default:
            return ErrorBody.response(status: 405, message: "\(request.method) is not allowed here")
        }
    }

    private func matchingRequests(
        _ body: [UInt8], answer: ([RecordedRequest]) -> [String: StubJSON]
    ) -> ServerResponse {
        guard let value = StubJSON(parsing: body) else {
            return Self.invalid(MappingError(file: "the request body", path: "$", reason: "not valid JSON"))
        }
        let pattern: RequestPattern
        do {
            pattern = try RequestPattern(JSONCursor(value: value, path: "$", file: "the request body"))
        } catch {
            return Self.invalid(error)
        }
        // One budget for the search, so a full journal cannot hold the loop.
        let budget = MatchBudget()
        let found = journal.matchable().filter { pattern.matches(StubRequest($0.request, budget: budget)) }
            .map(\.recorded)
        return Self.json(200, answer(found))
    }

    /// `GET /__admin/requests/unmatched/near-misses`: each with its closest stub and the differences.
    private func nearMisses(page: AdminPage) -> ServerResponse {
        let budget = MatchBudget()
        let unmatched = journal.matchable().filter { !$0.recorded.wasMatched }
        let misses = page.apply(unmatched) { Self.size($0.recorded) }.compactMap {
            entry -> StubJSON? in
            guard let closest = stubs.closest(to: StubRequest(entry.request, budget: budget)) else {
                return nil
            }
            return .object([
                "request": LoggedRequestJSON.request(entry.recorded),
                "stubMapping": closest.mapping.json,
                "matchResult": .object(["distance": .double(closest.distance)]),
                "differences": .array(closest.differences.map(StubJSON.string)),
            ])
        }
        return Self.json(200, ["nearMisses": .array(misses)])
    }

    /// About a logged request's bytes in a listing, for `AdminPage`.
    private static func size(_ request: RecordedRequest) -> Int {
        512 + request.body.count + request.path.utf8.count
    }

    private static func json(_ status: Int, _ members: [String: StubJSON]) -> ServerResponse {
        json(status, .object(members))
    }

    private static func json(_ status: Int, _ value: StubJSON) -> ServerResponse {
        ServerResponse.json(status, value.serialized)
    }

    /// WireMock's 422 for an unreadable mapping or pattern: `{"errors": [{"title", "source"}]}`.
    private static func invalid(_ error: MappingError) -> ServerResponse {
        let pointer = error.path.dropFirst().replacingOccurrences(of: ".", with: "/")
        return json(
            422,
            [
                "errors": .array([
                    .object([
                        "title": .string(error.description), "source": .object(["pointer": .string(pointer)]),
                    ])
                ])
            ])
    }

    private static func noMapping(_ id: String) -> ServerResponse {
        ErrorBody.response(status: 404, message: "no stub mapping with id \(id)")
    }
}
