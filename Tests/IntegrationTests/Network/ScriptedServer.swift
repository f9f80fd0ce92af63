import Foundation
import Locking
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback server that answers every request from a script, byte for byte, for what
/// MockServerKit will not send: redirects to other hosts, lying `Content-Length`s, HTML with a
/// 200, bodies without end. Each connection serves one request and closes; each request's head
/// is recorded.
final class ScriptedServer: Sendable {
    /// What to send back for one request.
    struct Reply: Sendable {
        /// The status line and headers, each ending in CRLF, without the blank line: the server
        /// adds `Connection: close` and the blank line.
        var head: String
        /// The body as sent.
        var body: [UInt8] = []
        /// Bytes of filler sent after `body`, in 64 KiB pieces, until the client goes away if
        /// `Int.max`.
        var filler = 0
        /// Whether `head` is sent exactly as written, without the `Connection: close` and blank
        /// line the server adds otherwise: for heads that never end, or that hold 1xx answers.
        var raw = false

        /// `status` with `headers` and `body`, and a `Content-Length` matching the body unless
        /// `contentLength` says otherwise.
        static func status(
            _ status: Int, _ headers: [(String, String)] = [], body: String = "", contentLength: Int? = nil
        ) -> Reply {
            let length = contentLength ?? body.utf8.count
            let lines = headers.map { "\($0.0): \($0.1)\r\n" }.joined()
            return Reply(
                head: "HTTP/1.1 \(status) Scripted\r\n\(lines)Content-Length: \(length)\r\n",
                body: Array(body.utf8))
        }
    }

    /// A request as received.
    struct Request: Sendable {
        /// The request line, such as `GET /a HTTP/1.1`.
        let line: String
        /// Header lines as `name: value`, in order.
        let headers: [String]

        /// The path of the request line.
        var path: String { line.split(separator: " ").dropFirst().first.map(String.init) ?? "" }

        /// The value of the first header called `name`, ignoring case.
        func header(_ name: String) -> String? {
            for field in headers {
                guard let colon = field.firstIndex(of: ":") else { continue }
                if field[..<colon].caseInsensitiveCompare(name) == .orderedSame {
                    return field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// The port the kernel chose.
    let port: Int
    private let listener: Int32
    private let received = Journal()
    /// Signalled once the accept thread has closed the listener.
    private let acceptEnded = DispatchSemaphore(value: 0)

    /// The requests received, shared with the connection threads.
    private final class Journal: Sendable {
        let requests = Locked<[Request]>([])
        let bytesSent = Locked(0)
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: URL {
        // A loopback URL with a number for its port always parses.
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Bytes written to clients so far (heads, bodies and filler), for back-pressure tests.
    var bytesSent: Int { received.bytesSent.withLock { $0 } }

    /// Every request so far, oldest first.
    var requests: [Request] { received.requests.withLock { $0 } }

    /// Listens on a kernel-chosen port and answers each request with `respond`.
    init(_ respond: @escaping @Sendable (Request) -> Reply) throws {
        #if canImport(Glibc)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, ready else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let received = self.received
        let acceptEnded = self.acceptEnded
        Thread {
            defer {
                close(listener)
                acceptEnded.signal()
            }
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                Thread { Self.serve(client, received: received, respond: respond) }.start()
            }
        }.start()
    }

    /// Stops accepting, and returns once the port is closed; connections in progress finish on
    /// their own. Call it once.
    func stop() {
        // `shutdown` ends the accept thread's `accept`; that thread closes the listener. Closed
        // here, its number could go to another test's socket before the thread's next `accept`,
        // which would then take that socket's connections.
        shutdown(listener, Int32(SHUT_RDWR))
        acceptEnded.wait()
    }

    private static func serve(
        _ client: Int32, received: Journal, respond: @Sendable (Request) -> Reply
    ) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            let count = read(client, &buffer, 1)
            guard count > 0 else { return }
            head.append(buffer[0])
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").filter {
            !$0.isEmpty
        }
        guard let line = lines.first else { return }
        let request = Request(line: line, headers: Array(lines.dropFirst()))
        received.requests.withLock { $0.append(request) }
        let reply = respond(request)
        let sentHead = reply.raw ? reply.head : reply.head + "Connection: close\r\n\r\n"
        guard send(Array(sentHead.utf8), to: client, counting: received),
            send(reply.body, to: client, counting: received)
        else { return }
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 65_536)
        var left = reply.filler
        while left > 0 {
            let count = min(left, piece.count)
            guard send(Array(piece[0..<count]), to: client, counting: received) else { return }
            if reply.filler != Int.max { left -= count }
        }
        // Half-close and drain, so the client reads everything before the connection ends.
        shutdown(client, Int32(SHUT_WR))
        while read(client, &buffer, buffer.count) > 0 {}
    }

    private static func send(_ bytes: [UInt8], to client: Int32, counting journal: Journal) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                #if canImport(Glibc)
                    Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(client, $0.baseAddress, $0.count, 0)
                #endif
            }
            guard written > 0 else { return false }
            offset += written
            journal.bytesSent.withLock { $0 += written }
        }
        return true
    }
}
