import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 server on loopback that answers every request with `size` bytes from one
/// 64 KiB buffer, so that whatever memory a download uses belongs to the client.
enum StreamingServer {
    /// Listens on a kernel-chosen port and serves `size` bytes on a thread of its own; returns the port.
    static func start(size: Int) throws -> Int {
        try start { client in serve(client, size: size) }
    }

    /// Serves `body` with `headers` (each line ending in CRLF) to every request; returns the port.
    static func start(body: [UInt8], headers: String) throws -> Int {
        try start { client in
            guard readHead(client) else { return }
            let head =
                "HTTP/1.1 200 OK\r\n\(headers)Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            guard writeAll(client, Array(head.utf8)) else { return }
            _ = writeAll(client, body)
        }
    }

    private static func start(serving serve: @escaping @Sendable (Int32) -> Void) throws -> Int {
        #if canImport(Glibc)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw BenchmarkError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw BenchmarkError("bind/listen failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                serve(client)
                close(client)
            }
        }
        thread.start()
        return port
    }

    private static func readHead(_ client: Int32) -> Bool {
        var request = [UInt8](repeating: 0, count: 16 * 1024)
        var received: [UInt8] = []
        while !received.ends(with: Array("\r\n\r\n".utf8)) {
            let count = read(client, &request, request.count)
            guard count > 0 else { return false }
            received += request[0..<count]
        }
        return true
    }

    private static func serve(_ client: Int32, size: Int) {
        guard readHead(client) else { return }
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(size)\r\n"
            + "Connection: close\r\n\r\n"
        guard writeAll(client, Array(head.utf8)) else { return }
        let chunk = [UInt8](repeating: 0x5A, count: 64 * 1024)
        var remaining = size
        while remaining > 0 {
            let piece = min(remaining, chunk.count)
            guard writeAll(client, Array(chunk[0..<piece])) else { return }
            remaining -= piece
        }
    }

    private static func writeAll(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

/// A benchmark that could not run.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
