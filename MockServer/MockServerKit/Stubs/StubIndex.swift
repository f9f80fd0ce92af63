/// The stubs by the leading path segments every request they match must have, so a lookup tests
/// the stubs on the request's own path instead of every stub: a trie of segments, each node
/// holding the stubs whose known prefix ends there. A stub with no known prefix (no URL, or a
/// pattern that starts with a wildcard) sits at the root and is tested for every request.
struct StubIndex: Sendable {
    private struct Node: Sendable {
        var children: [Substring: Int] = [:]
        /// Positions in the registry's mapping list.
        var stubs: [Int] = []
    }

    private var nodes = [Node()]

    /// Files the stub at `position` under the segments of its URL matcher.
    mutating func insert(_ segments: [Substring], position: Int) {
        var node = 0
        for segment in segments {
            if let child = nodes[node].children[segment] {
                node = child
            } else {
                nodes.append(Node())
                nodes[node].children[segment] = nodes.count - 1
                node = nodes.count - 1
            }
        }
        nodes[node].stubs.append(position)
    }

    /// The positions of every stub that may match `path`, in no particular order.
    func candidates(for path: Substring) -> [Int] {
        var found = nodes[0].stubs
        var node = 0
        var rest = path.utf8.first == UInt8(ascii: "/") ? path.dropFirst() : path
        while !nodes[node].children.isEmpty {
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            guard let child = nodes[node].children[rest[..<end]] else { break }
            node = child
            found += nodes[node].stubs
            guard end < rest.endIndex else { break }
            rest = rest[rest.index(after: end)...]
        }
        return found
    }
}
