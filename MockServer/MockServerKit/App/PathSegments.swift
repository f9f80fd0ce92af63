/// A path's segments, split before decoding so %2F is data. Without a `%`, segments are byte
/// bounds and splitting allocates nothing.
struct PathSegments {
    /// Every segment, the empty one before the leading slash included.
    let count: Int
    private let path: String
    /// Where each of the first `maximumBounded` segments ends (a slash, or the path's end).
    private var ends: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    /// With a `%`: every segment, decoded.
    private let decoded: [String]?

    /// Segments a route reads, at most; beyond them a path is only counted.
    private static let maximumBounded = 6

    /// Nil when a segment is not valid percent-encoded UTF-8.
    init?(_ path: Substring) {
        self.path = String(path)
        // The string's contiguous bytes: `Substring.UTF8View` is slow per element.
        let percent = self.path.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) }
        guard percent == false else {
            var decoded: [String] = []
            for raw in path.split(separator: "/", omittingEmptySubsequences: false) {
                guard let segment = PercentDecoding.decode(raw, plusIsSpace: false) else { return nil }
                decoded.append(segment)
            }
            self.decoded = decoded
            count = decoded.count
            return
        }
        decoded = nil
        var count = 0
        var ends = (0, 0, 0, 0, 0, 0)
        // A string made from a substring is native, so its bytes are contiguous.
        _ = self.path.utf8.withContiguousStorageIfAvailable { bytes in
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                Self.set(&ends, count, to: end)
                count += 1
            }
        }
        self.ends = ends
        self.count = count
    }

    /// Whether the segment at `index` (below `count`) is `word`.
    func segment(_ index: Int, is word: String) -> Bool {
        if let decoded { return decoded[index] == word }
        guard let (start, end) = bounds(index) else { return false }
        return path.utf8.withContiguousStorageIfAvailable { bytes in
            word.utf8.withContiguousStorageIfAvailable { wanted in
                Bytes.equal(UnsafeBufferPointer(rebasing: bytes[start..<end]), wanted)
            } ?? false
        } ?? false
    }

    /// The segment at `index`, below `count`.
    subscript(index: Int) -> Substring {
        if let decoded { return Substring(decoded[index]) }
        guard let (start, end) = bounds(index) else { return "" }
        let utf8 = path.utf8
        return path[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }

    /// The segments, decoded, joined by `/`, as a 404 names the path.
    func joined() -> String {
        decoded?.joined(separator: "/") ?? path
    }

    private func bounds(_ index: Int) -> (Int, Int)? {
        guard index < min(count, Self.maximumBounded) else { return nil }
        let start = index == 0 ? 0 : Self.get(ends, index - 1) + 1
        return (start, Self.get(ends, index))
    }

    private static func get(_ ends: (Int, Int, Int, Int, Int, Int), _ index: Int) -> Int {
        switch index {
        case 0: ends.0
        case 1: ends.1
        case 2: ends.2
        case 3: ends.3
        case 4: ends.4
        default: ends.5
        }
    }

    private static func set(_ ends: inout (Int, Int, Int, Int, Int, Int), _ index: Int, to value: Int) {
        switch index {
        case 0: ends.0 = value
        case 1: ends.1 = value
        case 2: ends.2 = value
        case 3: ends.3 = value
        case 4: ends.4 = value
        case 5: ends.5 = value
        default: break
        }
    }
}
