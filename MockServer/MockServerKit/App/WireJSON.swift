import Foundation

/// Every JSON body the server sends, encoded by Foundation's `JSONEncoder` from `Encodable` values.
/// Keys are sorted because Foundation's own key order changes from one process to the next, and
/// equal values should give equal bytes; slashes stay unescaped, so a path such as `picture_url`
/// reads on the wire as docs/API.md writes it.
enum WireJSON {
    /// The JSON bytes of `value`.
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            // The encoder fails only on a float JSON cannot hold; the server's bodies have none.
            preconditionFailure("the server built a body JSON cannot hold: \(error)")
        }
    }
}
