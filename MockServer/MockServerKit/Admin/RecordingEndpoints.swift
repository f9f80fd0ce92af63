import Foundation

/// WireMock's `/__admin/recordings/…`: start and stop a recording, or snapshot the journal's
/// proxied requests, as stubs.
extension HeroesApplication {
    /// Nil when the path is not a recording one.
    func routeRecordings(_ request: ServerRequest) -> ServerResponse? {
        switch (request.path, request.method) {
        case ("/__admin/recordings/start", .post): return startRecording(request.body)
        case ("/__admin/recordings/stop", .post): return stopRecording()
        case ("/__admin/recordings/status", .get):
            return ServerResponse.json(
                200, StubJSON.object(["status": .string(recorder.status.rawValue)]).serialized)
        case ("/__admin/recordings/snapshot", .post): return snapshot(request.body)
        case ("/__admin/recordings/start", _), ("/__admin/recordings/stop", _),
            ("/__admin/recordings/status", _),
            ("/__admin/recordings/snapshot", _):
            return ErrorBody.response(status: 405, message: "\(request.method) is not allowed here")
        default: return nil
        }
    }

    private func startRecording(_ body: [UInt8]) -> ServerResponse {
        let options: (spec: RecordSpec, filters: RequestPattern?, json: [String: Any])
        switch readOptions(body) {
        case .success(let read): options = read
        case .failure(let refusal): return refusal.response
        }
        var proxyStubID: String?
        if let target = options.json["targetBaseUrl"] {
            guard let text = target as? String, ProxyTarget(baseURL: text) != nil else {
                return ErrorBody.response(
                    status: 422, message: "targetBaseUrl must be an absolute http or https URL")
            }
            let id = UUID().uuidString.lowercased()
            do {
                _ = try stubs.add(json: ProxyAll.json(to: text, id: id).serialized)
            } catch {
                return ErrorBody.response(status: 422, message: error.description)
            }
            proxyStubID = id
        }
        guard recorder.start(filters: options.filters, spec: options.spec, proxyStubID: proxyStubID) else {
            if let proxyStubID { _ = stubs.remove(id: proxyStubID) }
            return ErrorBody.response(status: 409, message: "a recording is already in progress")
        }
        return ServerResponse(status: 200, fields: [], body: [])
    }

    private func stopRecording() -> ServerResponse {
        guard let stopped = recorder.stop() else {
            return ErrorBody.response(status: 409, message: "no recording is in progress")
        }
        if let id = stopped.proxyStubID { _ = stubs.remove(id: id) }
        return keep(stopped.exchanges.map(\.recorded), spec: stopped.spec)
    }

    /// `POST /__admin/recordings/snapshot`: the journal's proxied requests, as stubs.
    private func snapshot(_ body: [UInt8]) -> ServerResponse {
        switch readOptions(body.isEmpty ? Array("{}".utf8) : body) {
        case .failure(let refusal): return refusal.response
        case .success(let options):
            let budget = MatchBudget()
            let exchanges = journal.proxied().filter { entry in
                options.filters?.matches(StubRequest(entry.request, budget: budget)) ?? true
            }.map { ProxyExchange(request: $0.request, answer: $0.answer).recorded }
            return keep(exchanges, spec: options.spec)
        }
    }

    /// Turns exchanges into stubs; with `persist`, writes them (given a root) and adds them.
    private func keep(_ exchanges: [RecordedExchange], spec: RecordSpec) -> ServerResponse {
        var spec = spec
        let persists = spec.persist
        // Without a root directory nothing is written, so bodies stay in the mappings.
        if recordingRoot == nil { spec.persist = false }
        let made = StubRecorder.stubs(from: exchanges, spec: spec)
        if persists {
            if let root = recordingRoot {
                do {
                    try made.write(toRootDirectory: root)
                } catch {
                    return ErrorBody.response(
                        status: 500, message: "the recording could not be written: \(error)")
                }
            }
            for mapping in made.mappings {
                do {
                    _ = try stubs.add(json: Array(mapping.json))
                } catch {
                    return ErrorBody.response(status: 422, message: "a recorded stub was refused: \(error)")
                }
            }
        }
        return ServerResponse.json(200, made.mappingList.serialized)
    }

    private struct Refusal: Error {
        let response: ServerResponse
    }

    /// The recording options and filters in a start or snapshot body.
    private func readOptions(
        _ body: [UInt8]
    ) -> Result<(spec: RecordSpec, filters: RequestPattern?, json: [String: Any]), Refusal> {
        let refuse = { (message: String) in
            Refusal(response: ErrorBody.response(status: 422, message: message))
        }
        guard let json = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            return .failure(refuse("the body must be a JSON object"))
        }
        let spec: RecordSpec
        do {
            spec = try RecordSpec(json: json, redacting: redactedHeaders)
        } catch {
            return .failure(refuse(error.description))
        }
        guard var filters = json["filters"] as? [String: Any] else {
            return json["filters"] == nil
                ? .success((spec, nil, json)) : .failure(refuse("filters must be an object"))
        }
        // Only proxied requests are ever recorded here.
        filters["allowNonProxied"] = nil
        do {
            let pattern = try RequestPattern(
                JSONCursor(value: StubJSON(foundation: filters), path: "$.filters", file: "the request body"))
            return .success((spec, pattern, json))
        } catch {
            return .failure(refuse(error.description))
        }
    }
}
