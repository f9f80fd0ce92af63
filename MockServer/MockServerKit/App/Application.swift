import Foundation
import Locking

/// The Heroes API behind the HTTP layer: routes, store, auth, faults and journal.
final class HeroesApplication: RequestHandler {
    /// Locked: the loop thread writes, tests may reset from theirs.
    let store: Locked<HeroTable>
    let journal: Journal
    let faults: FaultRegistry
    let authenticator: Authenticator
    /// What reset restores.
    let fixtures: FixtureSet
    let stateFile: StateFile?
    /// Milliseconds added to every API response.
    let latency: Int
    /// Encoded once: the teams never change.
    let teamsPage: EncodedPage
    let adminAccess: AdminAccess
    /// Lock before `store` when taking both.
    let idempotency = Locked(IdempotencyLedger())
    /// Matched before the hero routes.
    let stubs: StubRegistry
    let servesHeroes: Bool
    /// The state file the store last matched, so another process's save is noticed.
    let loadedStamp: Locked<StateFile.Stamp?>
    let proxyTimeout: Duration
    /// Wakes the event loop when a proxied answer is ready.
    let nudge: @Sendable () -> Void
    let recorder: ProxyRecorder
    /// Where recordings are written (`mappings/`, `__files/`); nil: nowhere.
    let recordingRoot: URL?
    /// Header names recordings keep out of their files, besides the credentials.
    let redactedHeaders: [String]

    /// `current`: the starting heroes; `loadedStamp`: their file's stamp, taken before the read.
    init(
        fixtures: FixtureSet, current: StateFile.Saved, users: [MockUser], limits: HeroTable.Limits = .init(),
        stateFile: StateFile?, latency: Int, journal: Journal, faults: FaultRegistry,
        adminAccess: AdminAccess = .open, tokenLifetime: Duration = .seconds(3600),
        stubs: StubRegistry = StubRegistry(), servesHeroes: Bool = true, loadedStamp: StateFile.Stamp? = nil,
        proxyTimeout: Duration = .seconds(30), nudge: @escaping @Sendable () -> Void = {},
        recorder: ProxyRecorder = ProxyRecorder(), recordingRoot: URL? = nil, redactedHeaders: [String] = []
    ) {
        self.recorder = recorder
        self.recordingRoot = recordingRoot
        self.redactedHeaders = redactedHeaders
        self.proxyTimeout = proxyTimeout
        self.nudge = nudge
        self.adminAccess = adminAccess
        self.stubs = stubs
        self.servesHeroes = servesHeroes
        let epoch = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        var store = HeroTable(teams: fixtures.teams, heroes: [], pictures: [:], epoch: epoch, limits: limits)
        store.replaceAll(heroes: current.heroes, pictures: current.pictures, names: current.names)
        self.store = Locked(store)
        self.journal = journal
        self.faults = faults
        authenticator = Authenticator(users: users, tokenLifetime: tokenLifetime)
        self.fixtures = fixtures
        self.stateFile = stateFile
        self.loadedStamp = Locked(loadedStamp)
        self.latency = latency
        let teamsBody = Self.teamsJSON(fixtures.teams)
        teamsPage = EncodedPage(body: teamsBody, entityTag: "\"teams-\(Self.fnv1a(teamsBody))\"")
    }

    static func teamsJSON(_ teams: [TeamRecord]) -> [UInt8] {
        WireJSON.encode(ItemList(items: teams))
    }

