/// A trie of stubs' leading path segments, so a lookup tests only stubs on the request's path;
/// a stub without a known prefix is always tested.
struct StubIndex: Sendable {
    private struct Node: Sendable {
        var children: [Substring: Int] = [:]
        /// Positions in the registry's mapping list.
        var stubs: [Int] = []
    }

    private var nodes = [Node()]

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

    /// Every stub that may match `path`, unordered.
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
