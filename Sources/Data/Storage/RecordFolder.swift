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
/// or undone, by the next writer from its `txn` file before anything else happens.
final class RecordFolder: Sendable {
    /// The layout this code writes; a newer one is refused for reads and writes alike.
    static let schemaVersion = 2
    /// The largest record file read; anything bigger is damage, not data.
    static let recordSizeLimit = 16 << 20
    /// A commit that writes more files than this flushes the file system once (`sync`) instead of
    /// each file: a first sync of 10,000 heroes would otherwise wait for 10,000 flushes.
    static let fileByFileFlushLimit = 24

    let url: URL
    private let manifestPath: String
    private let recordsPath: String
    private let transactionsPath: String
    private let lockURL: URL
    /// Told about a record that was damaged and moved aside.
    private let report: @Sendable (StorageError) -> Void

    /// The manifest: the last commit, and the records it replaced that may not be renamed over
    /// their old versions yet.
    fileprivate struct Manifest: Codable {
        var schemaVersion: Int
        var generation: Int
        var installing: [String: Int]?

        enum CodingKeys: String, CodingKey {
            case schemaVersion = "schema_version"
            case generation, installing
        }
    }

    /// What a commit in flight writes, so the next writer can finish or undo it.
    private struct Intent: Codable {
        var generation: Int
        var created: [String]
        var replaced: [String]
    }

    /// A record's file: the generation that wrote it, and its value or that it was deleted. A
    /// deleted record keeps its file, so a reader of an older state can tell it went.
    private struct Envelope<Value: Decodable>: Decodable {
        var generation: Int
        var deleted: Bool?
        var value: Value?
    }

    private struct Written<Value: Encodable>: Encodable {
        var generation: Int
        var deleted: Bool?
        var value: Value?
    }

    /// Only the generation, for a writer that checks whose a file is.
    private struct GenerationOnly: Decodable {
        var generation: Int
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

    private func manifest() throws -> Manifest {
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
        fileprivate let manifest: Manifest

        /// Its generation.
        var generation: Int { manifest.generation }

        /// `key`'s value at this generation; `nil` when it has none (or a damaged one).
        func value<Value: Decodable>(_ type: Value.Type, for key: String) throws -> Value? {
            try folder.value(type, for: key, in: manifest)
        }
    }

    /// A concurrent commit replaced a record this read was about to use: read again.
    struct Superseded: Error {}

