import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A commit, and the recovery of one a crash cut short: the writing half of `RecordFolder`
/// (its layout and the reading half are in RecordFolder.swift).
extension RecordFolder {
    /// What a commit in flight writes, so the next writer can finish or undo it.
    struct Intent: Codable {
        var generation: Int
        var created: [String]
        var replaced: [String]
    }

    /// A record's file as a commit writes it (`Envelope` is how a reader reads it back).
    struct Written<Value: Encodable>: Encodable {
        var generation: Int
        var deleted: Bool?
        var value: Value?
    }

    /// Only the generation, for a writer that checks whose a file is.
    struct GenerationOnly: Decodable {
        var generation: Int
    }

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
        func value<Value: Decodable>(_ type: Value.Type, for key: String, userInfo: DecodingInfo) throws
            -> Value?
        {
            if let written = writes[key] { return written as? Value }
            return try base.value(type, for: key, userInfo: userInfo)
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
