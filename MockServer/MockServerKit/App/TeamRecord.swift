/// A team; its JSON is *Team* in docs/API.md.
struct TeamRecord: Sendable, Equatable, Encodable {
    var id: String
    var name: String
}
