import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations the store needs, with the store's rules built in: files are
/// created 0600 and folders 0700, a read refuses anything that is not a regular file (a FIFO
/// would hang it, `/dev/zero` would fill memory) or that is larger than a cap.
enum StoreFiles {
    /// Why a file could not be read.
    enum ReadFailure: Error {
        /// Not a regular file: a FIFO, a device, a folder.
        case notRegular
        /// Larger than the cap.
        case tooLarge(Int)
        /// The system refused; `errno`'s text.
        case system(String)
    }

    /// The bytes of the regular file at `path`, at most `limit` of them; `nil` when there is none.
    static func read(_ path: String, limit: Int) throws(ReadFailure) -> Data? {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .system(lastError())
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(lastError()) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(size) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .system(lastError()) }
            if got == 0 { break }
            count += got
            guard count <= limit else { throw .tooLarge(count) }
        }
        return Data(bytes[..<count])
    }

    /// Writes `data` to a new file at `path` (replacing one a crashed attempt left), 0600;
    /// with `durable`, on disk before this returns.
    static func write(_ data: Data, to path: String, durable: Bool) throws(ReadFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(lastError()) }
        defer { close(descriptor) }
        var written = 0
        while written < data.count {
            let done = data.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if done < 0, errno == EINTR { continue }
            guard done > 0 else { throw .system(lastError()) }
            written += done
        }
        if durable, fsync(descriptor) != 0 { throw .system(lastError()) }
    }

    /// Creates an empty file at `path`, 0600, unless one exists (which is left as it is).
    static func create(_ path: String) throws(ReadFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(lastError()) }
        close(descriptor)
    }

    /// Creates the folder at `path`, 0700, unless it exists.
    static func makeFolder(_ path: String) throws(ReadFailure) {
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw .system(lastError()) }
    }

    /// The names in the folder at `path`; none when it does not exist.
    static func names(in path: String) throws(ReadFailure) -> [String] {
        guard let folder = opendir(path) else {
            if errno == ENOENT { return [] }
            throw .system(lastError())
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Flushes the folder at `path`, so names made or removed in it survive a power cut.
    static func syncFolder(_ path: String) throws(ReadFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(lastError()) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .system(lastError()) }
    }

    /// Renames atomically.
    static func rename(_ from: String, to: String) throws(ReadFailure) {
        guard systemRename(from, to) == 0 else { throw .system(lastError()) }
    }

    /// Removes a file; one already gone is fine.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

// The C functions whose names the store's own methods shadow inside their types.
#if canImport(Glibc)
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
    private let systemRename = Glibc.rename
#elseif canImport(Musl)
    private let systemRead = Musl.read
    private let systemWrite = Musl.write
    private let systemRename = Musl.rename
#else
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
    private let systemRename = Darwin.rename
#endif
