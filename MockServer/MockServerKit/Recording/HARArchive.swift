import Foundation

/// A HAR 1.2 archive's exchanges, parsed one entry at a time; a malformed entry refuses the file.
/// Skipped with a note: a body over 64 MiB, a distinct request past `maximumRequests`.
struct HARArchive: Sendable {
    /// In the archive's order.
    let exchanges: [RecordedExchange]
    /// One line per entry left out, and why (no answer received, a body the archive lacks…).
    let notes: [String]

    /// The most distinct requests (method and URL) imported, as many as the admin API keeps.
    static let maximumRequests = StubRegistry.maximumMappings

    init(_ data: Data) throws(HARError) {
        var exchanges: [RecordedExchange] = []
        var notes: [String] = []
        var requests: Set<String> = []
        var pastBound = 0
        // `withUnsafeBytes` rethrows untyped: the entry's error is carried out by hand.
        var thrown: HARError?
        let failure = data.withUnsafeBytes { bytes -> JSONArrayScanner.Failure? in
            var scanner = JSONArrayScanner(bytes)
            do throws(HARError) {
                return try scanner.forEachElement(at: ["log", "entries"]) { element, index throws(HARError) in
                    guard let entry = StubJSON(parsing: Array(element)) else {
                        throw HARError(
                            entry: index, path: "$.log.entries[\(index)]", reason: "not valid JSON")
                    }
                    switch try HAREntry.read(entry, index: index) {
                    case .exchange(let exchange):
                        let largest = max(exchange.requestBody.count, exchange.responseBody.count)
                        if largest > BodyFile.maximumBytes {
                            notes.append(
                                "entry \(index) skipped: its \(largest)-byte body is over a body file's 64 MiB"
                            )
                            return
                        }
                        let request = "\(exchange.method) \(exchange.url)"
                        guard requests.contains(request) || requests.count < Self.maximumRequests else {
                            pastBound += 1
                            return
                        }
                        requests.insert(request)
                        exchanges.append(exchange)
                    case .skipped(let reason): notes.append("entry \(index) skipped: \(reason)")
                    }
                }
            } catch {
                thrown = error
                return nil
            }
        }
        if let thrown { throw thrown }
        switch failure {
        case .malformed?: throw HARError(entry: nil, path: "$", reason: "not valid JSON")
        case .missing?:
            throw HARError(entry: nil, path: "$.log.entries", reason: "missing: not a HAR archive")
        case nil: break
        }
        if pastBound > 0 {
            notes.append(
                "\(pastBound) entries skipped: past \(Self.maximumRequests) distinct requests, the most a root loads"
            )
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
