import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of JSON records, each under its own key, where every commit is one generation:
///
///     manifest.json               {"generation": 7, "schema_version": 2}: the last commit
///     records/<key>/<gen>.json    one immutable file per version of a record
///     records/<key>/<gen>.gone    a deleted record
///     txn/<gen>.json              the keys a commit in flight writes (its undo list)
///     lock                        flock(2), held by a writer while it commits
///
/// A reader reads the manifest, then for each key the newest version at or below its
/// generation: a version written by a commit that has not renamed its manifest into place yet
/// is invisible, so a reader sees one commit whole or not at all. Readers take no lock. After
/// its manifest is in place a commit removes the versions it replaced; a reader that loses a
/// file to that clean-up (ENOENT) starts again from the new manifest. A crashed commit is undone
/// by the next writer from its `txn` file before anything else happens.
final class RecordFolder: Sendable {
    /// The layout this code writes; a newer one is refused for reads and writes alike.
    static let schemaVersion = 2
    /// The largest record file read; anything bigger is damage, not data.
    static let recordSizeLimit = 16 << 20
    /// A commit that writes more files than this flushes the file system once (`sync`) instead of
    /// each file and folder: a first sync of 10,000 heroes would otherwise wait for 20,000 flushes.
    static let fileByFileFlushLimit = 24

    let url: URL
    private let manifestPath: String
    private let recordsPath: String
    private let transactionsPath: String
    private let lockURL: URL
    /// The bytes of each version file read so far, by path. A committed version never changes,
    /// so a command that reads a record and then changes it under the lock reads its file once.
    private let readCache = Mutex<[String: Data]>([:])

    private struct Manifest: Codable {
        var schemaVersion: Int
        var generation: Int

        enum CodingKeys: String, CodingKey {
            case schemaVersion = "schema_version"
            case generation
        }
    }

    private struct Intent: Codable {
        var generation: Int
        var keys: [String]
    }

    /// Opens (creating it, 0700) the folder at `url` and checks its schema.
    /// - Throws: `StorageError.unsupportedSchema` for a newer layout, `.corrupt` when the manifest
    ///   is damaged (the folder is moved aside first), `.io` when the folder cannot be made.
    init(at url: URL) throws {
        self.url = url
        manifestPath = url.appendingPathComponent("manifest.json").path
        recordsPath = url.appendingPathComponent("records").path
        transactionsPath = url.appendingPathComponent("txn").path
        lockURL = url.appendingPathComponent("lock")
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try StoreFiles.makeFolder(url.path)
            try StoreFiles.makeFolder(recordsPath)
            try StoreFiles.makeFolder(transactionsPath)
        } catch {
            throw StorageError.io(url, "cannot create the store's folder: \(error)")
        }
        _ = try generation()
    }

    /// Whether a commit was ever made here.
    var isEmpty: Bool {
        get throws { try generation() == 0 }
    }

    // MARK: Reading

    /// The generation of the last commit; 0 before the first.
    func generation() throws -> Int {
        let manifestURL = URL(fileURLWithPath: manifestPath)
        let data: Data
        do {
            guard let bytes = try StoreFiles.read(manifestPath, limit: 64 << 10) else { return 0 }
            data = bytes
        } catch .system(let reason) {
            throw StorageError.io(manifestURL, "cannot be read: \(reason)")
        } catch {
            throw StorageError.corrupt(manifestURL, movedTo: try moveAside(), reason: Self.describe(error))
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
        return manifest.generation
    }

    /// Runs `body` against the last commit; when a concurrent commit's clean-up takes a file
    /// from under it, runs it again against the new one.
    func read<Result>(_ body: (Snapshot) throws -> Result) throws -> Result {
        for _ in 0..<16 {
            do {
                return try body(Snapshot(folder: self, generation: try generation()))
            } catch is Superseded {
                continue
            }
        }
        throw StorageError.io(url, "changed under every one of 16 reads")
    }

    /// The state of the folder at one generation.
    struct Snapshot {
        let folder: RecordFolder
        let generation: Int

        /// `key`'s version at this generation; `nil` when it has none.
        func record(for key: String) throws -> Record? {
            try folder.record(for: key, at: generation)
        }
    }

    /// A record's bytes, and the file they came from (none for a commit's own writes).
    struct Record {
        let data: Data
        let path: String?
        /// Why the file at `path` is not a record (not a regular file, too large), if it is not.
        var damage: String?
    }

    /// A concurrent commit removed a version this read was about to use: read again.
    struct Superseded: Error {}

    private func record(for key: String, at generation: Int) throws -> Record? {
        let folder = recordsPath + "/" + key
        let versions: [(generation: Int, gone: Bool)]
        do {
            versions = try StoreFiles.names(in: folder).compactMap(Self.version)
        } catch {
            throw StorageError.io(URL(fileURLWithPath: folder), "cannot be listed: \(error)")
        }
        guard
            let visible = versions.filter({ $0.generation <= generation }).max(by: {
                $0.generation < $1.generation
            })
        else {
            // Only newer versions: made after this generation, or its own was cleaned up
            // after a newer commit, which the manifest then shows.
            if !versions.isEmpty, try self.generation() != generation { throw Superseded() }
            return nil
        }
        if visible.gone { return nil }
        let path = folder + "/\(visible.generation).json"
        if let cached = readCache.withLock({ $0[path] }) { return Record(data: cached, path: path) }
        do {
            guard let data = try StoreFiles.read(path, limit: Self.recordSizeLimit) else {
                if try self.generation() != generation { throw Superseded() }
                return nil
            }
            readCache.withLock { $0[path] = data }
            return Record(data: data, path: path)
        } catch let failure as StoreFiles.ReadFailure {
            switch failure {
            case .system(let reason):
                throw StorageError.io(URL(fileURLWithPath: path), "cannot be read: \(reason)")
            case .notRegular: return Record(data: Data(), path: path, damage: "not a regular file")
            case .tooLarge(let size):
                return Record(data: Data(), path: path, damage: "\(size) bytes, over the cap")
            }
        }
    }

    private static func describe(_ failure: StoreFiles.ReadFailure) -> String {
        switch failure {
        case .notRegular: "not a regular file"
        case .tooLarge(let size): "\(size) bytes, over the cap"
        case .system(let reason): reason
        }
    }

    /// `12.json` → (12, false), `12.gone` → (12, true); anything else is not a version.
    private static func version(_ name: String) -> (generation: Int, gone: Bool)? {
        guard let dot = name.firstIndex(of: "."), let number = Int(name[..<dot]), number > 0 else {
            return nil
        }
        switch name[name.index(after: dot)...] {
        case "json": return (number, false)
        case "gone": return (number, true)
        default: return nil
        }
    }

    // MARK: Damage

    /// Moves a damaged record file into `quarantine/`, where nothing reads it, and answers
    /// where it went. Its key then reads as absent.
    func quarantine(_ path: String) throws -> URL {
        readCache.withLock { $0[path] = nil }
        let folder = url.appendingPathComponent("quarantine")
        try? StoreFiles.makeFolder(folder.path)
        let name = path.dropFirst(recordsPath.count + 1).replacingOccurrences(of: "/", with: "@")
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
            try StoreFiles.makeFolder(url.path)
            try StoreFiles.makeFolder(recordsPath)
            try StoreFiles.makeFolder(transactionsPath)
        } catch {
            throw StorageError.io(url, "is damaged, and cannot be moved aside: \(error)")
        }
        return aside
    }

    // MARK: Writing

    /// Runs `body` holding the writers' lock, against the last commit, and commits what it
    /// set as the next generation. A second writer waits up to `patience`, then gets
    /// `StorageError.locked`. Nothing is written when `body` throws or sets nothing.
    func commit<Result>(
        patience: Duration, _ body: (Transaction) throws -> Result
    ) throws -> Result {
        let lock = try FileLock.acquire(at: lockURL, patience: patience)
        defer { lock.release() }
        let current = try generation()
        try recover(committed: current)
        let transaction = Transaction(base: Snapshot(folder: self, generation: current))
        let result = try body(transaction)
        try write(transaction.writes, as: current + 1)
        return result
    }

    /// A commit being made: reads see its own writes over the last commit.
    final class Transaction {
        let base: Snapshot
        fileprivate(set) var writes: [String: Data?] = [:]

        init(base: Snapshot) { self.base = base }

        /// `key` as this commit leaves it.
        func record(for key: String) throws -> Record? {
            if let written = writes[key] { return written.map { Record(data: $0, path: nil) } }
            return try base.record(for: key)
        }

        /// Sets `key` to `data`; `nil` deletes it.
        func set(_ key: String, to data: Data?) {
            precondition(RecordFolder.isKey(key), "a record key is a file name: \(key)")
            writes[key] = .some(data)
        }
    }

    /// Whether `key` can name a record's folder.
    static func isKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= 200 && key.first != "."
            && key.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "-_.".unicodeScalars.contains($0))
            }
    }

    private func write(_ writes: [String: Data?], as generation: Int) throws {
        guard !writes.isEmpty else { return }
        let keys = writes.keys.sorted()
        let fileByFile = keys.count <= Self.fileByFileFlushLimit
        let intentPath = transactionsPath + "/\(generation).json"
        do {
            try StoreFiles.write(
                try JSONEncoder().encode(Intent(generation: generation, keys: keys)), to: intentPath,
                durable: true)
            try StoreFiles.syncFolder(transactionsPath)
            for key in keys {
                let folder = recordsPath + "/" + key
                try StoreFiles.makeFolder(folder)
                if let data = writes[key] ?? nil {
                    try StoreFiles.write(data, to: folder + "/\(generation).json", durable: fileByFile)
                } else {
                    try StoreFiles.write(Data(), to: folder + "/\(generation).gone", durable: fileByFile)
                }
                if fileByFile { try StoreFiles.syncFolder(folder) }
            }
            if fileByFile { try StoreFiles.syncFolder(recordsPath) } else { sync() }
            // The commit point: the manifest names the new generation.
            let temporary = url.appendingPathComponent(".manifest.\(UUID().uuidString).tmp").path
            try StoreFiles.write(
                try JSONEncoder().encode(Manifest(schemaVersion: Self.schemaVersion, generation: generation)),
                to: temporary, durable: true)
            try StoreFiles.rename(temporary, to: manifestPath)
            try StoreFiles.syncFolder(url.path)
        } catch {
            // Not committed: undo now (the next writer would otherwise do it).
            undo(keys, generation)
            StoreFiles.remove(intentPath)
            throw StorageError.io(url, "cannot commit: \(error)")
        }
        cleanUp(keys, committed: generation)
        StoreFiles.remove(intentPath)
    }

    /// Finishes what a crashed writer left: a commit that never reached its manifest is undone,
    /// one that did has its clean-up done; stray manifest temporaries go.
    private func recover(committed current: Int) throws {
        for name in (try? StoreFiles.names(in: transactionsPath)) ?? [] {
            let path = transactionsPath + "/" + name
            guard let data = try? StoreFiles.read(path, limit: Self.recordSizeLimit),
                let intent = try? JSONDecoder().decode(Intent.self, from: data)
            else {
                // An intent torn by the crash: its commit never started writing records.
                StoreFiles.remove(path)
                continue
            }
            if intent.generation > current {
                undo(intent.keys, intent.generation)
            } else {
                cleanUp(intent.keys, committed: intent.generation)
            }
            StoreFiles.remove(path)
        }
        for name in (try? StoreFiles.names(in: url.path)) ?? [] where name.hasPrefix(".manifest.") {
            StoreFiles.remove(url.path + "/" + name)
        }
    }

    private func undo(_ keys: [String], _ generation: Int) {
        for key in keys {
            StoreFiles.remove(recordsPath + "/\(key)/\(generation).json")
            StoreFiles.remove(recordsPath + "/\(key)/\(generation).gone")
        }
    }

    /// Removes the versions that commit `generation` replaced.
    private func cleanUp(_ keys: [String], committed generation: Int) {
        for key in keys {
            let folder = recordsPath + "/" + key
            for name in (try? StoreFiles.names(in: folder)) ?? [] {
                guard let version = Self.version(name), version.generation < generation else { continue }
                StoreFiles.remove(folder + "/" + name)
            }
        }
    }
}
