/// An HTTP request method, as a descriptor's `request.method` names it.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    /// nil unless one of the methods below, upper case only.
    public init?(rawValue: String) {
        guard Self.known.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    public static let get = HTTPMethod(known: "GET")
    public static let head = HTTPMethod(known: "HEAD")
    /// Not idempotent.
    public static let post = HTTPMethod(known: "POST")
    public static let put = HTTPMethod(known: "PUT")
    /// Not idempotent.
    public static let patch = HTTPMethod(known: "PATCH")
    public static let delete = HTTPMethod(known: "DELETE")
    public static let options = HTTPMethod(known: "OPTIONS")

    private static let known: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// Repeating it has the effect of sending it once (RFC 9110, 9.2.2): safe to retry.
    public var isIdempotent: Bool { self != .post && self != .patch }

    /// GET and HEAD take no body (Transport's README, Platform notes #3).
    var forbidsBody: Bool { self == .get || self == .head }

    public var description: String { rawValue }
}
