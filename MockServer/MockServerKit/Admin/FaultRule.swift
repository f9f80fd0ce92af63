import Locking
import Synchronization

/// A fault for requests matching a method and path, after skipping some, a number of times.
/// "Fail the third request" is `after: 2, times: 1`.
public struct FaultRule: Sendable, Equatable {
    /// The method, or `*` for any.
    public var method: String
    /// Matched exactly (with the query when the rule's path has one).
    public var path: String
    /// In `X-Mock-Fault` syntax, e.g. `status:503` or `delay:250ms,reset`.
    public var fault: String
    /// How many matching requests get the fault.
    public var times: Int
    /// How many matching requests pass untouched first.
    public var after: Int

    public init(method: String, path: String, fault: String, times: Int = 1, after: Int = 0) {
        self.method = method
        self.path = path
        self.fault = fault
        self.times = times
        self.after = after
    }
}

/// The registered fault rules, used up as requests match.
final class FaultRegistry: Sendable {
    private struct Entry {
        var id: Int
        var rule: FaultRule
        var plan: FaultPlan
    }

    private let state = Locked<(nextID: Int, entries: [Entry])>((1, []))
    /// `entries.count`, stored under the lock, so a request with no rule to match takes no lock.
    private let ruleCount = Atomic<Int>(0)

    func add(_ rule: FaultRule) throws(MockServerError) -> Int {
        guard rule.times >= 1, rule.after >= 0, rule.path.hasPrefix("/") else {
            throw MockServerError("a fault rule needs a path starting with /, times ≥ 1 and after ≥ 0")
        }
        let plan: FaultPlan
        switch FaultPlan.parse(rule.fault) {
        case .success(let parsed) where !parsed.isEmpty: plan = parsed
        case .success: throw MockServerError("a fault rule needs a fault")
        case .failure(let error): throw MockServerError(error.message)
        }
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.entries.append(Entry(id: id, rule: rule, plan: plan))
            ruleCount.store(state.entries.count, ordering: .releasing)
            return id
        }
    }

    /// The fault of a matching, due rule; uses it once unless `using` is false (a request that
    /// may come back in a later turn looks without using).
    func take(method: String, path: Substring, query: Substring?, using: Bool = true) -> FaultPlan? {
        guard ruleCount.load(ordering: .acquiring) > 0 else { return nil }
        return state.withLock { state in
            guard !state.entries.isEmpty else { return nil }
            let full = query.map { "\(path)?\($0)" } ?? String(path)
            for index in state.entries.indices {
                let rule = state.entries[index].rule
                let target = rule.path.contains("?") ? full : String(path)
                guard rule.method == "*" || rule.method == method, rule.path == target else { continue }
                if rule.after > 0 {
                    if using { state.entries[index].rule.after -= 1 }
                    return nil
                }
                let plan = state.entries[index].plan
                guard using else { return plan }
                state.entries[index].rule.times -= 1
                if state.entries[index].rule.times == 0 {
                    state.entries.remove(at: index)
                    ruleCount.store(state.entries.count, ordering: .releasing)
                }
                return plan
            }
            return nil
        }
    }

    func rules() -> [(id: Int, rule: FaultRule)] {
        state.withLock { $0.entries.map { ($0.id, $0.rule) } }
    }

    func clear() {
        state.withLock { state in
            state.entries.removeAll()
            ruleCount.store(0, ordering: .releasing)
        }
    }
}
