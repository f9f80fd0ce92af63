/// A rule a record must meet to be stored; others are skipped.
public struct StoreCondition<Entity: Sendable>: Sendable {
    private let body: @Sendable (Entity) -> String?

    public init(_ refusal: @escaping @Sendable (Entity) -> String?) { body = refusal }

    /// Why `entity` must not be stored, or `nil`.
    public func refusal(of entity: Entity) -> String? { body(entity) }
}
