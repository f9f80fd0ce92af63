import Foundation

/// A request as the stubs see it, for one request on the loop thread; the query and body JSON
/// are parsed at most once, and only if a candidate needs them.
final class StubRequest {
    let method: String
    /// Still percent-encoded.
    let path: Substring
    /// As sent; nil when absent.
    let query: Substring?
    let fields: [HTTPField]
    let body: [UInt8]
    /// Shared by every stub the request is tested against.
    let budget: MatchBudget

    init(_ request: ServerRequest, budget: MatchBudget = MatchBudget()) {
        self.budget = budget
        method = request.method.description
        path = request.path
        query = request.query
        fields = request.fields
        body = request.body
    }

    /// Path and query as sent; made only when a stub matches on it.
    lazy var target: Substring = query.map { Substring(path + "?" + $0) } ?? path

    /// Names and values percent-decoded (`+` is a space), in order.
    lazy var queryParameters: [(name: String, value: String)] = {
        guard let query else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0], plusIsSpace: true) ?? String(parts[0])
            let value =
                parts.count > 1 ? PercentDecoding.decode(parts[1], plusIsSpace: true) ?? String(parts[1]) : ""
            return (name, value)
        }
    }()

    /// Invalid UTF-8 repaired, as a Java string would hold it.
    lazy var text: String = String(decoding: body, as: UTF8.self)

    /// Why the body is not parsed as JSON; nil when within the bounds.
    lazy var jsonRefusal: String? = JSONBodyLimits.refusal(body)

    /// Nil when not JSON or beyond `JSONBodyLimits`.
    lazy var json: StubJSON? = jsonRefusal == nil ? StubJSON(parsing: body) : nil

    /// Every `Cookie` header's cookies (`a=1; b=2`), as sent, in order.
    lazy var cookies: [(name: String, value: String)] = headerValues("Cookie").flatMap { header in
        header.split(separator: ";").compactMap { pair -> (name: String, value: String)? in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingWhitespace()
            guard !name.isEmpty else { return nil }
            return (String(name), parts.count > 1 ? String(parts[1].trimmingWhitespace()) : "")
        }
    }

    func cookieValues(_ name: String) -> [String] {
        cookies.filter { $0.name == name }.map(\.value)
    }

    /// Case-insensitive name.
    func headerValues(_ name: String) -> [String] {
        fields.filter { asciiCaseInsensitiveEqual($0.name, name) }.map(\.value)
    }

    func queryValues(_ name: String) -> [String] {
        queryParameters.filter { $0.name == name }.map(\.value)
    }
}
