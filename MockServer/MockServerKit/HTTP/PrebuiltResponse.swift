import Synchronization

/// A cached body's answer made in advance: its fields on the wire, and its whole keep-alive 200
/// for the current `Date`, remade once a second, so a GET of a cached hero or page copies no
/// byte. The lock is the loop thread's alone, in practice never contended.
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
