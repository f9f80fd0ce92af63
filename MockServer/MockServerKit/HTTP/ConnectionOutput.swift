/// What a connection's write side needs next.
enum FlushOutcome {
    case idle
    /// The socket is full: wait until writable.
    case blocked
    /// A pause runs until this monotonic time.
    case paused(until: UInt64)
    /// Held forever (`stall`).
    case held
    /// Write side shut; drain the input, then close.
    case draining
    case reset
    /// The peer is gone.
    case failed
}

extension Connection {
    /// Bodies larger than this are queued shared rather than copied after the head.
    static let sharedBodyBytes = 16_384

    func enqueue(
        _ response: ServerResponse, delivery: Delivery, isHead: Bool, keepAlive: Bool, dates: DateCache
    ) {
        if let deferred = delivery.deferred {
            // Its own close comes with it when it is rendered.
            outbox.append(.deferred(deferred, keepAlive: keepAlive, isHead: isHead))
            return
        }
        Self.append(
            response, delayMilliseconds: delivery.delayMilliseconds, mode: delivery.mode, isHead: isHead,
            keepAlive: keepAlive, date: dates.now(), to: &outbox)
    }

    /// Queues a response's bytes, pauses and ending as its delivery says.
    static func append(
        _ response: ServerResponse, delayMilliseconds: Int, mode: Delivery.Mode, isHead: Bool,
        keepAlive: Bool, date: String, to outbox: inout Outbox
    ) {
        if case .normal = mode, keepAlive, !isHead, ResponseEncoder.hasBody(response.status),
            let prebuilt = response.prebuilt
        {
            // A cached body's 200: the same bytes for every request this second.
            if delayMilliseconds > 0 {
                outbox.append(.pause(UInt64(delayMilliseconds) * 1_000_000))
            }
            outbox.append(
                prebuilt.whole(date: date) {
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(256 + response.body.count)
                    ResponseEncoder.appendHead(
                        response, bodyLength: response.body.count, keepAlive: true, date: date, to: &bytes)
                    bytes.append(contentsOf: response.body)
                    return bytes
                })
            return
        }
        var head: [UInt8] = []
        head.reserveCapacity(256 + min(response.body.count, Self.sharedBodyBytes))
        ResponseEncoder.appendHead(
            response, bodyLength: response.body.count, keepAlive: keepAlive, date: date, to: &head)
        let body = isHead || !ResponseEncoder.hasBody(response.status) ? [] : response.body
        if delayMilliseconds > 0 {
            outbox.append(.pause(UInt64(delayMilliseconds) * 1_000_000))
        }
        switch mode {
        case .normal:
            if body.count > Self.sharedBodyBytes {
                // A large body (a stub's file) is sent from the stub's bytes, not a copy.
                outbox.append(head)
                outbox.appendShared(body, body.indices)
            } else {
                head.append(contentsOf: body)
                outbox.append(head)
            }
            if !keepAlive { outbox.append(.close) }
        case .reset:
            outbox.append(.reset)
        case .closeBeforeHeaders:
            outbox.append(.close)
        case .truncateBody(let count):
            outbox.append(head)
            outbox.appendShared(body, 0..<min(count, body.count))
            outbox.append(.close)
        case .stall:
            outbox.append(.hold)
        case .bodyWithoutHeadThenClose:
            outbox.append(response.body)
            outbox.append(.close)
        case .trickle(let pauseMilliseconds, let pieces):
            outbox.append(head)
            // Exactly `pieces` pieces (some empty for a short body), so the pauses add up
            // to what was asked for.
            let count = body.isEmpty ? 0 : max(1, pieces)
            for piece in 0..<count {
                outbox.append(.pause(UInt64(pauseMilliseconds) * 1_000_000))
                outbox.appendShared(body, piece * body.count / count..<(piece + 1) * body.count / count)
            }
            if !keepAlive { outbox.append(.close) }
        }
    }

    /// Bytes one connection may send per loop turn, so large bodies cannot hold the loop.
    static let bytesPerTurn = 1 << 20

    /// Sends up to `bytesPerTurn`; says what the write side waits for.
    func flush(now: UInt64, dates: DateCache) -> FlushOutcome {
        var allowance = Self.bytesPerTurn
        while let item = outbox.items.first {
            switch item {
            case .bytes(let bytes), .shared(let bytes, _):
                guard allowance > 0 else { return .blocked }
                var range = bytes.indices
                if case .shared(_, let part) = item { range = part }
                let start = range.lowerBound + outbox.offset
                let end = min(range.upperBound, start + allowance)
                let result = bytes.withUnsafeBytes { buffer in
                    Socket.send(fd, UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
                }
                guard let sent = result else { return .failed }
                if sent == 0 { return .blocked }
                lastActivity = now
                allowance -= sent
                outbox.sent(sent)
            case .pause(let length):
                let deadline = outbox.pausedUntil ?? now + length
                outbox.pausedUntil = deadline
                if now < deadline { return .paused(until: deadline) }
                outbox.popFirst()
            case .close:
                outbox.popFirst()
                Socket.shutdownWrite(fd)
                return .draining
            case .reset:
                return .reset
            case .hold:
                return .held
            case .deferred(let deferred, let keepAlive, let isHead):
                let deadline = outbox.pausedUntil ?? now + UInt64(deferred.timeoutMilliseconds) * 1_000_000
                outbox.pausedUntil = deadline
                guard deferred.isReady() || now >= deadline else { return .paused(until: deadline) }
                var steps = Outbox()
                Self.append(
                    deferred.render(), delayMilliseconds: deferred.delayMilliseconds, mode: deferred.mode,
                    isHead: isHead, keepAlive: keepAlive, date: dates.now(), to: &steps)
                outbox.replaceFirst(with: steps)
            }
        }
        return .idle
    }
}
