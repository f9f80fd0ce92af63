import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock(2)` on a lock file, held until the value is released or the process ends,
/// so a second process cannot write the same store at the same time.
final class FileLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock at `url` without waiting; throws `StorageError.locked` if someone has it.
    static func acquire(at url: URL) throws -> FileLock {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StorageError.io(url, String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw StorageError.locked(url)
        }
        return FileLock(descriptor: descriptor)
    }

    deinit { close(descriptor) }
}
