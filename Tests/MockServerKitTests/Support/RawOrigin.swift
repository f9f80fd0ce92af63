import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP origin on raw sockets, for what a real server will not do on demand: redirect,
/// gzip, stall, send too much. Each connection's request is read (head and `Content-Length`
/// body), kept, and answered as `reply` says; a thread per connection.
final class RawOrigin: Sendable {
    enum Reply: Sendable {
        /// These bytes, then close.
        case bytes([UInt8])
        /// The head once, then a byte every `milliseconds` until the client leaves.
        case endless(head: String, milliseconds: Int)
        /// Nothing until the client leaves.
        case silence
        /// These bytes, then nothing until the client leaves: the connection stays open.
        case bytesThenSilence([UInt8])
        /// `head` once, then `piece` again and again, as fast as the client takes it, until it leaves.
        case flood(head: [UInt8], piece: [UInt8])
    }

    let port: Int
    private let listener: Int32
    private let requests = RequestLog()
    private let reply: @Sendable (String) -> Reply
    /// Signalled once the accept thread has closed the listener.
    private let acceptEnded = DispatchSemaphore(value: 0)

    /// Listens on 127.0.0.1, a free port; `reply` gets each request's text (head and body).
    init(_ reply: @escaping @Sendable (String) -> Reply) throws {
        self.reply = reply
        (listener, port) = try loopbackSocket(listening: true)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:PORT`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Each request's text, in arrival order.
    var received: [String] { requests.all }

    /// Stops accepting, and returns once the port is closed; connections in progress end when
    /// their clients leave. Call it once.
    func stop() {
        // `shutdown` ends the accept thread's `accept`; that thread closes the listener. Closed
        // here, its number could go to another test's socket before the thread's next `accept`,
        // which would then take that socket's connections and answer them with this reply.
        shutdown(listener, Int32(SHUT_RDWR))
        acceptEnded.wait()
    }

    private func acceptLoop() {
        defer {
            close(listener)
            acceptEnded.signal()
        }
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var input: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = Self.requestEnd(input) {
                input = Array(input[..<end])
                break
            }
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            input += chunk[..<count]
        }
        let text = String(decoding: input, as: UTF8.self)
        requests.append(text)
        switch reply(text) {
        case .bytes(let bytes):
            Self.send(client, bytes)
            shutdown(client, Int32(SHUT_WR))
            while chunk.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, 0) }) > 0 {}
        case .endless(let head, let milliseconds):
            guard Self.send(client, Array(head.utf8)) else { return }
            while Self.send(client, [UInt8(ascii: "x")]) { usleep(UInt32(milliseconds * 1000)) }
        case .silence:
            while chunk.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, 0) }) > 0 {}
        case .bytesThenSilence(let bytes):
            guard Self.send(client, bytes) else { return }
            while chunk.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, 0) }) > 0 {}
        case .flood(let head, let piece):
            guard Self.send(client, head) else { return }
            while Self.send(client, piece) {}
        }
    }

    /// Where a whole request ends (its head and `Content-Length` body), or nil.
    private static func requestEnd(_ input: [UInt8]) -> Int? {
        let marker: [UInt8] = Array("\r\n\r\n".utf8)
        guard input.count >= 4,
            let headEnd = (0...(input.count - 4)).first(where: { Array(input[$0..<$0 + 4]) == marker })
        else { return nil }
        let head = String(decoding: input[..<headEnd], as: UTF8.self).lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        let end = headEnd + 4 + length
        return input.count >= end ? end : nil
    }

    @discardableResult
    private static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(fd, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// A whole response: status line, `fields`, `Content-Length`, body.
    static func response(
        _ status: Int, _ fields: [(String, String)] = [], body: [UInt8] = []
    ) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Status\r\n"
        for (name, value) in fields { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(text.utf8) + body
    }
}

/// The requests a `RawOrigin` received, from its connection threads.
// @unchecked: `texts` is only touched with `lock` held.
private final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []

    func append(_ text: String) { lock.withLock { texts.append(text) } }

    var all: [String] { lock.withLock { texts } }
}
