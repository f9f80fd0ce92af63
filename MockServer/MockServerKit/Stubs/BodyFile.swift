import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a stub's `bodyFileName` inside `__files`, each folder opened `O_NOFOLLOW` from the
/// last (`openat`), so no planted link leads outside; only regular files.
enum BodyFile {
    static let maximumBytes = 64 * 1024 * 1024

    /// The bytes of `relative` (checked: relative, no `..`) in `folder`, or why not. `share` gets
    /// the file's identity and a reader, and returns the bytes, read now or kept.
    static func read(
        _ relative: String, in folder: URL,
        share: (BodyFolder.Identity, () -> [UInt8]) -> [UInt8] = { $1() }
    ) -> Result<[UInt8], BodyFileError> {
        var directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else {
            return .failure(BodyFileError("no readable folder \(folder.lastPathComponent)"))
        }
        let parts = relative.split(separator: "/").map(String.init)
        for part in parts.dropLast() {
            let next = openat(directory, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(directory)
            guard next >= 0 else {
                return .failure(BodyFileError("__files/\(relative): \(part) is not a folder inside __files"))
            }
            directory = next
        }
        // O_NONBLOCK: a FIFO planted at the name must not hold the load; it is refused below.
        let file = openat(directory, parts.last ?? "", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        let openError = errno
        close(directory)
        guard file >= 0 else {
            let reason =
                switch openError {
                case ENOENT: ""
                case ELOOP: " (a symbolic link, which is never followed)"
                default: " (\(String(cString: strerror(openError))))"
                }
            return .failure(BodyFileError("no readable file __files/\(relative)\(reason)"))
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(BodyFileError("__files/\(relative) is not a regular file"))
        }
        guard Int(status.st_size) <= maximumBytes else {
            return .failure(
                BodyFileError("__files/\(relative) is larger than \(maximumBytes / 1024 / 1024) MiB"))
        }
        #if canImport(Darwin)
            let modified =
                Int(status.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtimespec.tv_nsec)
        #else
            let modified = Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
        #endif
        let identity = BodyFolder.Identity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int(status.st_size),
            modified: modified)
        return .success(share(identity) { readAll(file, size: Int(status.st_size)) })
    }

    private static func readAll(_ file: Int32, size: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { systemRead(file, $0 + offset, raw.count - offset) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        return offset == bytes.count ? bytes : Array(bytes.prefix(offset))
    }
}

/// `read(2)`, named apart from `BodyFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

struct BodyFileError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
