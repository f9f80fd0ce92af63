/// A proxied request's answer, kept for a snapshot: both bodies whole, or nothing when together
/// they are over `keptBytes`.
struct ProxiedAnswer: Sendable {
    let status: Int
    let fields: [HTTPField]
    let body: [UInt8]
    /// The request's whole body (the journal's own copy is cut at 16 KiB).
    let requestBody: [UInt8]

    static let keptBytes = 1 << 20

    /// Nil when the origin did not answer or the bodies are too large to keep.
    init?(_ outcome: OriginOutcome, requestBody: [UInt8]) {
        guard case .answered(let status, let fields, let body) = outcome,
            body.count + requestBody.count <= Self.keptBytes
        else { return nil }
        self.status = status
        self.fields = fields
        self.body = body
        self.requestBody = requestBody
    }

    /// About the memory held.
    var size: Int {
        body.count + requestBody.count
            + fields.reduce(0) { $0 + 32 + $1.name.utf8.count + $1.value.utf8.count }
    }
}
