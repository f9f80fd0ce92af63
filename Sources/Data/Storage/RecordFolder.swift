import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of JSON records, one file each, where every commit is one generation:
///
///     manifest.json          {"generation": 7, "installing": {"hero-0007": 7}, "schema_version": 2}
///     records/<key>.json     {"generation": 5, "value": …}, or {"deleted": true, "generation": 6}
///     records/<key>.7.json   commit 7's version of a record it replaces, until it is renamed over
///     txn/7.json             what commit 7 writes: the keys it creates and the keys it replaces
///     lock                   flock(2), held by a writer while it commits
///
/// A record's file holds the generation that wrote it. A reader reads the manifest, then each
/// record: one of a later generation is not part of the state it is reading. A commit writes the
/// records it creates in place (no reader takes a newer new record for its own), and the records
/// it replaces beside the old ones, renames a manifest naming those into place (the commit point:
/// readers then take the named versions), renames them over the old ones, and drops them from the
/// manifest. A reader that meets a record newer than its manifest while the manifest has moved on
/// reads again from the new one, so a read sees one commit whole. A crashed commit is finished,
/// or undone, by the next writer from its `txn` file before anything else happens. (Committing
/// and that recovery are in RecordFolder+Commit.swift.)
final class RecordFolder: Sendable {
    /// The layout this code writes; a newer one is refused for reads and writes alike.
    static let schemaVersion = 2
    /// The largest record file read; anything bigger is damage, not data.
    static let recordSizeLimit = 16 << 20
    /// A commit that writes more files than this flushes the file system once (`sync`) instead of
    /// each file: a first sync of 10,000 heroes would otherwise wait for 10,000 flushes.
    static let fileByFileFlushLimit = 24

    let url: URL
    let manifestPath: String
    let recordsPath: String
    let transactionsPath: String
    let lockURL: URL
    /// Told about a record that was damaged and moved aside.
    private let report: @Sendable (StorageError) -> Void

    /// The manifest: the last commit, and the records it replaced that may not be renamed over
    /// their old versions yet.
    struct Manifest: Codable {
        var schemaVersion: Int
        var generation: Int
        var installing: [String: Int]?

        enum CodingKeys: String, CodingKey {
            case schemaVersion = "schema_version"
            case generation, installing
        }
    }

    /// A record's file: the generation that wrote it, and its value or that it was deleted. A
    /// deleted record keeps its file, so a reader of an older state can tell it went.
    private struct Envelope<Value: Decodable>: Decodable {
        var generation: Int
        var deleted: Bool?
        var value: Value?
    }

