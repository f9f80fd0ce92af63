import Domain
import Foundation

/// A write made while the server could not be reached, kept in the store until a sync pushes
/// it and the server confirms it.
public struct PendingChange: Codable, Sendable, Equatable {
    /// What the write does.
    public enum Kind: String, Codable, Sendable {
        /// `POST /v1/heroes`; the hero has a local id until the server gives it one.
        case create
        /// `PUT /v1/heroes/{id}`.
        case replace
        /// `DELETE /v1/heroes/{id}`.
        case delete
    }

    /// Its place in the order of writes; unique within a store.
    var sequence: Int
    /// What it does.
    var kind: Kind
    /// The hero's id: a local one (`local-…`) for a hero created offline.
    var id: String
    /// The body of a create or a replace.
    var input: HeroInputDTO?
    /// The version the write was based on, sent as `If-Match`.
    var expectedVersion: Int?
    /// The stored record the write was based on, for merging with the server's on a 412.
    var base: JSONValue?
    /// When it was made.
    var madeAt: Date
    /// A create's `Idempotency-Key`: made when the change was queued and sent with every
    /// attempt, so a server that already applied it answers the same hero instead of a second.
    var idempotencyKey: String?

    /// The prefix of the ids of heroes created offline.
    static let localPrefix = "local-"

    /// The local id of the `number`th hero created offline in a store: short, so it fits a
    /// table, and never given twice by one store.
    static func localID(_ number: Int) -> String { localPrefix + String(number) }

    /// A fresh `Idempotency-Key` value.
    static func newIdempotencyKey() -> String { UUID().uuidString.lowercased() }

    /// Whether `id` was made by this client for a hero the server does not know yet.
    static func isLocal(_ id: String) -> Bool { id.hasPrefix(localPrefix) }
}
