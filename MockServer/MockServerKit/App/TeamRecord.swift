/// A team, as served by `GET /v1/teams` and nested in heroes; its JSON is *Team* in docs/API.md.
struct TeamRecord: Sendable, Equatable, Encodable {
    /// The team's id.
    var id: String
    /// The team's display name.
    var name: String
}
