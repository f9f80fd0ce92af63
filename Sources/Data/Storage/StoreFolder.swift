import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store's folder, checked once; files are reached by `openat`, never through a planted link.
final class StoreFolder: Sendable {
    let url: URL
    private let descriptor: Int32

    /// Opens (or creates) the folder; refused, as `ssh` does, if others own it or may write to it.
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

    func path(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// At most `limit` bytes, or `nil`; a link or FIFO is refused.
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
        // One byte past the limit, to see a file that grew while read.
        let tooLarge = StorageError.tooLarge(path(name), limit: limit)
        guard Int(status.st_size) <= limit else { throw tooLarge }
        let bytes: Data
        do {
            bytes =
                try FileHandle(fileDescriptor: file, closeOnDealloc: false).read(upToCount: limit + 1)
                ?? Data()
        } catch {
            throw StorageError.io(path(name), "cannot be read: \(error.localizedDescription)")
        }
        guard bytes.count <= limit else { throw tooLarge }
        return bytes
    }

    /// Writes and flushes a new file, then renames it to `name`.
    func replace(_ name: String, with data: Data) throws {
        let (temporary, file) = try createTemporary(for: name)
        do {
            let handle = FileHandle(fileDescriptor: file, closeOnDealloc: false)
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            close(file)
            unlinkat(descriptor, temporary, 0)
            throw StorageError.io(path(name), "cannot be written: \(error.localizedDescription)")
        }
        close(file)
        try rename(temporary, to: name)
        try sync()
    }

    private func createTemporary(for name: String) throws -> (String, Int32) {
        while true {
            let temporary = "\(name).tmp-\(UInt64.random(in: 0...UInt64.max))"
            let file = openat(
                descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if file >= 0 { return (temporary, file) }
            if errno != EEXIST { throw Self.failure(path(name), "cannot be written") }
        }
    }

    /// Hard-links `existing` as `name`.
    func keepCopy(of existing: String, as name: String) throws {
        let temporary = "\(name).tmp-\(UInt64.random(in: 0...UInt64.max))"
        guard linkat(descriptor, existing, descriptor, temporary, 0) == 0 else {
            if errno == ENOENT { return }
            throw Self.failure(path(name), "cannot be kept")
        }
        try rename(temporary, to: name)
        // rename(2) is a no-op if both are one file already.
        try remove(temporary)
    }

    func rename(_ from: String, to: String) throws {
        guard renameat(descriptor, from, descriptor, to) == 0 else {
            throw Self.failure(path(to), "cannot be renamed")
        }
    }

    /// Moves `name`, and each `name + suffix` under the same new name, into `quarantine/`;
    /// `nil` if missing.
    func quarantine(_ name: String, with suffixes: [String] = []) throws -> URL? {
        let quarantine = try openQuarantine()
        defer { close(quarantine) }
        let moved = "\(name).\(UUID().uuidString.prefix(8))"
        guard renameat(descriptor, name, quarantine, moved) == 0 else {
            if errno == ENOENT { return nil }
            throw Self.failure(path(name), "cannot be moved aside")
        }
        for suffix in suffixes where renameat(descriptor, name + suffix, quarantine, moved + suffix) != 0 {
            guard errno == ENOENT else { throw Self.failure(path(name + suffix), "cannot be moved aside") }
        }
        return path("quarantine").appendingPathComponent(moved)
    }

    /// Opened without following a link, and refused unless a folder of this user's that no other
    /// may write to.
    private func openQuarantine() throws -> Int32 {
        if mkdirat(descriptor, "quarantine", 0o700) != 0, errno != EEXIST {
            throw Self.failure(path("quarantine"), "cannot be created")
        }
        let quarantine = openat(descriptor, "quarantine", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        var status = stat()
        guard quarantine >= 0, fstat(quarantine, &status) == 0, status.st_uid == geteuid(),
            status.st_mode & (S_IWGRP | S_IWOTH) == 0
        else {
            if quarantine >= 0 { close(quarantine) }
            throw StorageError.io(
                path("quarantine"),
                "is not a folder of yours that only you may write to; refusing to move damaged files into it")
        }
        return quarantine
    }

    /// Removes `name` (never what a link points at).
    func remove(_ name: String) throws {
        guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else {
            throw Self.failure(path(name), "cannot be removed")
        }
    }

    /// Creates `name` 0600 unless it exists.
    func create(_ name: String) throws {
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw Self.failure(path(name), "cannot be created") }
        close(file)
    }

    func holdsIrregular(_ name: String) -> Bool {
        status(name).map { $0.st_mode & S_IFMT != S_IFREG } ?? false
    }

    /// A link's own status, not its target's.
    private func status(_ name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    func names() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }

    func contains(_ name: String) -> Bool { status(name) != nil }

    /// Flushes the folder, so renames survive a power cut.
    func sync() throws {
        guard fsync(descriptor) == 0 else { throw Self.failure(url, "cannot be flushed") }
    }

    func withWriterLock<Result>(patience: Duration, _ body: () throws -> Result) throws -> Result {
        // flock(2) is per open file: each caller needs its own.
        let lock = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw Self.failure(url, "cannot be locked") }
        defer { close(lock) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                throw StorageError.locked(url)
            }
            usleep(5_000)  // flock(2) cannot time out
        }
        return try body()
    }

    private static func failure(_ url: URL, _ what: String) -> StorageError {
        .io(url, "\(what): \(String(cString: strerror(errno)))")
    }
}
