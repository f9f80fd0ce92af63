/// A team, as served by `GET /v1/teams` and nested in heroes.
struct TeamRecord: Sendable, Equatable {
    /// The team's id.
    var id: String
    /// The team's display name.
    var name: String
}