    /// 32-bit FNV-1a, for tags of content that never changes.
    static func fnv1a(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(into: 2_166_136_261) { hash, byte in hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    }

    /// Admin routes directly; API routes through faults and the journal. A new request that
    /// spends its trial matching stubs is put off (nil) before anything is used up or recorded.
    func handle(_ request: ServerRequest, turn: TurnBudget, held: Bool) -> (ServerResponse, Delivery)? {
        if request.path.hasBytePrefix("/__admin/") {
            switch adminAccess {
            case .open: return routeAdmin(request)
            case .off:
                return (
                    ErrorBody.response(status: 404, message: "no resource at \(request.path)"), Delivery()
                )
            case .token(let token):
                guard let given = Authenticator.bearerToken(in: request.value("authorization")),
                    Authenticator.constantTimeEqual(Array(given.utf8), Array(token.utf8))
                else {
                    var response = ErrorBody.response(
                        status: 401, message: "the admin API needs its bearer token")
                    response.fields.append(
                        HTTPField(name: "WWW-Authenticate", value: #"Bearer realm="mock-admin""#))
                    return (response, Delivery())
                }
                return routeAdmin(request)
            }
        }
        var plan = FaultPlan()
        let faultsAllowed =
            switch adminAccess {
            case .open: true
            case .off: false
            case .token(let token): request.value("x-mock-admin-token") == token
            }
        if faultsAllowed, let header = request.value("x-mock-fault") {
            switch FaultPlan.parse(header) {
            case .success(let parsed): plan = parsed
            case .failure(let error):
                let response = ErrorBody.response(status: 400, message: error.message)
                journal.record(request, status: 400, fault: nil)
                return (response, Delivery())
            }
        }
        // Read once: each look is a lock, and this runs per request.
        let hasStubs = stubs.count > 0
        let isTrial = !held && hasStubs
        if let registered = takeRule(request, using: !isTrial) { plan.merge(registered) }
        plan.delayMilliseconds += latency
        var response: ServerResponse
        var match = JournalMatch.route
        // Made only with stubs: one JSON parse and one budget serve the answer and the near miss.
        var made: StubRequest?
        func stubRequest() -> StubRequest {
            if let made { return made }
            let fresh = StubRequest(request, budget: MatchBudget(nanoseconds: turn.allowance(held: held)))
            made = fresh
            return fresh
        }
        defer { made.map { turn.spend($0.budget.used) } }
        let cuts = plan.mode == .reset || plan.mode == .closeBeforeHeaders || plan.mode == .stall
        let stubbed = hasStubs && plan.status == nil && !cuts ? stubs.answer(stubRequest()) : nil
        if isTrial, made?.budget.wasSpent == true { return nil }
        if let status = plan.status {
            let message = "fault injected: status \(status)"
            // The Heroes error body where the hero routes answer; elsewhere (a team's own stubs)
            // plain text, which no client mistakes for its API's format.
            response =
                servesHeroes && (Self.isUnderV1(request.path) || request.path == "/health")
                ? ErrorBody.response(status: status, message: message)
                : ServerResponse(
                    status: status,
                    fields: [HTTPField(name: "Content-Type", value: "text/plain; charset=utf-8")],
                    body: Array((message + "\n").utf8))
        } else if cuts {
            response = ServerResponse(status: 0, fields: [], body: [])
        } else if let stubbed {
            response = stubbed.response
            match = .stub(stubbed.id)
            // A stub's fixed delay shares the faults' cap; --latency stays on top, as for faults.
            let faults = plan.delayMilliseconds - latency
            plan.delayMilliseconds =
                latency + min(faults + stubbed.delivery.delayMilliseconds, FaultPlan.maximumDelayMilliseconds)
            if plan.mode == .normal { plan.mode = stubbed.delivery.mode }
            if let target = stubbed.proxy {
                if isTrial { _ = takeRule(request, using: true) }
                return proxy(request, to: target, plan: plan, match: match)
            }
        } else if servesHeroes {
            response = routeSharingState(request)
            // Outside the hero paths no route knew it, whatever it answered: WireMock lists it unmatched.
            if response.status == 404 || !(Self.isUnderV1(request.path) || request.path == "/health") {
                match = .unmatched
            }
            // Outside /v1 the hero contract says nothing, so show the closest stub instead
            // (under /v1, docs/API.md's JSON 404 stays).
            if response.status == 404, stubs.count > 0, !Self.isUnderV1(request.path) {
                response = stubs.nearMissResponse(stubRequest())
            }
        } else {
            response = stubs.nearMissResponse(stubRequest())
            match = .unmatched
        }
        if isTrial {
            // Outside /v1 a 404 changed nothing, so the request can come back whole.
            if made?.budget.wasSpent == true { return nil }
            _ = takeRule(request, using: true)
        }
        if plan.malformedJSON { Self.breakJSON(&response) }
        journal.record(
            request, status: response.status, fault: plan.isEmpty ? nil : plan.summary, match: match)
        return (response, plan.delivery)
    }

    /// The fault of a registered rule the request matches (a method, not a closure: this runs
    /// per request).
    private func takeRule(_ request: ServerRequest, using: Bool) -> FaultPlan? {
        faults.take(
            method: request.method.description, path: request.path, query: request.query, using: using)
    }

    /// The `malformed-json` fault: a JSON body that does not parse.
    static func breakJSON(_ response: inout ServerResponse) {
        if !ResponseEncoder.hasBody(response.status) { response.status = 200 }
        response.fields.removeAll { asciiCaseInsensitiveEqual($0.name, "Content-Type") }
        response.fields.append(HTTPField(name: "Content-Type", value: "application/json"))
        response.body = Array(#"{"items": [{"id": "0001", "code_name": "Trunc"#.utf8)
    }

    static func isUnderV1(_ path: Substring) -> Bool {
        path.hasBytePrefix("/v1") && (path.utf8.count == 3 || path.hasBytePrefix("/v1/"))
    }

    /// Changes with every recorded request, so journal long polls are checked again.
    var generation: Int { journal.lastSequence }

    /// Routes the request on the state file's current state, when servers may share it: a read takes
    /// in others' saves; a write holds the writers' lock through its save, so none is lost.
    func routeSharingState(_ request: ServerRequest) -> ServerResponse {
        guard let stateFile else { return route(request) }
        let writes = request.method != .get && request.method != .head
        var lock: Int32?
        if writes {
            lock = stateFile.lock()
            if lock == nil {
                return ErrorBody.response(
                    status: 503, message: "the state is locked by another server; try again")
            }
        }
        defer { lock.map(stateFile.unlock) }
        if let failure = takeInOtherSaves(stateFile) { return failure }
        return route(request)
    }

    /// Rereads the state file when it is not the one the store last matched.
    private func takeInOtherSaves(_ stateFile: StateFile) -> ServerResponse? {
        let now = stateFile.stamp()
        guard now != loadedStamp.withLock({ $0 }), now != nil else { return nil }
        do {
            let saved = try stateFile.load(teams: fixtures.teams)
            store.withLock { store in
                // A new generation: every page's tag changes with what another server saved.
                saved.map { store.replaceAll(heroes: $0.heroes, pictures: $0.pictures, names: $0.names) }
            }
            loadedStamp.withLock { $0 = now }
            return nil
        } catch {
            return ErrorBody.response(status: 500, message: "the state could not be read: \(error)")
        }
    }

    /// Restores the fixtures, saving them when state persists.
    func reset() throws(MockServerError) {
        let lock = stateFile?.lock()
        defer { if let lock { stateFile?.unlock(lock) } }
        try store.withLock { store throws(MockServerError) in
            store.replaceAll(heroes: fixtures.heroes, pictures: fixtures.pictures)
            try save(&store)
        }
        // The kept answers name heroes of the replaced state.
        idempotency.withLock { $0.removeAll() }
        faults.clear()
    }

    /// Saves after a change, when state persists. Call with the lock held.
    func persist(_ store: inout HeroTable) -> ServerResponse? {
        do {
            try save(&store)
            return nil
        } catch {
            return ErrorBody.response(status: 500, message: "the state could not be saved: \(error)")
        }
    }

    /// New pictures first, then the heroes naming them, then pictures no hero names are removed
    /// (a write request holds the writers' lock, so no other server is saving).
    private func save(_ store: inout HeroTable) throws(MockServerError) {
        guard let stateFile else { return }
        let folder = stateFile.pictureFolder
        for id in store.unsavedPictures.sorted() {
            if let bytes = store.pictures[id], let name = store.pictureNames[id] {
                try folder.write(bytes, as: name)
            }
        }
        store.picturesSaved()
        try stateFile.save(heroes: store.heroes, pictureNames: store.pictureNames)
        loadedStamp.withLock { $0 = stateFile.stamp() }
        folder.keepOnly(Set(store.pictureNames.values))
    }

    static func timestamp() -> String { WireTime.now() }
}
