import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket bound to a free port of 127.0.0.1, listening or not; its owner closes it. One
/// that does not listen refuses every connection, and no other test can take its port meanwhile.
func loopbackSocket(listening: Bool) throws -> (descriptor: Int32, port: Int) {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 64) == 0)
                && getsockname(descriptor, $0, &length) == 0
        }
    }
    guard descriptor >= 0, bound else {
        if descriptor >= 0 { close(descriptor) }
        throw WireError(description: "could not bind a socket to 127.0.0.1")
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}
