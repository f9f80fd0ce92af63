import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-connection loopback server that answers with a body of unknown length (no
/// `Content-Length`, closed at the end), which MockServerKit never does: the case where a
/// transfer's total is unknown and progress is indeterminate.
enum UnsizedBodyServer {
    /// Listens on a kernel-chosen port, serves one request on a thread of its own, and returns the port.
    static func serveOnce(body: [UInt8]) throws -> Int {
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
                bind(listener, $0, length) == 0 && listen(listener, 4) == 0
                    && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, ready else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        Thread {
            defer { close(listener) }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            var buffer = [UInt8](repeating: 0, count: 8192)
            var head: [UInt8] = []
            while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
                let count = read(client, &buffer, buffer.count)
                guard count > 0 else { return }
                head += buffer[0..<count]
            }
            let response = Array(
                "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n".utf8)
            for piece in [response]
                + stride(from: 0, to: body.count, by: 16_384).map({
                    Array(body[$0..<min($0 + 16_384, body.count)])
                })
            {
                var offset = 0
                while offset < piece.count {
                    let written = piece[offset...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }.start()
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
