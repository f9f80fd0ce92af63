/// A rule a mapped record must meet to be stored (Zeus's should-store condition). A record that
/// breaks one is skipped and reported; the rest of the page is kept.
public struct StoreCondition<Entity: Sendable>: Sendable {
    private let body: @Sendable (Entity) -> String?

    /// A condition answering why `entity` must not be stored, or `nil` when it may be.
    public init(_ refusal: @escaping @Sendable (Entity) -> String?) { body = refusal }

    /// Why `entity` must not be stored, or `nil`.
    public func refusal(of entity: Entity) -> String? { body(entity) }
}