    private func value<Value: Decodable>(_ type: Value.Type, for key: String, in manifest: Manifest) throws
        -> Value?
    {
        if let installing = manifest.installing?[key],
            let envelope = try envelope(type, at: recordsPath + "/\(key).\(installing).json")
        {
            return envelope.deleted == true ? nil : envelope.value
        }
        guard let envelope = try envelope(type, at: recordsPath + "/\(key).json") else { return nil }
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
    private func envelope<Value: Decodable>(_ type: Value.Type, at path: String) throws -> Envelope<Value>? {
        let reason: String
        do {
            guard let data = try StoreFiles.read(path, limit: Self.recordSizeLimit) else { return nil }
            if let treeType = Value.self as? any JSONTreeRecord.Type {
                if let envelope = Self.treeEnvelope(data, as: treeType, Value.self) { return envelope }
                reason = "not a record of this store"
            } else {
                do {
                    return try JSONDecoder().decode(Envelope<Value>.self, from: data)
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

    // MARK: Writing

    /// Runs `body` holding the writers' lock, against the last commit, and commits what it set as
    /// the next generation. A second writer waits up to `patience`, then gets
    /// `StorageError.locked`. Nothing is written when `body` throws or sets nothing.
    func commit<Result>(patience: Duration, _ body: (Transaction) throws -> Result) throws -> Result {
        let lock = try FileLock.acquire(at: lockURL, patience: patience)
        defer { lock.release() }
        try recover()
        let transaction = Transaction(base: Snapshot(folder: self, manifest: try manifest()))
        let result = try body(transaction)
        try write(transaction.writes, after: transaction.base.manifest)
        return result
    }

    /// A commit being made: reads see its own writes over the last commit.
    final class Transaction: RecordSource {
        let base: Snapshot
        fileprivate private(set) var writes: [String: (any Encodable & Sendable)?] = [:]

        init(base: Snapshot) { self.base = base }

        /// `key`'s value as this commit leaves it.
        func value<Value: Decodable>(_ type: Value.Type, for key: String) throws -> Value? {
            if let written = writes[key] { return written as? Value }
            return try base.value(type, for: key)
        }

        /// Sets `key` to `value`; `nil` deletes it.
        func set<Value: Encodable & Sendable>(_ key: String, to value: Value?) {
            precondition(RecordFolder.isKey(key), "a record key is a file name: \(key)")
            writes[key] = .some(value)
        }
    }

    /// Whether `key` can name a record's file: letters, digits, `-` and `_`.
    static func isKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= 200
            && key.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }

    private func write(_ writes: [String: (any Encodable & Sendable)?], after base: Manifest) throws {
        let generation = base.generation + 1
        var created: [String] = []
        var replaced: [String] = []
        for key in writes.keys.sorted() {
            let exists = FileManager.default.fileExists(atPath: recordsPath + "/\(key).json")
            if exists {
                replaced.append(key)
            } else if writes[key] ?? nil != nil {
                created.append(key)
            }  // deleting what does not exist writes nothing
        }
        guard !created.isEmpty || !replaced.isEmpty else { return }
        let fileByFile = created.count + replaced.count <= Self.fileByFileFlushLimit
        let creating = Set(created)
        let intentPath = transactionsPath + "/\(generation).json"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try StoreFiles.write(
                try encoder.encode(Intent(generation: generation, created: created, replaced: replaced)),
                to: intentPath, durable: true)
            try StoreFiles.syncFolder(transactionsPath)
            let keys = created + replaced
            let encoded = try encode(keys.map { writes[$0] ?? nil }, generation: generation)
            for (key, data) in zip(keys, encoded) {
                let name = creating.contains(key) ? "\(key).json" : "\(key).\(generation).json"
                try StoreFiles.write(data, to: recordsPath + "/" + name, durable: fileByFile)
            }
            if fileByFile { try StoreFiles.syncFolder(recordsPath) } else { sync() }
            // The commit point: the manifest names the new generation and the versions it replaced.
            try writeManifest(
                Manifest(
                    schemaVersion: Self.schemaVersion, generation: generation,
                    installing: Dictionary(uniqueKeysWithValues: replaced.map { ($0, generation) })))
        } catch {
            undo(Intent(generation: generation, created: created, replaced: replaced))
            StoreFiles.remove(intentPath)
            throw StorageError.io(url, "cannot commit: \(error)")
        }
        try install(Intent(generation: generation, created: created, replaced: replaced))
        StoreFiles.remove(intentPath)
    }

    /// The record files of `values` (`nil`: deleted), in order. A large commit (a first sync)
    /// encodes on every core: the values are independent, and `JSONEncoder` was a third of it.
    private func encode(_ values: [(any Encodable & Sendable)?], generation: Int) throws -> [Data] {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let workers = values.count > Self.fileByFileFlushLimit ? cores : 1
        let results = EncodedRecords(count: values.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            // Records unsorted: nothing compares their bytes, and sorting every object's keys
            // cost a first sync of 10,000 heroes a tenth of its time.
            let encoder = JSONEncoder()
            for index in stride(from: worker, to: values.count, by: workers) {
                results.slots[index] = Result {
                    if let value = values[index] {
                        return try encoder.encode(AnyWritten(generation: generation, value: value))
                    }
                    return try encoder.encode(
                        Written<Int>(generation: generation, deleted: true, value: nil))
                }
            }
        }
        return try values.indices.map { index in
            guard let result = results.slots[index] else {
                throw StorageError.io(url, "a record was not encoded")
            }
            return try result.get()
        }
    }

    /// Renames a committed generation's versions over the ones they replace, then writes the
    /// manifest without them.
    private func install(_ intent: Intent) throws {
        for key in intent.replaced {
            let staged = recordsPath + "/\(key).\(intent.generation).json"
            // Gone already when a crashed writer renamed it before the crash.
            try? StoreFiles.rename(staged, to: recordsPath + "/\(key).json")
        }
        do {
            try StoreFiles.syncFolder(recordsPath)
            try writeManifest(Manifest(schemaVersion: Self.schemaVersion, generation: intent.generation))
        } catch {
            throw StorageError.io(url, "cannot finish a commit: \(error)")
        }
    }

    private func writeManifest(_ manifest: Manifest) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let temporary = url.appendingPathComponent(".manifest.\(UUID().uuidString).tmp").path
        try StoreFiles.write(try encoder.encode(manifest), to: temporary, durable: true)
        try StoreFiles.rename(temporary, to: manifestPath)
        try StoreFiles.syncFolder(url.path)
    }

    /// Finishes what a crashed writer left: a commit that reached its manifest is installed, one
    /// that did not is undone; stray manifest temporaries go.
    private func recover() throws {
        let current = try manifest()
        for name in (try? StoreFiles.names(in: transactionsPath)) ?? [] {
            let path = transactionsPath + "/" + name
            guard let data = try? StoreFiles.read(path, limit: Self.recordSizeLimit),
                let intent = try? JSONDecoder().decode(Intent.self, from: data)
            else {
                // An intent torn by the crash: its commit never started writing records.
                StoreFiles.remove(path)
                continue
            }
            if intent.generation > current.generation {
                undo(intent)
            } else if intent.generation == current.generation, current.installing?.isEmpty == false {
                try install(intent)
            }
            StoreFiles.remove(path)
        }
        for name in (try? StoreFiles.names(in: url.path)) ?? [] where name.hasPrefix(".manifest.") {
            StoreFiles.remove(url.path + "/" + name)
        }
    }

    /// Removes what an uncommitted generation wrote: its staged versions, and the records it
    /// created (each checked to be that generation's, never an older one's).
    private func undo(_ intent: Intent) {
        for key in intent.replaced {
            StoreFiles.remove(recordsPath + "/\(key).\(intent.generation).json")
        }
        for key in intent.created {
            let path = recordsPath + "/\(key).json"
            if let data = try? StoreFiles.read(path, limit: Self.recordSizeLimit),
                let written = try? JSONDecoder().decode(GenerationOnly.self, from: data),
                written.generation != intent.generation
            {
                continue  // an older commit's record: not this one's to remove
            }
            StoreFiles.remove(path)
        }
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

/// Where records are read from: a committed state, or a commit in the making.
protocol RecordSource {
    /// `key`'s value; `nil` when it has none.
    func value<Value: Decodable>(_ type: Value.Type, for key: String) throws -> Value?
}

/// The records a commit's workers encoded, one slot each.
// @unchecked Sendable: each slot is written by exactly one worker (the workers take the indices
// apart by stride), and read only after `concurrentPerform` has returned, which waits for every
// worker; no two threads touch a slot, and no lock is needed (or visible to ThreadSanitizer).
private final class EncodedRecords: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<Result<Data, any Error>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.baseAddress?.deinitialize(count: slots.count)
        slots.deallocate()
    }
}

/// A record's file for a value whose type is only known as `Encodable`.
private struct AnyWritten: Encodable {
    let generation: Int
    let value: any Encodable & Sendable

    enum CodingKeys: String, CodingKey { case generation, value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(generation, forKey: .generation)
        try container.encode(value, forKey: .value)
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
