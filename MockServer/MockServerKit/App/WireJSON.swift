import Foundation

/// Encodes every JSON body the server sends. Keys sorted, as Foundation's order varies per
/// process; slashes unescaped, so `picture_url` reads as docs/API.md writes it.
enum WireJSON {
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            // Fails only on a float JSON cannot hold; the server's bodies have none.
            preconditionFailure("the server built a body JSON cannot hold: \(error)")
        }
    }
}
