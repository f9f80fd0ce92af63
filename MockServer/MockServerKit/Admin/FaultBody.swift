/// A fault rule as `GET /__admin/faults` lists it.
struct FaultBody: Encodable {
    /// As `POST /__admin/faults` answered.
    let id: Int
    /// With what `times` and `after` it has left.
    let rule: FaultRule

    private enum CodingKeys: String, CodingKey {
        case id, method, path, fault, times, after
    }

    /// One flat object: the id beside the rule's keys.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(rule.method, forKey: .method)
        try container.encode(rule.path, forKey: .path)
        try container.encode(rule.fault, forKey: .fault)
        try container.encode(rule.times, forKey: .times)
        try container.encode(rule.after, forKey: .after)
    }
}
