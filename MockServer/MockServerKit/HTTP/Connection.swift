/// One client connection: input buffer, request being read, outbox. Loop thread only.
final class Connection {
    let fd: Int32
    private(set) var input: [UInt8] = []
    private var consumed = 0
    /// Where the search for the head's end resumes, relative to `consumed`.
    private var scanFrom = 0
    /// Empty lines skipped before the head, counted against its limit.
    private var skippedBytes = 0
    private var head: RequestHead?
    private var framing: Framing?
    private var decoder: BodyDecoder?
    var outbox = Outbox()
    /// When the current request's first byte arrived; nil between requests.
    private(set) var requestStarted: UInt64?
    var lastActivity: UInt64
    /// Set once the connection answers no more requests.
    private(set) var closing = false
    var peerClosed = false
    /// Set once our write side is shut: read and discard until then.
    var drainDeadline: UInt64?
    var watching: (read: Bool, write: Bool)?

    /// Output beyond which reading stops (a client pipelining without reading).
    static let outputHighWater = 1 << 20

    init(fd: Int32, now: UInt64) {
        self.fd = fd
        lastActivity = now
        input.reserveCapacity(4096)
    }

    /// Whether unparsed input may hold another request.
    var hasUnparsedInput: Bool { !closing && drainDeadline == nil && consumed < input.count }

    /// Whether `processInput` left input unread, so the loop gives another turn without new bytes.
    private(set) var hasUntriedInput = false

    var lastTurn = 0

    /// A complete request the handler put off to a later turn, with what its answer needs.
    private var held: (head: RequestHead, framing: Framing, request: ServerRequest)?

    /// Whether a request waits for a turn with time to match it; it reads nothing meanwhile.
    var isHeld: Bool { held != nil }

