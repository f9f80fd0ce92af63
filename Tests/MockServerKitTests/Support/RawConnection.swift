import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A response as a test client reads it off the wire, written from docs/API.md and RFC 9112 alone.
struct WireResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of a header, by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    /// `error.code` of an error body.
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
}

/// What went wrong on a raw connection.
struct WireError: Error, CustomStringConvertible {
    let description: String
}

/// A blocking TCP connection with buffered reads and a receive timeout, for tests.
final class RawConnection {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, or to [::1]:`port` with `ipv6`.
    init(port: Int, ipv6: Bool = false, timeout: Double = TestTime.budget(seconds: 5)) throws {
        // The descriptor is stored only once connected: a class whose init throws after every
        // property is set still runs deinit, and a second close would close whatever descriptor
        // another test opened with the same number in between (a server's epoll, say).
        fd = try ipv6 ? Self.connectedIPv6(port: port) : Self.connected(port: port)
        setReceiveTimeout(timeout)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private static func connected(port: Int) throws -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw WireError(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw WireError(description: "connect failed: errno \(code)")
        }
        return fd
    }

    private static func connectedIPv6(port: Int) throws -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET6, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw WireError(description: "socket failed") }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = UInt16(port).bigEndian
        address.sin6_addr = in6addr_loopback
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw WireError(description: "connect to [::1] failed: errno \(code)")
        }
        return fd
    }

    deinit { close(fd) }

    /// Sends text as it is.
    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// How long a read waits for bytes before it gives up, in seconds.
    func setReceiveTimeout(_ timeout: Double) {
        var interval = timeval()
        interval.tv_sec = .init(timeout)
        interval.tv_usec = .init((timeout - Double(Int(timeout))) * 1e6)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends bytes as they are.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let sent = bytes.withUnsafeBytes {
                posixSend(fd, $0.baseAddress?.advanced(by: offset), bytes.count - offset, flags)
            }
            guard sent > 0 else { throw WireError(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Shuts our write side: the server sees the end of the request stream.
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Reads one response. `head`: the request was HEAD (no body follows whatever the fields say).
    func readResponse(head: Bool = false) throws -> WireResponse {
        var response: WireResponse
        repeat {
            response = try readHead()
        } while (100..<200).contains(response.status)
        if head || response.status == 204 || response.status == 304 { return response }
        if response.header("transfer-encoding")?.lowercased() == "chunked" {
            response.body = try readChunked()
        } else if let length = response.header("content-length").flatMap(Int.init) {
            response.body = try readExactly(length)
        } else {
            response.body = readToEnd()
        }
        return response
    }

    /// Reads one interim or final head.
    func readHead() throws -> WireResponse {
        let lines = try readLinesUntilBlank()
        guard let statusLine = lines.first else { throw WireError(description: "no status line") }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw WireError(description: "bad status line: \(statusLine)")
        }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                String(line[..<colon]),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        return WireResponse(status: status, headers: headers, body: [])
    }

    /// Reads until the peer closes (or the timeout), returning everything left.
    func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Whether the server closed the connection (end of stream or reset) with nothing more to read.
    func isClosed() -> Bool {
        buffer.isEmpty && !fill()
    }

    /// Reads exactly `count` bytes.
    func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard fill() else {
                throw WireError(description: "closed after \(buffer.count) of \(count) bytes")
            }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    private func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine()
            guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
                throw WireError(description: "bad chunk size \(sizeLine)")
            }
            if size == 0 {
                _ = try readLinesUntilBlank()
                return body
            }
            body += try readExactly(size)
            _ = try readLine()
        }
    }

    private func readLinesUntilBlank() throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try readLine()
            if line.isEmpty { return lines }
            lines.append(line)
        }
    }

    private func readLine() throws -> String {
        while true {
            if let end = buffer.firstIndex(of: 10) {
                guard end > 0, buffer[end - 1] == 13 else {
                    throw WireError(description: "bare LF from server")
                }
                let line = String(decoding: buffer[..<(end - 1)], as: UTF8.self)
                buffer.removeFirst(end + 1)
                return line
            }
            guard fill() else { throw WireError(description: "connection closed mid-head") }
        }
    }

    /// One read of up to 64 KiB; false on end of stream, error or timeout.
    @discardableResult
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }
}

private func posixSend(_ fd: Int32, _ base: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, base, count, flags)
}
