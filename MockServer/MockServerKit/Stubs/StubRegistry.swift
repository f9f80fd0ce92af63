import Foundation
import Locking
import Synchronization

/// The stubs, their index and scenario states. Read per request on the loop thread;
/// changed at start and by the admin API.
final class StubRegistry: Sendable {
    struct State {
        var mappings: [StubMapping] = []
        /// The mappings' ids, so adding one is not a pass over them all.
        var ids: Set<String> = []
        var index = StubIndex()
        var nextSequence = 1
        /// A scenario not here is in `Started`.
        var scenarios: [String: String] = [:]
        /// The root directory's mappings, which a reset restores.
        var defaults: [StubMapping] = []
        /// Where later mappings' `bodyFileName` is read from.
        var files: BodyFolder?
        /// `defaults` as loaded, so a reset need not re-add every mapping.
        var loaded: (mappings: [StubMapping], ids: Set<String>, index: StubIndex)?

        /// Adds a mapping last, replacing one with the same id.
        mutating func append(_ mapping: StubMapping) {
            if !ids.insert(mapping.id).inserted {
                rebuild(mappings.filter { $0.id != mapping.id })
                ids.insert(mapping.id)
            }
            var mapping = mapping
            mapping.sequence = nextSequence
            nextSequence += 1
            index.insert(mapping.request.url.indexSegments, position: mappings.count)
            mappings.append(mapping)
        }

        /// Keeps `kept`, sequence numbers and all, and reindexes.
        mutating func rebuild(_ kept: [StubMapping]) {
            mappings = kept
            ids = Set(kept.map(\.id))
            index = StubIndex()
            for (position, mapping) in kept.enumerated() {
                index.insert(mapping.request.url.indexSegments, position: position)
            }
        }

        func state(of scenario: String) -> String {
            scenarios[scenario] ?? ScenarioStep.started
        }

        /// Try order: lowest priority number first; among equals, the one added last.
        func ranked(_ positions: [Int]) -> [Int] {
            positions.sorted { left, right in
                let (a, b) = (mappings[left], mappings[right])
                return a.priority != b.priority ? a.priority < b.priority : a.sequence > b.sequence
            }
        }

        func inRequiredState(_ mapping: StubMapping) -> Bool {
            guard let step = mapping.scenario, let required = step.requiredState else { return true }
            return state(of: step.scenario) == required
        }
    }

    let state = Locked(State())
    /// `mappings.count`, stored under the lock by every change, so the per-request look takes
    /// no lock.
    private let mappingCount = Atomic<Int>(0)

    init() {}

    var count: Int { mappingCount.load(ordering: .acquiring) }

    /// After a change under the lock.
    private func counted(_ state: State) {
        mappingCount.store(state.mappings.count, ordering: .releasing)
    }

    /// Replaces every mapping with a root directory's; scenarios restart.
    func load(_ mappings: [StubMapping], files: BodyFolder?) {
        state.withLock { state in
            state = State()
            state.defaults = mappings
            state.files = files
            for mapping in mappings { state.append(mapping) }
            state.loaded = (state.mappings, state.ids, state.index)
            counted(state)
        }
    }

    /// Restores the root directory's mappings; scenarios restart.
    func resetToDefaults() {
        state.withLock { state in
            let (defaults, files, next, loaded) = (
                state.defaults, state.files, state.nextSequence, state.loaded
            )
            state = State()
            state.defaults = defaults
            state.files = files
            state.nextSequence = next
            if let loaded {
                // Their sequence numbers are below `next`, so later mappings still rank after them.
                (state.mappings, state.ids, state.index) = loaded
                state.loaded = loaded
            } else {
                for mapping in defaults { state.append(mapping) }
            }
            counted(state)
        }
    }

    /// The most mappings the admin API may bring it to.
    static let maximumMappings = 10_000
    /// The largest mapping the admin API takes, as JSON.
    static let maximumMappingBytes = 1 << 20
    /// The most JSON the admin API's kept mappings may total.
    static let maximumAddedBytes = 64 << 20

    private func checkBounds(_ bytes: [UInt8], replacing id: String?) throws(MappingError) {
        let refuse = { (reason: String) in MappingError(file: "the request body", path: "$", reason: reason) }
        guard bytes.count <= Self.maximumMappingBytes else {
            throw refuse(
                "the mapping is \(bytes.count) bytes, over the \(Self.maximumMappingBytes)-byte limit")
        }
        let (count, added) = state.withLock { state in
            (
                state.mappings.count,
                state.mappings.reduce(0) { $0 + ($1.id == id ? 0 : $1.addedBytes) }
            )
        }
        if id == nil, count >= Self.maximumMappings {
            throw refuse("there are \(count) mappings already, the limit")
        }
        guard added + bytes.count <= Self.maximumAddedBytes else {
            throw refuse(
                "the mappings added through the admin API would be over \(Self.maximumAddedBytes) bytes")
        }
    }

