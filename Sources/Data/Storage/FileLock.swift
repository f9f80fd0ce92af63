import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock(2)` on a lock file, held while one commit is written and released by
/// `release()` (or when the process ends), so two writers never commit at the same time.
/// Readers take no lock at all.
final class FileLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock at `url`, waiting up to `patience` for another writer to finish; then
    /// throws `StorageError.locked`.
    static func acquire(at url: URL, patience: Duration) throws -> FileLock {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StorageError.io(url, String(cString: strerror(errno))) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                close(descriptor)
                throw StorageError.locked(url)
            }
            // A commit takes milliseconds: poll, rather than block in flock(2) with no way out.
            usleep(5_000)
        }
        return FileLock(descriptor: descriptor)
    }

    /// Gives the lock back.
    func release() { close(descriptor) }
}
