/// What a conditional read returns: a fresh value with its entity tag, or "what you have is current".
public enum Revalidation<Value: Sendable>: Sendable {
    /// The server sent a representation; `entityTag` revalidates it next time.
    case fresh(Value, entityTag: String?)
    /// The server answered 304: the copy named by the entity tag sent is still current.
    case notModified
}

extension Revalidation: Equatable where Value: Equatable {}
