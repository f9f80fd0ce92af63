import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One collection kept as a JSON file: written atomically (temp file, fsync, rename, fsync of
/// the folder), with a
/// schema version and stable key order, locked against a second process. A file that does not
/// decode is moved aside and reported, never silently replaced.
public actor JSONFileStore<Value: Codable & Sendable> {
    /// The schema this code writes and reads.
    public static var schemaVersion: Int { 1 }

    private struct Envelope: Codable {
        let schemaVersion: Int
        let value: Value

        enum CodingKeys: String, CodingKey {
            case schemaVersion = "schema_version"
            case value
        }
    }

    private struct VersionOnly: Decodable {
        let schemaVersion: Int
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version" }
    }

    /// The file the collection lives in.
    public let url: URL
    private let lock: FileLock

    private init(url: URL, lock: FileLock) {
        self.url = url
        self.lock = lock
    }

    /// Opens the store at `url`, creating its folder, and takes its lock (`<file>.lock`).
    public static func open(at url: URL) throws -> JSONFileStore {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StorageError.io(url, "cannot create its folder: \(error.localizedDescription)")
        }
        let lock = try FileLock.acquire(at: url.appendingPathExtension("lock"))
        // Holding the lock, no write of ours is in flight: any temporary file is a crash's.
        removeLeftovers(of: url)
        return JSONFileStore(url: url, lock: lock)
    }

    /// Removes `.<name>.<uuid>.tmp` files that a write interrupted by a crash left next to `url`.
    private static func removeLeftovers(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The stored value; `nil` when there is no file yet. A corrupt file is moved aside and
    /// reported as `StorageError.corrupt`; a newer schema as `.unsupportedSchema`.
    /// A file that exists but cannot be read (permissions, a folder in its place) is
    /// `StorageError.io` naming it, never an empty store that the next write would replace.
    public func read() throws -> Value? {
        guard let data = try contents() else { return nil }
        let decoder = JSONDecoder()
        // The version first: a newer file that happens to decode must not be read, and then
        // rewritten as this version by the next update.
        if let version = try? decoder.decode(VersionOnly.self, from: data).schemaVersion,
            version > Self.schemaVersion
        {
            throw StorageError.unsupportedSchema(url, version: version)
        }
        do {
            return try decoder.decode(Envelope.self, from: data).value
        } catch {
            throw StorageError.corrupt(url, movedTo: try moveAside(), reason: Self.reason(error))
        }
    }

    /// The file's bytes, or nil when there is no file.
    private func contents() throws -> Data? {
        let descriptor = openReadOnly(url.path)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw StorageError.io(url, "cannot be read: \(String(cString: strerror(code)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw StorageError.io(url, "cannot be read: \(error.localizedDescription)")
        }
    }

    /// Replaces the stored value; readers see the old file or the new one, never half of either.
    /// The value becomes a tree that shares the records it holds (`JSONTreeEncoder`), and the
    /// tree's text goes to the file in pieces: the document is never whole in memory.
    public func write(_ value: Value) throws {
        let tree: JSONValue
        do {
            tree = try JSONTreeEncoder().encode(Envelope(schemaVersion: Self.schemaVersion, value: value))
        } catch {
            throw StorageError.io(url, "cannot encode: \(error)")
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw StorageError.io(temporary, "cannot create the temporary file")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            var writer = JSONTextWriter(layout: .pretty) { try handle.write(contentsOf: $0) }
            try writer.write(tree)
            try writer.finish()
            try handle.synchronize()  // on disk before the rename makes it visible
            guard rename(temporary.path, url.path) == 0 else {
                throw StorageError.io(url, "cannot replace: \(String(cString: strerror(errno)))")
            }
            try syncFolder()
        } catch let error as StorageError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw StorageError.io(url, "cannot write: \(error.localizedDescription)")
        }
    }

    /// Reads, changes and writes the value as one step that no other call of this store can
    /// interleave with; `body` sees `nil` when there is no file yet. Nothing is written when
    /// `body` throws or leaves `nil`.
    public func update<Result: Sendable>(_ body: @Sendable (inout Value?) throws -> Result) throws -> Result {
        var value = try read()
        let result = try body(&value)
        if let value { try write(value) }
        return result
    }

    /// Flushes the folder, so the rename itself survives a power cut, not only the file's bytes.
    private func syncFolder() throws {
        let folder = url.deletingLastPathComponent().path
        let descriptor = openReadOnly(folder)
        guard descriptor >= 0 else {
            throw StorageError.io(
                url, "cannot open its folder to sync it: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw StorageError.io(url, "cannot sync its folder: \(String(cString: strerror(errno)))")
        }
    }

    private func moveAside() throws -> URL {
        let stamp = Int(Date().timeIntervalSince1970)
        let aside = url.deletingLastPathComponent()
            .appendingPathComponent(
                "\(url.lastPathComponent).corrupt-\(stamp)-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.moveItem(at: url, to: aside)
        } catch {
            throw StorageError.io(url, "unreadable, and cannot be moved aside: \(error.localizedDescription)")
        }
        return aside
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): "not JSON: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _): "missing key \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "\(error)"
        }
    }
}

/// `open(2)` for reading; a free function because the store's own `open(at:)` hides the C one.
private func openReadOnly(_ path: String) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, O_RDONLY)
    #elseif canImport(Musl)
        Musl.open(path, O_RDONLY)
    #else
        Darwin.open(path, O_RDONLY)
    #endif
}