    /// Adds a mapping from the admin API (replacing one with its id); returns its stored JSON.
    func add(json bytes: [UInt8]) throws(MappingError) -> StubJSON {
        try checkBounds(bytes, replacing: nil)
        let files = state.withLock { $0.files }
        guard let value = StubJSON(parsing: bytes) else {
            throw MappingError(file: "the request body", path: "$", reason: "not valid JSON")
        }
        var mapping = try StubMapping(
            JSONCursor(value: value, path: "$", file: "the request body"), files: files)
        mapping.addedBytes = bytes.count
        state.withLock { state in
            state.append(mapping)
            counted(state)
        }
        return mapping.json
    }

    /// Replaces mapping `id` in place, keeping its precedence; nil when there is none.
    func replace(id: String, json bytes: [UInt8]) throws(MappingError) -> StubJSON? {
        try checkBounds(bytes, replacing: id)
        let files = state.withLock { $0.files }
        guard case .object(var members)? = StubJSON(parsing: bytes) else {
            throw MappingError(file: "the request body", path: "$", reason: "not a JSON object")
        }
        // The path names the stub; an id in the body cannot move it elsewhere.
        members["id"] = .string(id)
        members["uuid"] = nil
        var mapping = try StubMapping(
            JSONCursor(value: .object(members), path: "$", file: "the request body"), files: files)
        mapping.addedBytes = bytes.count
        return state.withLock { state -> StubJSON? in
            guard let position = state.mappings.firstIndex(where: { $0.id == id }) else { return nil }
            mapping.sequence = state.mappings[position].sequence
            var kept = state.mappings
            kept[position] = mapping
            state.rebuild(kept)
            counted(state)
            return mapping.json
        }
    }

    func remove(id: String) -> Bool {
        state.withLock { state in
            guard state.mappings.contains(where: { $0.id == id }) else { return false }
            state.rebuild(state.mappings.filter { $0.id != id })
            counted(state)
            return true
        }
    }

    func removeAll() {
        state.withLock { state in
            state.rebuild([])
            counted(state)
        }
    }

    /// One page of the mappings' JSON, newest first (as WireMock lists them), and the total.
    func mappingsJSON(page: AdminPage = AdminPage()) -> (page: [StubJSON], total: Int) {
        state.withLock { state in
            let newestFirst = Array(state.mappings.reversed())
            let listed = page.apply(newestFirst) { 512 + max($0.addedBytes, $0.response.body.count) }
            return (listed.map(\.json), state.mappings.count)
        }
    }

    func mappingJSON(id: String) -> StubJSON? {
        state.withLock { $0.mappings.first { $0.id == id }?.json }
    }

    /// Each scenario's state and the states its mappings name.
    func scenarios() -> [(name: String, state: String, possibleStates: [String])] {
        state.withLock { state in
            var possible: [String: [String]] = [:]
            for mapping in state.mappings {
                guard let step = mapping.scenario else { continue }
                var states = possible[step.scenario] ?? [ScenarioStep.started]
                for name in [step.requiredState, step.newState].compactMap({ $0 })
                where !states.contains(name) {
                    states.append(name)
                }
                possible[step.scenario] = states
            }
            return possible.keys.sorted().map { name in
                (name, state.state(of: name), possible[name] ?? [])
            }
        }
    }

    func resetScenarios() {
        state.withLock { $0.scenarios = [:] }
    }

    /// The first stub in try order matching the request, and its id; moves its scenario on.
    /// Unmatched once the budget is spent. `make` runs only when there are stubs.
    func answer(_ make: @autoclosure () -> StubRequest)
        -> (response: ServerResponse, delivery: Delivery, id: String, proxy: ProxyTarget?)?
    {
        state.withLock { state -> (ServerResponse, Delivery, String, ProxyTarget?)? in
            guard !state.mappings.isEmpty else { return nil }
            let request = make()
            let candidates = state.ranked(state.index.candidates(for: request.path))
            guard !candidates.isEmpty else { return nil }
            for position in candidates {
                guard !request.budget.isSpent else { return nil }
                let mapping = state.mappings[position]
                guard state.inRequiredState(mapping), mapping.request.matches(request) else { continue }
                if let step = mapping.scenario, let next = step.newState {
                    state.scenarios[step.scenario] = next
                }
                let (response, delivery) = mapping.response.render(
                    request, pathParameters: mapping.request.url.pathParameters(request))
                return (response, delivery, mapping.id, mapping.response.proxy)
            }
            return nil
        }
    }
}
