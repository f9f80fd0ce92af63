/// Where a hero's picture lives: a path on the hero's server, such as `/v1/heroes/0007/picture`.
public struct PictureReference: Sendable, Hashable {
    public let path: String

    public init(path: String) { self.path = path }
}
