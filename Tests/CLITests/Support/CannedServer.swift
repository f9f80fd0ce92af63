import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A hostile HTTP server for one test: it reads each request head and answers every one with
/// the same canned bytes (plus `body` repeated `repeats` times), then closes. It speaks no
/// contract on purpose.
final class CannedServer: Sendable {
    /// Where it listens.
    let url: URL
    private let listener: Int32
    /// Signalled once the accept thread has closed the listener.
    private let acceptEnded = DispatchSemaphore(value: 0)

    init(head: String, body: Data = Data(), repeats: Int = 1) throws {
        let head = head.replacingOccurrences(of: "LENGTH", with: "\(body.count * repeats)")
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
            throw CannedServerError()
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw CannedServerError() }
        self.url = url
        listener = descriptor
        let response = Data(head.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let acceptEnded = self.acceptEnded
        Thread {
            defer {
                close(descriptor)
                acceptEnded.signal()
            }
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                Thread {
                    Self.serve(connection, response: response, body: body, repeats: repeats)
                }.start()
            }
        }.start()
    }

    deinit {
        // `shutdown` ends the accept thread's `accept`; that thread closes the listener. Closed
        // here, its number could go to another socket before the thread's next `accept`.
        shutdown(listener, Int32(SHUT_RDWR))
        acceptEnded.wait()
    }

    /// A server that accepts, reads the request and never answers, until the client leaves.
    static func stalling() throws -> CannedServer { try CannedServer(head: "") }

    private static func serve(_ connection: Int32, response: Data, body: Data, repeats: Int) {
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var received = Data()
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[..<count])
        }
        guard !response.isEmpty else {
            while read(connection, &buffer, buffer.count) > 0 {}
            return
        }
        var sent = send(connection, response, flags: 0)
        for _ in 0..<repeats where sent { sent = send(connection, body, flags: 0) }
    }

    private static func send(_ connection: Int32, _ data: Data, flags: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.send(
                    connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}

struct CannedServerError: Error {}
