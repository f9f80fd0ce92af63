import Foundation

/// A HAR 1.2 archive (from a browser's devtools, Charles, Proxyman…) read whole as the
/// exchanges it holds, before anything is written: a malformed entry refuses the whole file.
struct HARArchive: Sendable {
    /// In the archive's order.
    let exchanges: [RecordedExchange]
    /// One line per entry left out, and why (no answer received, a body the archive lacks…).
    let notes: [String]

    init(_ data: Data) throws(HARError) {
        guard let value = StubJSON(parsing: Array(data)) else {
            throw HARError(entry: nil, path: "$", reason: "not valid JSON")
        }
        guard case .array(let entries)? = value["log"]?["entries"] else {
            throw HARError(entry: nil, path: "$.log.entries", reason: "missing: not a HAR archive")
        }
        var exchanges: [RecordedExchange] = []
        var notes: [String] = []
        for (index, entry) in entries.enumerated() {
            switch try HAREntry.read(entry, index: index) {
            case .exchange(let exchange): exchanges.append(exchange)
            case .skipped(let reason): notes.append("entry \(index) skipped: \(reason)")
            }
        }
        self.exchanges = exchanges
        self.notes = notes
    }
}

/// Why an archive was refused: the entry (from 0), the JSON place and the reason.
struct HARError: Error, CustomStringConvertible, Sendable, Equatable {
    let entry: Int?
    let path: String
    let reason: String

    var description: String {
        let place = entry.map { "entry \($0) (\(path))" } ?? path
        return "\(place): \(reason)"
    }
}
