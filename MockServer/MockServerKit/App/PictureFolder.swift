import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A state file's pictures, one file each, so a hero change rewrites no picture. Opened with
/// `O_NOFOLLOW`: a planted link is refused.
struct PictureFolder: Sendable {
    let url: URL

    /// The most one picture file may hold: the upload limit.
    static let maximumBytes = 5 << 20

    /// The bytes of `name`; an error naming it when it is missing, a link, or too large.
    func read(_ name: String) throws(MockServerError) -> [UInt8] {
        let folder = try openFolder(creating: false)
        defer { close(folder) }
        try Self.check(name)
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { throw MockServerError(posix: "cannot read \(url.path)/\(name)") }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            Int(status.st_size) <= Self.maximumBytes
        else {
            throw MockServerError("\(url.path)/\(name): not a regular file of at most 5 MiB")
        }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: false)
        do {
            return Array(try handle.read(upToCount: Self.maximumBytes) ?? Data())
        } catch {
            throw MockServerError("cannot read \(url.path)/\(name): \(error.localizedDescription)")
        }
    }

    /// Writes `bytes` as `name` whole (a temporary file, exclusive, fsynced, renamed over).
    func write(_ bytes: [UInt8], as name: String) throws(MockServerError) {
        try Self.check(name)
        let folder = try openFolder(creating: true)
        defer { close(folder) }
        let temporary = ".\(name).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw MockServerError(posix: "cannot write in \(url.path)") }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: false)
        let complete = (try? handle.write(contentsOf: bytes)) != nil && fsync(file) == 0
        close(file)
        guard complete, renameat(folder, temporary, folder, name) == 0 else {
            let error = MockServerError(posix: "cannot write \(url.path)/\(name)")
            unlinkat(folder, temporary, 0)
            throw error
        }
    }

    /// Removes the pictures no hero names any more (best effort).
    func keepOnly(_ names: Set<String>) {
        guard let folder = try? openFolder(creating: false) else { return }
        defer { close(folder) }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        where !names.contains(name) && (name.hasSuffix(".png") || name.hasSuffix(".tmp")) {
            unlinkat(folder, name, 0)
        }
    }

    private func openFolder(creating: Bool) throws(MockServerError) -> Int32 {
        if creating, mkdir(url.path, 0o700) != 0, errno != EEXIST {
            throw MockServerError(posix: "cannot make \(url.path)")
        }
        let folder = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            throw MockServerError(posix: "cannot open \(url.path) (a link is never followed)")
        }
        return folder
    }

    /// A plain name in the folder, as this server writes them.
    private static func check(_ name: String) throws(MockServerError) {
        guard !name.isEmpty, name.utf8.count <= 255, !name.contains("/"), !name.hasPrefix(".") else {
            throw MockServerError("a picture file name must be a plain name, not '\(name)'")
        }
    }
}
