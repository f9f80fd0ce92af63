import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes recorded stubs under a root: each file whole (an `O_EXCL | O_NOFOLLOW` temporary
/// linked to its name, never replacing a file), no link followed, nothing kept on failure.
enum StubFileWriter {
    /// A name stays free after this many tries, or the write is refused.
    static let maximumSuffix = 1_000

    static func write(_ stubs: RecordedStubs, root: URL) throws(MockServerError) -> RecordedStubs {
        if mkdir(root.path, 0o755) != 0, errno != EEXIST {
            throw MockServerError(posix: "cannot make \(root.path)")
        }
        let rootFolder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFolder >= 0 else { throw MockServerError(posix: "cannot open \(root.path)") }
        defer { close(rootFolder) }
        var written: [(folder: Int32, name: String)] = []
        var folders: [Int32] = []
        defer { for folder in folders { close(folder) } }
        do throws(MockServerError) {
            let bodies = try subfolder("__files", in: rootFolder)
            folders.append(bodies)
            let mappings = try subfolder("mappings", in: rootFolder)
            folders.append(mappings)
            var result = stubs
            var renamed: [String: String] = [:]
            for (index, file) in stubs.bodyFiles.enumerated() {
                let name = try place(file.bytes, as: file.name, in: bodies, folderName: "__files")
                if name.isNew { written.append((bodies, name.name)) }
                result.bodyFiles[index].name = name.name
                renamed[file.name] = name.name
            }
            for (index, mapping) in result.mappings.enumerated() {
                var mapping = mapping
                if let old = mapping.bodyFileName, let new = renamed[old], new != old,
                    case .object(var members) = mapping.object,
                    case .object(var response)? = members["response"]
                {
                    response["bodyFileName"] = .string(new)
                    members["response"] = .object(response)
                    mapping.object = .object(members)
                }
                let name = try place(
                    Array(mapping.json), as: mapping.fileName, in: mappings, folderName: "mappings")
                if name.isNew { written.append((mappings, name.name)) }
                mapping.fileName = name.name
                result.mappings[index] = mapping
            }
            return result
        } catch {
            for file in written { unlinkat(file.folder, file.name, 0) }
            throw error
        }
    }

    /// `name` under the root, made when missing; never a link.
    private static func subfolder(_ name: String, in root: Int32) throws(MockServerError) -> Int32 {
        if mkdirat(root, name, 0o755) != 0, errno != EEXIST {
            throw MockServerError(posix: "cannot make \(name)/")
        }
        let folder = openat(root, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            throw MockServerError("\(name)/ is not a folder (a link is never followed)")
        }
        return folder
    }

    /// Writes `bytes` as `name` in `folder`, or under `name-2`, `name-3`… when a different file
    /// has it. `isNew` is false when the same bytes were already there.
    private static func place(
        _ bytes: [UInt8], as name: String, in folder: Int32, folderName: String
    ) throws(MockServerError) -> (name: String, isNew: Bool) {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw MockServerError("\(folderName)/\(name): not a plain file name")
        }
        let temporary = ".\(name).\(UUID().uuidString.prefix(8)).tmp"
        let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw MockServerError(posix: "cannot write in \(folderName)/") }
        defer { unlinkat(folder, temporary, 0) }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: false)
        let complete = (try? handle.write(contentsOf: bytes)) != nil && fsync(file) == 0
        close(file)
        guard complete else { throw MockServerError(posix: "cannot write \(folderName)/\(name)") }
        for attempt in 1...maximumSuffix {
            let candidate = attempt == 1 ? name : suffixed(name, attempt)
            if linkat(folder, temporary, folder, candidate, 0) == 0 { return (candidate, true) }
            switch errno {
            case EEXIST:
                if holds(bytes, candidate, in: folder) { return (candidate, false) }
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
                // A file system without hard links: check, then rename (a narrow race, no link followed).
                var status = stat()
                if fstatat(folder, candidate, &status, AT_SYMLINK_NOFOLLOW) != 0, errno == ENOENT {
                    guard renameat(folder, temporary, folder, candidate) == 0 else {
                        throw MockServerError(posix: "cannot write \(folderName)/\(candidate)")
                    }
                    return (candidate, true)
                }
                if holds(bytes, candidate, in: folder) { return (candidate, false) }
            default:
                throw MockServerError(posix: "cannot write \(folderName)/\(candidate)")
            }
        }
        throw MockServerError("\(folderName)/\(name): no free name left")
    }

    /// `get-x-1a2b.json` → `get-x-1a2b-2.json`.
    static func suffixed(_ name: String, _ number: Int) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name)-\(number)" }
        return "\(name[..<dot])-\(number)\(name[dot...])"
    }

    /// Whether `name` is a regular file holding exactly `bytes`.
    private static func holds(_ bytes: [UInt8], _ name: String, in folder: Int32) -> Bool {
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            Int(status.st_size) == bytes.count
        else { return false }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: false)
        return Array((try? handle.read(upToCount: bytes.count + 1)) ?? Data()) == bytes
    }
}
