import Locking

/// The stub mappings the server answers from, their index and their scenarios' states. Read on
/// the loop thread for every request; changed at start and by the admin API.
final class StubRegistry: Sendable {
    private struct State {
        var mappings: [StubMapping] = []
        var index = StubIndex()
        var nextSequence = 1
        /// Each scenario's current state; a scenario not here is in `Started`.
        var scenarios: [String: String] = [:]

        mutating func append(_ mapping: StubMapping) {
            var mapping = mapping
            mapping.sequence = nextSequence
            nextSequence += 1
            index.insert(mapping.request.url.indexSegments, position: mappings.count)
            mappings.append(mapping)
        }

        func state(of scenario: String) -> String {
            scenarios[scenario] ?? ScenarioStep.started
        }
    }

    private let state = Locked(State())

    /// Makes an empty registry.
    init() {}

    /// How many mappings there are.
    var count: Int { state.withLock { $0.mappings.count } }

    /// Replaces every mapping, and puts every scenario back in `Started`.
    func replaceAll(with mappings: [StubMapping]) {
        state.withLock { state in
            state = State()
            for mapping in mappings { state.append(mapping) }
        }
    }

    /// Adds mappings after the existing ones (so they win among equal priorities).
    func add(_ mappings: [StubMapping]) {
        state.withLock { state in
            for mapping in mappings { state.append(mapping) }
        }
    }

    /// The answer of the stub that matches `request`, if one does: the lowest priority number
    /// first, and among equal priorities the one added last. Moves its scenario on.
    func answer(_ request: ServerRequest) -> (ServerResponse, Delivery)? {
        state.withLock { state -> (ServerResponse, Delivery)? in
            guard !state.mappings.isEmpty else { return nil }
            var candidates = state.index.candidates(for: request.path)
            guard !candidates.isEmpty else { return nil }
            let mappings = state.mappings
            candidates.sort { left, right in
                let (a, b) = (mappings[left], mappings[right])
                return a.priority != b.priority ? a.priority < b.priority : a.sequence > b.sequence
            }
            let stubRequest = StubRequest(request)
            for position in candidates {
                let mapping = mappings[position]
                if let step = mapping.scenario, let required = step.requiredState,
                    state.state(of: step.scenario) != required
                {
                    continue
                }
                guard mapping.request.matches(stubRequest) else { continue }
                if let step = mapping.scenario, let next = step.newState {
                    state.scenarios[step.scenario] = next
                }
                return mapping.response.render(stubRequest)
            }
            return nil
        }
    }

    /// The 404 for a request no stub matched: plain text naming the closest stub and each part
    /// of the request that differed from it, as WireMock's near-miss report does.
    func nearMissResponse(_ request: ServerRequest) -> ServerResponse {
        let text = state.withLock { state -> String in
            let stubRequest = StubRequest(request)
            let head = "No stub matches \(stubRequest.method) \(stubRequest.target)."
            var closest: (mapping: StubMapping, differences: [String])?
            for mapping in state.mappings {
                var differences = mapping.request.differences(stubRequest, all: true)
                if let step = mapping.scenario, let required = step.requiredState,
                    state.state(of: step.scenario) != required
                {
                    differences.append(
                        "scenario \(step.scenario): expected state \(required), is in \(state.state(of: step.scenario))"
                    )
                }
                if closest.map({ differences.count < $0.differences.count }) ?? true {
                    closest = (mapping, differences)
                }
            }
            guard let closest else { return head + "\nNo stub mappings are loaded.\n" }
            let lines = closest.differences.map { "  - \($0)" }.joined(separator: "\n")
            return head + "\nClosest stub: \(closest.mapping.label)\n" + lines + "\n"
        }
        return ServerResponse(
            status: 404, fields: [HTTPField(name: "Content-Type", value: "text/plain; charset=utf-8")],
            body: Array(text.utf8))
    }
}
