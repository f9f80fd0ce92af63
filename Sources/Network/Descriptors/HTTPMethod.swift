/// An HTTP request method, as a descriptor's `request.method` names it.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method's name in upper case, such as `GET`.
    public let rawValue: String

    /// The method called `rawValue` when it is one of the methods below (upper case only), else nil.
    public init?(rawValue: String) {
        guard Self.known.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(known: "GET")
    /// `HEAD`: read a resource's headers only.
    public static let head = HTTPMethod(known: "HEAD")
    /// `POST`: create or process; not idempotent.
    public static let post = HTTPMethod(known: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(known: "PUT")
    /// `PATCH`: change part of a resource; not idempotent.
    public static let patch = HTTPMethod(known: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(known: "DELETE")
    /// `OPTIONS`: ask what a resource allows.
    public static let options = HTTPMethod(known: "OPTIONS")

    private static let known: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// Whether repeating it has the effect of sending it once (RFC 9110, 9.2.2): safe to retry.
    public var isIdempotent: Bool { self != .post && self != .patch }

    /// GET and HEAD take no body (Transport's README, Platform notes #3).
    var forbidsBody: Bool { self == .get || self == .head }

    /// The method's name.
    public var description: String { rawValue }
}
