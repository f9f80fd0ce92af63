/// What a connection still has to do on its write side, in order: bytes, pauses and endings.
struct Outbox {
    /// One step of the write side.
    enum Item {
        /// Bytes to send.
        case bytes([UInt8])
        /// A part of bytes that other responses share (a stub's body file): never joined to,
        /// so every connection sending them holds the one copy.
        case shared([UInt8], Range<Int>)
        /// A pause of this many nanoseconds, counted from when the step is reached.
        case pause(UInt64)
        /// An orderly end: the write side is shut and the rest of the input drained.
        case close
        /// An abrupt end: a TCP reset.
        case reset
        /// Nothing more, ever (the `stall` fault).
        case hold
        /// A response given later; encoded with these framing choices when it is ready.
        case deferred(DeferredResponse, keepAlive: Bool, isHead: Bool)
    }

    /// The steps not yet done; the first may be partly sent.
    private(set) var items: [Item] = []
    /// How many bytes of the first item are already sent.
    var offset = 0
    /// When the pause at the head of the queue ends, once it has started.
    var pausedUntil: UInt64?
    /// Bytes queued and not yet sent.
    private(set) var pendingBytes = 0

    /// Whether nothing is left to do.
    var isEmpty: Bool { items.isEmpty }

    /// Queues bytes, joining them to queued bytes when possible so pipelined answers go out in one write.
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

    /// Queues `range` of `bytes` without copying them, as its own step.
    mutating func appendShared(_ bytes: [UInt8], _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        pendingBytes += range.count
        items.append(.shared(bytes, range))
    }

    /// Queues a step other than bytes.
    mutating func append(_ item: Item) {
        if case .bytes(let bytes) = item {
            append(bytes)
        } else {
            items.append(item)
        }
    }

    /// Marks `count` bytes of the first item as sent.
    mutating func sent(_ count: Int) {
        offset += count
        pendingBytes -= count
        switch items.first {
        case .bytes(let bytes) where offset == bytes.count: popFirst()
        case .shared(_, let range) where offset == range.count: popFirst()
        default: break
        }
    }

    /// Replaces the first step (a deferred response that is now ready) with its bytes.
    mutating func replaceFirst(with bytes: [UInt8]) {
        items[0] = .bytes(bytes)
        pendingBytes += bytes.count
        offset = 0
        pausedUntil = nil
        if bytes.isEmpty { popFirst() }
    }

    /// Removes the first step.
    mutating func popFirst() {
        items.removeFirst()
        offset = 0
        pausedUntil = nil
    }
}