    /// Opens (creating it, 0700) the folder at `url` and checks its schema.
    /// - Throws: `StorageError.unsupportedSchema` for a newer layout, `.corrupt` when the manifest
    ///   is damaged (the folder is moved aside first), `.io` when the folder cannot be made.
    init(at url: URL, report: @escaping @Sendable (StorageError) -> Void) throws {
        self.url = url
        self.report = report
        manifestPath = url.appendingPathComponent("manifest.json").path
        recordsPath = url.appendingPathComponent("records").path
        transactionsPath = url.appendingPathComponent("txn").path
        lockURL = url.appendingPathComponent("lock")
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try makeFolders()
        } catch {
            throw StorageError.io(url, "cannot create the store's folder: \(error)")
        }
        _ = try manifest()
    }

    private func makeFolders() throws {
        try StoreFiles.makeFolder(url.path)
        try StoreFiles.makeFolder(recordsPath)
        try StoreFiles.makeFolder(transactionsPath)
    }

    /// Whether a commit was ever made here.
    var isEmpty: Bool {
        get throws { try manifest().generation == 0 }
    }

    // MARK: Reading

    /// The last commit's manifest (generation 0 when none was made). A damaged one moves the
    /// folder aside; a newer schema's is refused.
    func manifest() throws -> Manifest {
        let manifestURL = URL(fileURLWithPath: manifestPath)
        let data: Data
        do {
            guard let bytes = try StoreFiles.read(manifestPath, limit: Self.recordSizeLimit) else {
                return Manifest(schemaVersion: Self.schemaVersion, generation: 0)
            }
            data = bytes
        } catch .system(let reason) {
            throw StorageError.io(manifestURL, "cannot be read: \(reason)")
        } catch {
            throw StorageError.corrupt(manifestURL, movedTo: try moveAside(), reason: error.reason)
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw StorageError.corrupt(
                manifestURL, movedTo: try moveAside(), reason: StorageError.reason(error))
        }
        guard manifest.schemaVersion <= Self.schemaVersion else {
            throw StorageError.unsupportedSchema(manifestURL, version: manifest.schemaVersion)
        }
        return manifest
    }

    /// Runs `body` against the last commit; when a concurrent commit replaces a record under it,
    /// runs it again against the new one.
    func read<Result>(_ body: (Snapshot) throws -> Result) throws -> Result {
        for _ in 0..<16 {
            do {
                return try body(Snapshot(folder: self, manifest: try manifest()))
            } catch is Superseded {
                continue
            }
        }
        throw StorageError.io(url, "changed under every one of 16 reads")
    }

    /// The state of the folder at one generation.
    struct Snapshot: RecordSource {
        let folder: RecordFolder
        let manifest: Manifest

        /// Its generation.
        var generation: Int { manifest.generation }

        /// `key`'s value at this generation; `nil` when it has none (or a damaged one).
        func value<Value: Decodable>(_ type: Value.Type, for key: String, userInfo: DecodingInfo) throws
            -> Value?
        {
            try folder.value(type, for: key, in: manifest, userInfo: userInfo)
        }
    }

    /// A concurrent commit replaced a record this read was about to use: read again.
    struct Superseded: Error {}

    private func value<Value: Decodable>(
        _ type: Value.Type, for key: String, in manifest: Manifest, userInfo: DecodingInfo
    ) throws -> Value? {
        if let installing = manifest.installing?[key],
            let envelope = try envelope(
                type, at: recordsPath + "/\(key).\(installing).json", userInfo: userInfo)
        {
            return envelope.deleted == true ? nil : envelope.value
        }
        guard let envelope = try envelope(type, at: recordsPath + "/\(key).json", userInfo: userInfo) else {
            return nil
        }
        if envelope.generation > manifest.generation {
            // A commit after this state: the record it created (absent here), or one it replaced,
            // in which case the manifest has moved on and the read starts again.
            if try self.manifest().generation != manifest.generation { throw Superseded() }
            return nil
        }
        return envelope.deleted == true ? nil : envelope.value
    }

    /// The file at `path`, decoded; `nil` when there is none. A damaged file (not JSON of the
    /// record, not a regular file, too large) is moved aside, reported, and reads as absent.
    private func envelope<Value: Decodable>(_ type: Value.Type, at path: String, userInfo: DecodingInfo)
        throws
        -> Envelope<Value>?
    {
        let reason: String
        do {
            guard let data = try StoreFiles.read(path, limit: Self.recordSizeLimit) else { return nil }
            if let treeType = Value.self as? any JSONTreeRecord.Type {
                if let envelope = Self.treeEnvelope(data, as: treeType, Value.self) { return envelope }
                reason = "not a record of this store"
            } else {
                do {
                    let decoder = JSONDecoder()
                    decoder.userInfo = userInfo
                    return try decoder.decode(Envelope<Value>.self, from: data)
                } catch {
                    reason = StorageError.reason(error)
                }
            }
        } catch .system(let why) {
            throw StorageError.io(URL(fileURLWithPath: path), "cannot be read: \(why)")
        } catch {
            reason = error.reason
        }
        report(.corrupt(URL(fileURLWithPath: path), movedTo: try quarantine(path), reason: reason))
        return nil
    }

    /// A record file of a `JSONTreeRecord`, read by `JSONSerialization`.
    private static func treeEnvelope<Value>(_ data: Data, as treeType: any JSONTreeRecord.Type, _: Value.Type)
        -> Envelope<Value>?
    {
        guard let tree = try? JSONValue.parse(data), case .integer(let generation)? = tree[path: "generation"]
        else { return nil }
        if case .bool(true)? = tree[path: "deleted"] {
            return Envelope(generation: generation, deleted: true)
        }
        guard let body = tree[path: "value"], let value = treeType.init(tree: body) as? Value else {
            return nil
        }
        return Envelope(generation: generation, value: value)
    }

    // MARK: Damage

    /// Moves a damaged record file into `quarantine/`, where nothing reads it, and answers where
    /// it went.
    private func quarantine(_ path: String) throws -> URL {
        let folder = url.appendingPathComponent("quarantine")
        try? StoreFiles.makeFolder(folder.path)
        let name = URL(fileURLWithPath: path).lastPathComponent
        let aside = folder.appendingPathComponent("\(name).\(UUID().uuidString.prefix(8))")
        do {
            try StoreFiles.rename(path, to: aside.path)
        } catch {
            throw StorageError.io(
                URL(fileURLWithPath: path), "is damaged, and cannot be moved aside: \(error)")
        }
        return aside
    }

    /// Moves the whole folder aside (its manifest is damaged, so no record can be trusted to
    /// belong to a commit) and starts it again empty.
    private func moveAside() throws -> URL {
        let stamp = Int(Date().timeIntervalSince1970)
        let aside = url.deletingLastPathComponent()
            .appendingPathComponent(
                "\(url.lastPathComponent).corrupt-\(stamp)-\(UUID().uuidString.prefix(8))")
        do {
            try StoreFiles.rename(url.path, to: aside.path)
            try makeFolders()
        } catch {
            throw StorageError.io(url, "is damaged, and cannot be moved aside: \(error)")
        }
        return aside
    }
}

/// A record the store reads as a tree, through `JSONSerialization`, rather than through
/// `JSONDecoder`: records as the server sent them, where the decoder's guess at each value's kind
/// costs a thrown error per miss. (Writing stays with `JSONEncoder`: on Linux,
/// `JSONSerialization` writes the same shards at half its speed.)
protocol JSONTreeRecord {
    /// The record from its tree; nil when the tree is not one.
    init?(tree: JSONValue)
    /// The record as a tree.
    var tree: JSONValue { get }
}

/// What a record's `Decodable` may be told as it is read (`JSONDecoder.userInfo`).
typealias DecodingInfo = [CodingUserInfoKey: any Sendable]

/// Where records are read from: a committed state, or a commit in the making.
protocol RecordSource {
    /// `key`'s value, decoded with `userInfo`; `nil` when it has none.
    func value<Value: Decodable>(_ type: Value.Type, for key: String, userInfo: DecodingInfo) throws -> Value?
}

extension RecordSource {
    /// `key`'s value; `nil` when it has none.
    func value<Value: Decodable>(_ type: Value.Type, for key: String) throws -> Value? {
        try value(type, for: key, userInfo: [:])
    }
}

extension StoreFiles.ReadFailure {
    /// In a few words.
    var reason: String {
        switch self {
        case .notRegular: "not a regular file"
        case .tooLarge(let size): "\(size) bytes, over the cap"
        case .system(let reason): reason
        }
    }
}
