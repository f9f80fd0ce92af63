#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX socket calls; every descriptor is non-blocking.
enum Socket {
    /// A listening socket with `SO_REUSEADDR` (so a restart on the port works at once) and
    /// the port bound (for port 0).
    static func listen(host: String, port: Int, backlog: Int32) throws(MockServerError) -> (
        fd: Int32, port: Int
    ) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw MockServerError("cannot resolve host \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, streamType, 0)
        guard fd >= 0 else { throw MockServerError(posix: "socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let error = MockServerError(posix: "cannot bind \(host):\(port)")
            close(fd)
            throw error
        }
        guard posixListen(fd, backlog) == 0 else {
            let error = MockServerError(posix: "listen")
            close(fd)
            throw error
        }
        setNonBlocking(fd)
        return (fd, boundPort(fd))
    }

    /// A pending connection, non-blocking with `TCP_NODELAY`; nil when none.
    static func accept(_ listener: Int32) -> Int32? {
        let fd = posixAccept(listener, nil, nil)
        guard fd >= 0 else { return nil }
        setNonBlocking(fd)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            // Darwin has no MSG_NOSIGNAL: the socket itself must not raise SIGPIPE.
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// EMFILE or ENFILE.
    static var lastFailureWasDescriptorLimit: Bool {
        errno == EMFILE || errno == ENFILE
    }

    /// Sends without raising SIGPIPE: the count sent, 0 when full, nil when the peer is gone.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let sent = posixSend(fd, base, bytes.count, noSignal)
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
    }

    /// The count read, 0 for end of stream, nil when nothing is available yet, -1 for an error.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let count = recv(fd, buffer.baseAddress, buffer.count, 0)
        if count >= 0 { return count }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? nil : -1
    }

    /// Whether the peer answered our bytes with a reset (it closed, not only shut writing).
    static func hasPendingError(_ fd: Int32) -> Bool {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) != 0 || code != 0
    }

    /// Half-closes: the peer sees the response end, and we can still read.
    static func shutdownWrite(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// The peer sees a TCP reset, not an orderly end.
    static func reset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(fd)
    }

    static func close(_ fd: Int32) {
        _ = posixClose(fd)
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return 0 }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let noSignal: Int32 = 0
    #endif
}

// Renamed so the static methods above do not shadow the C functions.
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func posixAccept(
    _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 { accept(fd, address, length) }
private func posixSend(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, base, count, flags)
}
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
