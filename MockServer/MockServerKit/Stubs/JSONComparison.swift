/// `equalToJson`: whether a request body's JSON equals the expected value, as WireMock compares
/// them. Numbers compare by value (`1` equals `1.0`); `ignoreArrayOrder` lets arrays be in any
/// order; `ignoreExtraElements` lets the actual objects have more members and the actual arrays
/// more items.
struct JSONComparison: Sendable {
    let expected: StubJSON
    let ignoreArrayOrder: Bool
    let ignoreExtraElements: Bool

    /// Whether `actual` is equal under the options.
    func matches(_ actual: StubJSON) -> Bool {
        equal(expected, actual)
    }

    private func equal(_ expected: StubJSON, _ actual: StubJSON) -> Bool {
        switch (expected, actual) {
        case (.object(let wanted), .object(let found)):
            guard ignoreExtraElements || wanted.count == found.count else { return false }
            return wanted.allSatisfy { key, value in found[key].map { equal(value, $0) } ?? false }
        case (.array(let wanted), .array(let found)):
            guard ignoreExtraElements ? wanted.count <= found.count : wanted.count == found.count else {
                return false
            }
            if !ignoreArrayOrder {
                return zip(wanted, found).allSatisfy { equal($0, $1) }
            }
            return assign(wanted[...], to: found, used: Array(repeating: false, count: found.count))
        default:
            if let left = expected.number, let right = actual.number { return left == right }
            return expected == actual
        }
    }

    /// Whether each wanted item can be paired with a distinct found item (backtracking; arrays in
    /// stubs are short).
    private func assign(_ wanted: ArraySlice<StubJSON>, to found: [StubJSON], used: [Bool]) -> Bool {
        guard let first = wanted.first else { return true }
        for index in found.indices where !used[index] && equal(first, found[index]) {
            var taken = used
            taken[index] = true
            if assign(wanted.dropFirst(), to: found, used: taken) { return true }
        }
        return false
    }
}
