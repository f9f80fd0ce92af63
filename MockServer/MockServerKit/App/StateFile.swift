import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The heroes' state in one JSON file, replaced atomically, shared by every server on it:
/// writers take `<state>.lock` in turn; a server rereads the file another replaced (`Stamp`).
struct StateFile: Sendable {
    let url: URL

    /// Which file is at `url`: each save renames a new one in.
    struct Stamp: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let seconds: Int
        let nanoseconds: Int
    }

    /// Refuses a folder others could plant files in: writable by others without the sticky
    /// bit (a sticky `/tmp` is fine), or owned by another non-root user.
    func checkFolder() throws(MockServerError) {
        let folder = url.deletingLastPathComponent().path
        var status = stat()
        guard stat(folder, &status) == 0 else {
            throw MockServerError(posix: "cannot use the state folder \(folder)")
        }
        let mode = status.st_mode
        if mode & S_IWOTH != 0, mode & S_ISVTX == 0 {
            throw MockServerError(
                configuration: "the state folder \(folder) may be written by others and is not sticky; "
                    + "choose one only you can write to")
        }
        if status.st_uid != getuid(), status.st_uid != 0 {
            throw MockServerError(
                configuration: "the state folder \(folder) belongs to another user; choose one of your own")
        }
        // The lock is opened without following links: a planted one would refuse every write.
        var lock = stat()
        if lstat(url.path + ".lock", &lock) == 0, lock.st_mode & S_IFMT != S_IFREG {
            throw MockServerError(
                configuration: "\(url.path).lock is not a regular file (a link is never followed); remove it")
        }
    }

    func stamp() -> Stamp? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        return Stamp(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
    }

    /// Takes the writers' cross-process lock, waiting up to `patience`; the descriptor for
    /// `unlock`, or nil when another still holds it.
    func lock(patience: Duration = .seconds(5)) -> Int32? {
        let fd = open(url.path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        let end = ContinuousClock.now + patience
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < end else {
                close(fd)
                return nil
            }
            usleep(1000)
        }
        return fd
    }

    func unlock(_ fd: Int32) {
        flock(fd, LOCK_UN)
        close(fd)
    }

    typealias Saved = (heroes: [HeroRecord], pictures: [String: [UInt8]], names: [String: String])

    /// Nil when there is no file yet; a corrupt file is an error, never silently replaced.
    /// Pictures come from `pictureFolder`, or base64 `pictures` as older servers wrote them.
    func load(teams: [TeamRecord]) throws(MockServerError) -> Saved? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let object = try FixtureSet.readJSON(url)
        guard let root = object as? [String: Any], root["format"] as? Int == 1, let heroes = root["heroes"],
            let encoded = root["pictures"] as? [String: String]
        else { throw MockServerError("\(url.path): not a mock server state file (format 1)") }
        let records = try FixtureSet.parseHeroes(heroes, teams: teams, file: url.path)
        var pictures: [String: [UInt8]] = [:]
        for (id, text) in encoded {
            guard let data = Data(base64Encoded: text) else {
                throw MockServerError("\(url.path): the picture of \(id) is not base64")
            }
            pictures[id] = Array(data)
        }
        let names = root["picture_files"] as? [String: String] ?? [:]
        for (id, name) in names { pictures[id] = try pictureFolder.read(name) }
        return (records, pictures, names)
    }

    var pictureFolder: PictureFolder { PictureFolder(url: URL(fileURLWithPath: url.path + ".pictures")) }

    /// A `mkstemp` file beside the target (exclusive, no links, 0600), fsynced, renamed over.
    func save(heroes: [HeroRecord], pictureNames: [String: String]) throws(MockServerError) {
        let document = Document(heroes: heroes, pictureFiles: pictureNames)
        let bytes = WireJSON.encode(document) + [UInt8(ascii: "\n")]
        // mkstemp replaces the six trailing Xs with a unique name.
        var template = Array((url.path + ".tmp-" + String(repeating: "X", count: 6)).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fd >= 0 else { throw MockServerError(posix: "cannot write \(temporary)") }
        let written = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(fd, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written, synced, rename(temporary, url.path) == 0 else {
            let error = MockServerError(posix: "cannot replace \(url.path)")
            unlink(temporary)
            throw error
        }
    }

    /// `{"format": 1, "heroes": [Hero, …], "pictures": {}, "picture_files": {id: name}}`;
    /// `pictures` (base64) stays for servers that read only it.
    private struct Document: Encodable {
        var format = 1
        let heroes: [HeroRecord]
        var pictures: [String: String] = [:]
        let pictureFiles: [String: String]

        enum CodingKeys: String, CodingKey {
            case format, heroes, pictures
            case pictureFiles = "picture_files"
        }
    }
}
