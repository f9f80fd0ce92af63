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

    /// The prefix of the ids of heroes created offline.
    static let localPrefix = "local-"

    /// A fresh local id for a hero created offline (URL-safe, 38 characters).
    static func localID() -> String {
        localPrefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Whether `id` was made by this client for a hero the server does not know yet.
    static func isLocal(_ id: String) -> Bool { id.hasPrefix(localPrefix) }
}
