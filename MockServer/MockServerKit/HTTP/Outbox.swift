/// What a connection still has to do on its write side, in order: bytes, pauses and endings.
/// A queue: steps leave from the front in constant time, however many pipelined answers wait.
struct Outbox {
    /// One step of the write side.
    enum Item {
        /// Bytes to send.
        case bytes([UInt8])
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

    /// The steps; those before `start` are done.
    private var items: [Item] = []
    private var start = 0
    /// How many bytes of the first item are already sent.
    private(set) var offset = 0
    /// When the pause at the head of the queue ends, once it has started.
    var pausedUntil: UInt64?
    /// Bytes queued and not yet sent.
    private(set) var pendingBytes = 0

    /// Whether nothing is left to do.
    var isEmpty: Bool { start == items.count }

    /// The step at the head of the queue; nil when nothing is left.
    var first: Item? { isEmpty ? nil : items[start] }

    /// The step `position` places behind the head (0 is the head); nil past the end.
    func item(at position: Int) -> Item? {
        start + position < items.count ? items[start + position] : nil
    }

    /// Queues bytes. A response's head and its body are queued apart, so a cached body is sent
    /// as it is, never copied; `Connection.flush` gathers consecutive bytes into one write.
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        pendingBytes += bytes.count
        items.append(.bytes(bytes))
    }

    /// Queues a step other than bytes.
    mutating func append(_ item: Item) {
        if case .bytes(let bytes) = item {
            append(bytes)
        } else {
            items.append(item)
        }
    }

    /// Marks `count` bytes as sent, from the head of the queue on: whole byte steps leave it.
    mutating func sent(_ count: Int) {
        pendingBytes -= count
        var rest = count
        while rest > 0, case .bytes(let bytes) = first {
            let remaining = bytes.count - offset
            guard rest >= remaining else {
                offset += rest
                return
            }
            rest -= remaining
            popFirst()
        }
    }

    /// Replaces the first step (a deferred response that is now ready) with its bytes.
    mutating func replaceFirst(with bytes: [UInt8]) {
        items[start] = .bytes(bytes)
        pendingBytes += bytes.count
        offset = 0
        pausedUntil = nil
        if bytes.isEmpty { popFirst() }
    }

    /// Removes the first step.
    mutating func popFirst() {
        items[start] = .hold  // releases the step's bytes now
        start += 1
        offset = 0
        pausedUntil = nil
        if start == items.count {
            items.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 64, start * 2 >= items.count {
            items.removeFirst(start)
            start = 0
        }
    }
}
