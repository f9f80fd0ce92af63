/// Where a hero's picture lives: a path on the same server as the hero.
public struct PictureReference: Sendable, Hashable {
    /// The server-relative path, such as `/v1/heroes/0007/picture`.
    public let path: String

    /// Wraps a server-relative path.
    public init(path: String) { self.path = path }
}