    /// Appends received bytes (dropped once closing).
    func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        lastActivity = now
        guard !closing else { return }
        input.append(contentsOf: bytes)
    }

    /// Answers at most one complete request, so pipelining cannot hold the loop.
    /// `pipelined`: read in an earlier turn; the client may have gone since.
    func processInput(
        handler: any RequestHandler, turn: TurnBudget, dates: DateCache, now: UInt64, pipelined: Bool = false
    ) {
        hasUntriedInput = false
        defer { compact() }
        if let held {
            self.held = nil
            answer(
                held.request, head: held.head, framing: held.framing, handler: handler, turn: turn,
                dates: dates)
            hasUntriedInput = hasUnparsedInput
            return
        }
        while !closing {
            guard outbox.pendingBytes < Self.outputHighWater else {
                hasUntriedInput = consumed < input.count
                return
            }
            if head == nil {
                skipEmptyLines()
                guard skippedBytes <= HeadParser.maximumHeadBytes else {
                    fail(HTTPFailure(status: 431, message: "the head is over 16 KiB"), dates: dates)
                    break
                }
                guard consumed < input.count else { break }
                // After the client's end of stream, answer once earlier answers are sent, and not at
                // all if it reset them: it reads nothing more.
                if peerClosed, !outbox.isEmpty {
                    hasUntriedInput = true
                    return
                }
                if peerClosed || pipelined, Socket.hasPendingError(fd) {
                    closing = true
                    return
                }
                if requestStarted == nil { requestStarted = now }
                guard readHead(dates: dates) else { break }
            }
            guard let head, let framing, var body = decoder else { continue }
            decoder = nil  // keeps the body array uniquely referenced while it grows
            do {
                let used = try input.withUnsafeBufferPointer { buffer throws(HTTPFailure) in
                    try body.feed(UnsafeBufferPointer(rebasing: buffer[consumed...]))
                }
                consumed += used
            } catch {
                fail(error, dates: dates)
                break
            }
            guard body.isComplete else {
                decoder = body
                break
            }
            self.head = nil
            self.framing = nil
            requestStarted = nil
            dispatch(head, framing: framing, body: body.body, handler: handler, turn: turn, dates: dates)
            hasUntriedInput = hasUnparsedInput
            return
        }
    }

    /// 408 and close: the request took too long.
    func timeOut(dates: DateCache) {
        fail(HTTPFailure(status: 408, message: "the request took too long to arrive"), dates: dates)
    }

    /// Reads the head if complete; false when more bytes are needed or on failure.
    private func readHead(dates: DateCache) -> Bool {
        do {
            let parsed = try input.withUnsafeBufferPointer { buffer throws(HTTPFailure) -> RequestHead? in
                let rest = UnsafeBufferPointer(rebasing: buffer[consumed...])
                guard
                    let (head, length) = try HeadParser.read(rest, scanFrom: &scanFrom, before: skippedBytes)
                else { return nil }
                consumed += length
                return head
            }
            guard let parsed else { return false }
            scanFrom = 0
            skippedBytes = 0
            let framing = try Framing(parsed)
            head = parsed
            self.framing = framing
            decoder = BodyDecoder(framing.body)
            if framing.expectsContinue, consumed == input.count {
                outbox.append(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            return true
        } catch {
            fail(error, dates: dates)
            return false
        }
    }

    /// Skips empty lines before a request line (RFC 9112 §2.2).
    private func skipEmptyLines() {
        while input.count - consumed >= 2, input[consumed] == 13, input[consumed + 1] == 10 {
            consumed += 2
            skippedBytes += 2
            scanFrom = 0
        }
    }

    private func compact() {
        if consumed == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 65_536)
            consumed = 0
        } else if consumed > 32_768 {
            input.removeFirst(consumed)
            consumed = 0
        }
    }

    private func dispatch(
        _ head: RequestHead, framing: Framing, body: [UInt8], handler: any RequestHandler, turn: TurnBudget,
        dates: DateCache
    ) {
        guard let (path, query) = Self.splitTarget(head.target) else {
            fail(HTTPFailure(status: 400, message: "the request target is not a path"), dates: dates)
            return
        }
        let request = ServerRequest(
            method: HTTPMethod(head.method), path: path, query: query, fields: head.fields, body: body)
        answer(request, head: head, framing: framing, handler: handler, turn: turn, dates: dates, held: false)
    }

    /// Asks the handler; a request it puts off is held for a later turn.
    private func answer(
        _ request: ServerRequest, head: RequestHead, framing: Framing, handler: any RequestHandler,
        turn: TurnBudget, dates: DateCache, held wasHeld: Bool = true
    ) {
        // Taken apart as it comes, so the response is moved, not copied.
        guard case .some((var response, let delivery)) = handler.handle(request, turn: turn, held: wasHeld)
        else {
            held = (head, framing, request)
            return
        }
        let keepAlive = framing.keepAlive && !response.closesConnection && !peerClosed
        if keepAlive, head.minorVersion == 0 {
            // An HTTP/1.0 client only keeps the connection when the answer says so.
            response.fields.append(HTTPField(name: "Connection", value: "keep-alive"))
        }
        enqueue(
            response, delivery: delivery, isHead: head.method == "HEAD", keepAlive: keepAlive, dates: dates)
        if !keepAlive || !delivery.mode.keepsConnection { closing = true }
    }

    private func fail(_ failure: HTTPFailure, dates: DateCache) {
        let response = ErrorBody.response(status: failure.status, message: failure.message)
        enqueue(response, delivery: Delivery(), isHead: false, keepAlive: false, dates: dates)
        closing = true
        head = nil
        decoder = nil
        requestStarted = nil
    }

    /// Origin or absolute form into path and query.
    static func splitTarget(_ target: String) -> (Substring, Substring?)? {
        // Origin form, the usual one: the `?` found in the string's contiguous bytes.
        let utf8 = target.utf8
        if utf8.first == UInt8(ascii: "/"),
            let found = utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: UInt8(ascii: "?")) })
        {
            guard let offset = found else { return (Substring(target), nil) }
            let mark = utf8.index(utf8.startIndex, offsetBy: offset)
            return (target[..<mark], target[utf8.index(after: mark)...])
        }
        var rest = Substring(target)
        if rest.utf8.first != UInt8(ascii: "/") {
            let lowered = rest.prefix(8).lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
                let schemeEnd = rest.range(of: "://")
            else { return nil }
            rest = rest[schemeEnd.upperBound...]
            guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return ("/", nil) }
            rest = rest[slash...]
            if rest.hasPrefix("?") { return ("/", rest.dropFirst()) }
        }
        // Bytes, not characters: a target is ASCII, and this runs per request.
        guard let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (rest, nil) }
        return (rest[..<mark], rest[rest.utf8.index(after: mark)...])
    }
}
