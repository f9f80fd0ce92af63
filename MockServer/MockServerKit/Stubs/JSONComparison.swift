/// `equalToJson` as WireMock compares: numbers by value (`1` equals `1.0`), with
/// `ignoreArrayOrder` and `ignoreExtraElements` (extra members and items allowed).
struct JSONComparison: Sendable {
    let expected: StubJSON
    let ignoreArrayOrder: Bool
    let ignoreExtraElements: Bool

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

    /// Pairs each wanted item with a distinct found one (backtracking; stub arrays are short).
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
