import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store's folder, opened once and checked, and every file inside it reached from that open
/// folder (`openat`), never through a link: another user cannot swap the folder after the check,
/// nor plant a link where the store will write. New files are 0600, new folders 0700.
final class StoreFolder: Sendable {
    /// The folder's path, for messages.
    let url: URL
    private let descriptor: Int32

    /// Opens the folder at `url`, creating it (0700) when missing. Refused, as `ssh` refuses such
    /// a key folder, when another non-root user owns it, or others may write to it and it is not
    /// sticky: anyone who can write there could plant files for the store to read.
    init(_ url: URL) throws {
        self.url = url
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if mkdir(url.path, 0o700) != 0, errno != EEXIST { throw Self.failure(url, "cannot be created") }
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(url, "cannot be opened") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw Self.failure(url, "cannot be read")
        }
        let othersWrite = status.st_mode & (S_IWGRP | S_IWOTH) != 0 && status.st_mode & S_ISVTX == 0
        let foreign = status.st_uid != getuid() && status.st_uid != 0
        guard !othersWrite, !foreign else {
            close(descriptor)
            throw StorageError.io(
                url,
                foreign
                    ? "is owned by another user; refusing to use it"
                    : "can be written by other users; refusing to use it (chmod go-w, or choose another)")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The bytes of the regular file `name`, at most `limit`; `nil` when there is none. A link, a
    /// FIFO or a device is refused, never followed or waited on.
    func read(_ name: String, limit: Int) throws -> Data? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw Self.failure(path(name), errno == ELOOP ? "is a link" : "cannot be read")
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw StorageError.io(path(name), "is not a regular file")
        }
        guard Int(status.st_size) <= limit else {
            throw StorageError.io(
                path(name), "is \(status.st_size) bytes, more than the \(limit) a store reads")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes {
                systemRead(file, $0.baseAddress.map { $0 + count }, $0.count - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw Self.failure(path(name), "cannot be read") }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw StorageError.io(path(name), "grew past \(limit) bytes while read") }
        return Data(bytes[..<count])
    }

    /// Writes `data` to a new file (`O_CREAT|O_EXCL|O_NOFOLLOW`, so nothing planted is written
    /// through), flushes it, and renames it to `name`; the folder is flushed last.
    func replace(_ name: String, with data: Data) throws {
        let (temporary, file) = try createTemporary(for: name)
        var written = 0
        var failed = false
        while written < data.count, !failed {
            let done = data.withUnsafeBytes {
                systemWrite(file, $0.baseAddress.map { $0 + written }, $0.count - written)
            }
            if done < 0, errno == EINTR { continue }
            if done <= 0 { failed = true } else { written += done }
        }
        if failed || fsync(file) != 0 {
            let reason = String(cString: strerror(errno))
            close(file)
            unlinkat(descriptor, temporary, 0)
            throw StorageError.io(path(name), "cannot be written: \(reason)")
        }
        close(file)
        try rename(temporary, to: name)
        try sync()
    }

    /// A new, empty file beside `name`, with a name no one else has.
    private func createTemporary(for name: String) throws -> (String, Int32) {
        while true {
            let temporary = "\(name).tmp-\(UInt64.random(in: 0...UInt64.max))"
            let file = openat(
                descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if file >= 0 { return (temporary, file) }
            if errno != EEXIST { throw Self.failure(path(name), "cannot be written") }
        }
    }

    /// Makes `existing` also known as `name` (replacing what had that name), by a hard link and a
    /// rename, so `existing` stays where it was throughout. Nothing when `existing` is missing.
    func keepCopy(of existing: String, as name: String) throws {
        let temporary = "\(name).tmp-\(UInt64.random(in: 0...UInt64.max))"
        guard linkat(descriptor, existing, descriptor, temporary, 0) == 0 else {
            if errno == ENOENT { return }
            throw Self.failure(path(name), "cannot be kept")
        }
        try rename(temporary, to: name)
        // rename(2) does nothing when both names are links to one file already (a commit killed
        // after its copy was kept): then the temporary name is still there.
        try remove(temporary)
    }

    /// Renames `from` to `to` inside the folder, atomically.
    func rename(_ from: String, to: String) throws {
        guard renameat(descriptor, from, descriptor, to) == 0 else {
            throw Self.failure(path(to), "cannot be renamed")
        }
    }

    /// Moves `name` into `quarantine/`, where nothing reads it; answers where it went, or `nil`
    /// when there was nothing to move.
    func quarantine(_ name: String) throws -> URL? {
        if mkdirat(descriptor, "quarantine", 0o700) != 0, errno != EEXIST {
            throw Self.failure(path("quarantine"), "cannot be created")
        }
        let moved = "quarantine/\(name).\(UUID().uuidString.prefix(8))"
        guard renameat(descriptor, name, descriptor, moved) == 0 else {
            if errno == ENOENT { return nil }
            throw Self.failure(path(name), "cannot be moved aside")
        }
        return path(moved)
    }

    /// Removes `name` (never what a link points at).
    func remove(_ name: String) throws {
        guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else {
            throw Self.failure(path(name), "cannot be removed")
        }
    }

    /// Creates `name` empty, 0600, unless it exists; a link there is refused, never followed.
    func create(_ name: String) throws {
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw Self.failure(path(name), "cannot be created") }
        close(file)
    }

    /// Whether `name` is a regular file (not a link, a FIFO, a folder).
    func isRegularFile(_ name: String) -> Bool {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
            && status.st_mode & S_IFMT == S_IFREG
    }

    /// What tells one version of `name` from another: a commit renames a new file into place, so
    /// the same identity means the same bytes. `nil` when there is no such file.
    func identity(_ name: String) -> FileIdentity? {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        return FileIdentity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            seconds: Int64(modified.tv_sec), nanoseconds: Int64(modified.tv_nsec))
    }

    /// Whether `name` exists, as anything (a link included).
    func contains(_ name: String) -> Bool {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// Flushes the folder, so names made or removed in it survive a power cut.
    func sync() throws {
        guard fsync(descriptor) == 0 else { throw Self.failure(url, "cannot be flushed") }
    }

    /// Takes the writers' lock, `flock(2)` on the folder itself, waiting up to `patience`; the
    /// lock is released when `body` returns. Readers take no lock.
    func withWriterLock<Result>(patience: Duration, _ body: () throws -> Result) throws -> Result {
        // A descriptor of its own: flock(2) is held per open file, so two threads of this process
        // sharing one descriptor would both hold it.
        let lock = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw Self.failure(url, "cannot be locked") }
        defer { close(lock) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                throw StorageError.locked(url)
            }
            usleep(5_000)  // a commit takes milliseconds; flock(2) itself cannot time out
        }
        return try body()
    }

    private static func failure(_ url: URL, _ what: String) -> StorageError {
        .io(url, "\(what): \(String(cString: strerror(errno)))")
    }
}

/// One version of a file, as `stat(2)` tells it.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int64
    let nanoseconds: Int64
}

// The C functions whose names the folder's own methods shadow.
#if canImport(Glibc)
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Musl)
    private let systemRead = Musl.read
    private let systemWrite = Musl.write
#else
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif
