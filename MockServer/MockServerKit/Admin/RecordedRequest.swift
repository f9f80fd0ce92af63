import Foundation

/// One request the server received, as the journal keeps it.
public struct RecordedRequest: Sendable, Equatable {
    /// Increases by one per recorded request, from 1; never reused, even after the journal is cleared.
    public let sequence: Int
    /// The method.
    public let method: String
    /// The path, still percent-encoded.
    public let path: String
    /// The query, still percent-encoded; nil when absent.
    public let query: String?
    /// The header fields as sent.
    public let fields: [HTTPField]
    /// The body (at most the first 16 KiB of it, so the journal's memory stays bounded).
    public let body: Data
    /// The full length of the body.
    public let bodyLength: Int
    /// The status answered (0 when a fault answered with no response at all).
    public let status: Int
    /// The faults applied, in `X-Mock-Fault` syntax; nil for none.
    public let fault: String?
    /// When the request was answered.
    public let receivedAt: Date
    /// The id of the stub mapping that answered; nil when none did.
    public let stubID: String?
    /// Whether a stub or a route answered it; false when nothing knew the request (a near miss).
    public let wasMatched: Bool

    /// The first value of a header field, by case-insensitive name.
    public func value(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as UTF-8 text, if it is.
    public var text: String? { String(data: body, encoding: .utf8) }
}
