/// A connection's write side still to do, in order: bytes, pauses and endings.
struct Outbox {
    enum Item {
        case bytes([UInt8])
        /// Bytes other responses share (a stub's body file): never joined to, so all
        /// connections sending them hold one copy.
        case shared([UInt8], Range<Int>)
        /// Nanoseconds, counted from when the step is reached.
        case pause(UInt64)
        /// Shut the write side and drain the input.
        case close
        case reset
        /// Nothing more, ever (`stall`).
        case hold
        /// Encoded with these framing choices when ready.
        case deferred(DeferredResponse, keepAlive: Bool, isHead: Bool)
    }

    /// The first may be partly sent.
    private(set) var items: [Item] = []
    /// Bytes of the first item already sent.
    var offset = 0
    /// When the pause at the head ends, once started.
    var pausedUntil: UInt64?
    private(set) var pendingBytes = 0

    var isEmpty: Bool { items.isEmpty }

    /// Joins to queued bytes when possible, so pipelined answers go out in one write.
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        pendingBytes += bytes.count
        if let last = items.indices.last, case .bytes(var queued) = items[last] {
            items[last] = .pause(0)  // drops the array's second reference so the append is in place
            queued.append(contentsOf: bytes)
            items[last] = .bytes(queued)
        } else {
            items.append(.bytes(bytes))
        }
    }

    /// Queues `range` of `bytes` as its own step, without copying.
    mutating func appendShared(_ bytes: [UInt8], _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        pendingBytes += range.count
        items.append(.shared(bytes, range))
    }

    mutating func append(_ item: Item) {
        if case .bytes(let bytes) = item {
            append(bytes)
        } else {
            items.append(item)
        }
    }

    mutating func sent(_ count: Int) {
        offset += count
        pendingBytes -= count
        switch items.first {
        case .bytes(let bytes) where offset == bytes.count: popFirst()
        case .shared(_, let range) where offset == range.count: popFirst()
        default: break
        }
    }

    /// Replaces the first step (a deferred response now ready) with the steps that send it.
    mutating func replaceFirst(with steps: Outbox) {
        items.replaceSubrange(0..<1, with: steps.items)
        pendingBytes += steps.pendingBytes
        offset = 0
        pausedUntil = nil
    }

    mutating func popFirst() {
        items.removeFirst()
        offset = 0
        pausedUntil = nil
    }
}
