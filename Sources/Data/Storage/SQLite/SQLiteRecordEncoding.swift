import Foundation

/// Heroes as the JSON `SQLiteHeroStore` keeps; a large commit encodes them on every core.
enum SQLiteRecordEncoding {
    /// Past this many records, encode in parallel.
    static let serialLimit = 64

    /// Each record's text, in order; `nil` (deleted) stays `nil`.
    static func encode(_ records: [StoredHero?]) throws -> [Data?] {
        let workers = records.count > serialLimit ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        let results = EncodedTexts(count: records.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let encoder = JSONEncoder()
            for index in stride(from: worker, to: records.count, by: workers) {
                results.set(index, Result { try records[index].map { try encoder.encode($0) } })
            }
        }
        return try results.all().map { try $0.get() }
    }
}

/// The workers' results, one slot each.
// @unchecked Sendable: `slots` is only touched under `lock`.
private final class EncodedTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Data?, any Error>]

    init(count: Int) { slots = Array(repeating: .success(nil), count: count) }

    func set(_ index: Int, _ result: Result<Data?, any Error>) {
        lock.withLock { slots[index] = result }
    }

    func all() -> [Result<Data?, any Error>] { lock.withLock { slots } }
}
