extension StubRegistry {
    /// The closest stub and the parts that differ; nil without stubs.
    func closest(to request: StubRequest) -> NearMiss? {
        nearest(to: request, limit: 1).first
    }

    /// A stub, how far the request is from it (WireMock's `matchResult.distance`) and why.
    typealias NearMiss = (mapping: StubMapping, distance: Double, differences: [String])

    /// The `limit` closest stubs, by WireMock's distance. Indexed stubs first, then others, at
    /// most `MatchBudget.nearMissComparisons`, within the budget.
    func nearest(to request: StubRequest, limit: Int) -> [NearMiss] {
        state.withLock { state in
            var misses: [NearMiss] = []
            let indexed = state.ranked(state.index.candidates(for: request.path))
            let seen = Set(indexed)
            let others = state.mappings.indices.reversed().filter { !seen.contains($0) }
            var compared = 0
            for position in (indexed + others).prefix(MatchBudget.nearMissComparisons) {
                if compared > 0, request.budget.isSpent { break }
                compared += 1
                let mapping = state.mappings[position]
                var differences = mapping.request.differences(request, all: true)
                if let step = mapping.scenario, let required = step.requiredState,
                    !state.inRequiredState(mapping)
                {
                    differences.append(
                        "scenario \(step.scenario): expected state \(required), is in \(state.state(of: step.scenario))"
                    )
                }
                misses.append((mapping, mapping.request.distance(request), differences))
            }
            // Ties go to fewer differences (a scenario state), then the try order.
            var closest = misses.enumerated().sorted { left, right in
                let (a, b) = (left.element, right.element)
                if a.distance != b.distance { return a.distance < b.distance }
                if a.differences.count != b.differences.count {
                    return a.differences.count < b.differences.count
                }
                return left.offset < right.offset
            }.prefix(limit).map(\.element)
            if compared < state.mappings.count {
                for index in closest.indices {
                    closest[index].differences.append(
                        "(compared with \(compared) of \(state.mappings.count) stubs; matching is bounded per request)"
                    )
                }
            }
            return closest
        }
    }

    /// The 404 for an unmatched request, naming the closest stub and how it differs, as WireMock does.
    func nearMissResponse(_ request: StubRequest) -> ServerResponse {
        let target = String(request.target)
        var text = "No stub matches \(request.method) \(target).\n"
        if let closest = closest(to: request) {
            text += "Closest stub: \(closest.mapping.label)\n"
            text += closest.differences.map { "  - \($0)\n" }.joined()
        } else {
            text += "No stub mappings are loaded.\n"
        }
        return ServerResponse(
            status: 404, fields: [HTTPField(name: "Content-Type", value: "text/plain; charset=utf-8")],
            body: Array(text.utf8))
    }
}
