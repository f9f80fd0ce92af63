import Foundation

/// One request as the journal keeps it.
public struct RecordedRequest: Sendable, Equatable {
    /// From 1, one per request; never reused, even after a clear.
    public let sequence: Int
    public let method: String
    /// Still percent-encoded.
    public let path: String
    /// Still percent-encoded; nil when absent.
    public let query: String?
    /// As sent.
    public let fields: [HTTPField]
    /// At most the first 16 KiB, to bound the journal's memory.
    public let body: Data
    /// The body's full length.
    public let bodyLength: Int
    /// 0 when a fault sent no response.
    public let status: Int
    /// In `X-Mock-Fault` syntax; nil for none.
    public let fault: String?
    /// When it was answered.
    public let receivedAt: Date
    /// The answering stub's id; nil when none.
    public let stubID: String?
    /// False when no stub or route knew it (a near miss).
    public let wasMatched: Bool

    /// By case-insensitive name.
    public func value(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Nil when not UTF-8.
    public var text: String? { String(data: body, encoding: .utf8) }
}
