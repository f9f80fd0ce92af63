/// The contract's hero, page and team endpoints (docs/API.md).
extension HeroesApplication {
    /// `GET /v1/teams`.
    func teams(_ request: ServerRequest) -> ServerResponse {
        cacheable(teamsPage, request)
    }

    /// `GET /v1/heroes?page=&per_page=&q=&team=`.
    func list(_ request: ServerRequest) -> ServerResponse {
        // A query text seen since the last change is answered from the cache in one lock,
        // unparsed (a short text is a small string: no allocation).
        let text = request.query.map(String.init) ?? ""
        if let cached = store.withLock({ $0.cachedPage(queryText: text) }) {
            return cacheable(cached, request)
        }
        let teams = store.withLock { $0.teams }
        switch PageQuery.parse(request.query, teams: teams) {
        case .failure(let error):
            return ErrorBody.response(status: 400, message: error.message)
        case .success(let query):
            let page = store.withLock { $0.page(query, queryText: text) }
            return cacheable(page, request)
        }
    }

    /// `GET /v1/heroes/{id}`.
    func hero(_ id: String, _ request: ServerRequest) -> ServerResponse {
        guard let encoded = store.withLock({ $0.heroJSON(id) }) else { return notFound(id) }
        return cacheable(encoded, request)
    }

    /// `POST /v1/heroes`: editor only; 422 invalid, 409 duplicate code name. A repeated
    /// `Idempotency-Key` of a successful create gets its first answer.
    func create(_ request: ServerRequest) -> ServerResponse {
        if let refusal = refuseUnlessEditor(request) { return refusal }
        switch IdempotencyKey.parse(request.fields) {
        case .absent:
            return insert(request)
        case .malformed(let message):
            return ErrorBody.response(status: 400, message: message)
        case .key(let key):
            // The ledger's lock spans the create (the store's nests inside), so no repeat slips in
            // between look-up and record.
            return idempotency.withLock { ledger in
                let now = ContinuousClock.now
                switch ledger.lookUp(key, body: request.body, at: now) {
                case .replay(let response):
                    return response
                case .mismatch:
                    let problem = "was used with another request body"
                    return ErrorBody.response(
                        status: 422, message: "\(IdempotencyKey.fieldName) \(problem)",
                        fields: [(IdempotencyKey.fieldName, problem)])
                case .absent:
                    let response = insert(request)
                    // Keep only creates that happened: a refused one changed nothing, so rerunning it is
                    // safe and may succeed.
                    if response.status == 201 {
                        ledger.record(key, body: request.body, response: response, at: now)
                    }
                    return response
                }
            }
        }
    }

    /// After the editor check.
    private func insert(_ request: ServerRequest) -> ServerResponse {
        let draft: HeroSubmission
        switch parseDraft(request) {
        case .success(let parsed): draft = parsed
        case .failure(let problem): return Self.response(for: problem)
        }
        return store.withLock { store in
            if store.isTaken(draft.codeName, except: nil) { return conflict(draft.codeName) }
            guard let record = store.insert(draft, now: Self.timestamp()) else {
                return ErrorBody.response(
                    status: 507, message: "the server holds its most heroes, \(store.limits.maximumHeroes)")
            }
            if let failure = persist(&store) { return failure }
            return ServerResponse.json(
                201, record.json,
                extra: [
                    HTTPField(name: "Location", value: "/v1/heroes/\(record.id)"),
                    HTTPField(name: "ETag", value: record.entityTag),
                ])
        }
    }

    /// `PUT /v1/heroes/{id}`: editor only; full replace, `If-Match` checked.
    func replace(_ id: String, _ request: ServerRequest) -> ServerResponse {
        if let refusal = refuseUnlessEditor(request) { return refusal }
        if let refusal = store.withLock({ checkExistsAndMatches(id, request, in: $0) }) { return refusal }
        let draft: HeroSubmission
        switch parseDraft(request) {
        case .success(let parsed): draft = parsed
        case .failure(let problem): return Self.response(for: problem)
        }
        return store.withLock { store in
            // Checked again under the write's lock, so no change slips in between.
            if let refusal = checkExistsAndMatches(id, request, in: store) { return refusal }
            if store.isTaken(draft.codeName, except: id) { return conflict(draft.codeName) }
            let record: HeroRecord
            switch store.replace(id, with: draft, now: Self.timestamp()) {
            case .changed(let changed): record = changed
            case .missing: return notFound(id)
            case .versionExhausted: return versionExhausted(id)
            case .full: return notFound(id)  // never: a replace adds no picture
            }
            if let failure = persist(&store) { return failure }
            return ServerResponse.json(
                200, record.json, extra: [HTTPField(name: "ETag", value: record.entityTag)])
        }
    }

    /// `DELETE /v1/heroes/{id}`: editor only, `If-Match` checked.
    func delete(_ id: String, _ request: ServerRequest) -> ServerResponse {
        if let refusal = refuseUnlessEditor(request) { return refusal }
        return store.withLock { store in
            if let refusal = checkExistsAndMatches(id, request, in: store) { return refusal }
            guard store.delete(id) else { return notFound(id) }
            if let failure = persist(&store) { return failure }
            return ServerResponse(status: 204, fields: [], body: [])
        }
    }

    /// 404 when absent, 412 when `If-Match` names another version.
    func checkExistsAndMatches(_ id: String, _ request: ServerRequest, in store: HeroTable) -> ServerResponse?
    {
        guard let tag = store.hero(id)?.entityTag else { return notFound(id) }
        guard Preconditions.matches(request.value("if-match"), current: tag) else {
            return ErrorBody.response(
                status: 412, message: "the hero changed: its current version is \(tag)",
                extra: [HTTPField(name: "ETag", value: tag)])
        }
        return nil
    }

    /// A 200 with `ETag`, or 304 when `If-None-Match` matches.
    func cacheable(_ encoded: EncodedPage, _ request: ServerRequest) -> ServerResponse {
        if Preconditions.notModified(request.value("if-none-match"), current: encoded.entityTag) {
            return ServerResponse(
                status: 304, fields: [HTTPField(name: "ETag", value: encoded.entityTag)], body: [])
        }
        return ServerResponse(
            status: 200, fields: encoded.fields, body: encoded.body, prebuilt: encoded.prebuilt)
    }

    /// 409 for a hero whose version (from a file) is `Int.max`: no change can get a new one.
    func versionExhausted(_ id: String) -> ServerResponse {
        ErrorBody.response(
            status: 409, message: "hero \(id) is at the highest version, \(Int.max), and cannot change")
    }

    func notFound(_ id: String) -> ServerResponse {
        ErrorBody.response(status: 404, message: "no hero with id \(id)")
    }

    /// Checked against the current teams.
    private func parseDraft(_ request: ServerRequest) -> Result<HeroSubmission, HeroInput.Problem> {
        let teams = store.withLock { $0.teams }
        return HeroInput.parse(request.body, teams: teams)
    }

    private func conflict(_ codeName: String) -> ServerResponse {
        ErrorBody.response(status: 409, message: "another hero is already called \(codeName)")
    }

    private static func response(for problem: HeroInput.Problem) -> ServerResponse {
        switch problem {
        case .malformed(let message):
            return ErrorBody.response(status: 400, message: message)
        case .invalid(let fields):
            let summary = fields.map { "\($0.0) \($0.1)" }.joined(separator: "; ")
            return ErrorBody.response(status: 422, message: summary, fields: fields)
        }
    }
}
