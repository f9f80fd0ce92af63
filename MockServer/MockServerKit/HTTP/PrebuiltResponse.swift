import Synchronization

/// A cached body's keep-alive 200, remade once a second for `Date`, so a cached GET copies no
/// byte. In practice only the loop thread takes the lock: never contended.
final class PrebuiltResponse: Sendable {
    /// The fields as `ResponseEncoder` writes them.
    let encodedFields: [UInt8]
    private let whole = Mutex<(date: String, bytes: [UInt8])>(("", []))

    init(fields: [HTTPField]) {
        var encoded: [UInt8] = []
        ResponseEncoder.appendFields(fields, to: &encoded)
        encodedFields = encoded
    }

    /// The whole answer for `date`, made by `make` when the date is not the last one's.
    func whole(date: String, make: () -> [UInt8]) -> [UInt8] {
        whole.withLock { whole in
            if whole.date != date || whole.bytes.isEmpty {
                whole = (date, make())
            }
            return whole.bytes
        }
    }
}
