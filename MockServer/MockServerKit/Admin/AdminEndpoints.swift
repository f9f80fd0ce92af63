import Foundation

/// The admin API under `/__admin/`: journal, reset and fault rules. Not in the contract.
extension HeroesApplication {
    func routeAdmin(_ request: ServerRequest) -> (ServerResponse, Delivery) {
        if request.path == "/__admin/requests", request.method == .get {
            return journalRequest(request.query)
        }
        if let answer = routeWireMockAdmin(request) { return (answer, Delivery()) }
        return (adminAction(request), Delivery())
    }

    private func adminAction(_ request: ServerRequest) -> ServerResponse {
        let noContent = ServerResponse(status: 204, fields: [], body: [])
        switch (request.path, request.method) {
        case ("/__admin/requests", .delete):
            journal.clear()
            return noContent
        case ("/__admin/reset", .post):
            // Both resets: the hero fixtures and fault rules, and WireMock's mappings, journal
            // and scenarios.
            do {
                try reset()
                stubs.resetToDefaults()
                journal.clear()
                return noContent
            } catch {
                return ErrorBody.response(status: 500, message: error.description)
            }
        case ("/__admin/faults", .post):
            return addFault(request.body)
        case ("/__admin/faults", .get):
            return ServerResponse.json(200, faultsJSON())
        case ("/__admin/faults", .delete):
            faults.clear()
            return noContent
        case ("/__admin/tokens", .delete):
            authenticator.tokens.revokeAll()
            return noContent
        case ("/__admin/requests", _), ("/__admin/reset", _), ("/__admin/faults", _), ("/__admin/tokens", _):
            return ErrorBody.response(status: 405, message: "\(request.method) is not allowed here")
        default:
            return ErrorBody.response(status: 404, message: "no admin resource at \(request.path)")
        }
    }

    /// `GET /__admin/requests?since=N[&wait=MS&count=C][&limit=L&offset=O]`: the journal after N;
    /// `wait` long-polls until C (default 1) requests or MS ms (30 s at most); paged newest first.
    private func journalRequest(_ query: Substring?) -> (ServerResponse, Delivery) {
        var numbers = ["since": 0, "wait": 0, "count": 1, "limit": Int.max, "offset": 0]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard numbers[name] != nil else { continue }
            // Framing.decimal takes 18 digits at most, so no sum on it overflows.
            let range = name == "wait" ? "from 0 to 30000" : "from 0 to 999999999999999999"
            guard parts.count == 2, let value = Framing.decimal(parts[1]), name != "wait" || value <= 30_000
            else {
                return (
                    ErrorBody.response(status: 400, message: "\(name) must be an integer \(range)"),
                    Delivery()
                )
            }
            numbers[name] = value
        }
        let since = numbers["since"] ?? 0
        let wait = numbers["wait"] ?? 0
        let count = max(numbers["count"] ?? 1, 1)
        let page = AdminPage(limit: numbers["limit"] ?? Int.max, offset: numbers["offset"] ?? 0)
        let render: @Sendable () -> ServerResponse = { [self] in
            ServerResponse.json(200, journalJSON(since: since, page: page))
        }
        guard wait > 0 else { return (render(), Delivery()) }
        let journal = journal
        let deferred = DeferredResponse(
            timeoutMilliseconds: wait, isReady: { journal.count(since: since) >= count }, render: render)
        return (ServerResponse(status: 200, fields: [], body: []), Delivery(deferred: deferred))
    }

    private func addFault(_ body: [UInt8]) -> ServerResponse {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let path = object["path"] as? String, let fault = object["fault"] as? String
        else {
            return ErrorBody.response(
                status: 400, message: #"expected {"method", "path", "fault", "times", "after"}"#)
        }
        guard let times = Self.wholeNumber(object["times"], default: 1),
            let after = Self.wholeNumber(object["after"], default: 0)
        else {
            return ErrorBody.response(
                status: 400, message: "times and after must be whole numbers from 0 to \(Int.max)")
        }
        let rule = FaultRule(
            method: object["method"] as? String ?? "*", path: path, fault: fault, times: times, after: after)
        do {
            let id = try faults.add(rule)
            return ServerResponse.json(201, WireJSON.encode(["id": id]))
        } catch {
            return ErrorBody.response(status: 400, message: error.description)
        }
    }

    /// A whole number that fits an `Int`, `fallback` when absent; nil otherwise.
    private static func wholeNumber(_ value: Any?, default fallback: Int) -> Int? {
        guard let value else { return fallback }
        // `as? Int` is exact (nil for 1e30, 2^63, 2.5); JSON `true` bridges to 1, and `is Bool`
        // holds for 1 too, so a boolean is told by its C type.
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
            let exact = value as? Int
        else { return nil }
        return exact
    }

    private func faultsJSON() -> [UInt8] {
        WireJSON.encode(ItemList(items: faults.rules().map { FaultBody(id: $0.id, rule: $0.rule) }))
    }

    /// Our keys (`items`, `last_sequence`) and WireMock's (`requests`, newest first, `meta`) in
    /// one body, as both kinds of client read `GET /__admin/requests`.
    private func journalJSON(since: Int, page: AdminPage) -> [UInt8] {
        // The page counts from the newest; `items` stays oldest first.
        let (newestFirst, total) = journal.page(since: since, page)
        let entries = Array(newestFirst.reversed())
        let ours = WireJSON.encode(
            JournalBody(
                items: entries.map { JournalBody.Item(request: $0) }, lastSequence: journal.lastSequence))
        let wireMock = StubJSON.object([
            "requests": .array(newestFirst.map(LoggedRequestJSON.entry)),
            "meta": .object(["total": .integer(total)]), "requestJournalDisabled": .bool(false),
        ]).serialized
        // Joined as bytes, not parsed and rewritten: half the work, and the keys stay sorted
        // (WireMock's sort after ours).
        guard ours.last == UInt8(ascii: "}"), wireMock.first == UInt8(ascii: "{") else { return ours }
        return ours.dropLast() + [UInt8(ascii: ",")] + wireMock.dropFirst()
    }
}
