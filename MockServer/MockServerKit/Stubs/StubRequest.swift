import Foundation

/// One request as the stubs see it; the query and the body's JSON are parsed at most once, and
/// only when a candidate stub needs them. Lives for one request on the loop thread.
final class StubRequest {
    let method: String
    /// The path, still percent-encoded.
    let path: Substring
    /// The query as sent; nil when absent.
    let query: Substring?
    let fields: [HTTPField]
    let body: [UInt8]
    /// The time this request may spend being matched, shared by every stub it is tested against.
    let budget: MatchBudget

    init(_ request: ServerRequest, budget: MatchBudget = MatchBudget()) {
        self.budget = budget
        method = request.method.description
        path = request.path
        query = request.query
        fields = request.fields
        body = request.body
    }

    /// The path and the query as sent; made only when a stub matches on it.
    lazy var target: Substring = query.map { Substring(path + "?" + $0) } ?? path

    /// The query's parameters, names and values percent-decoded (`+` is a space), in order.
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

    /// The body as text (invalid UTF-8 repaired, as a Java string would hold it).
    lazy var text: String = String(decoding: body, as: UTF8.self)

    /// Why the body is not parsed as JSON (over a size or depth bound); nil when within them.
    lazy var jsonRefusal: String? = JSONBodyLimits.refusal(body)

    /// The body parsed as JSON; nil when it is not JSON or is beyond `JSONBodyLimits`.
    lazy var json: StubJSON? = jsonRefusal == nil ? StubJSON(parsing: body) : nil

    /// The cookies of every `Cookie` header (`a=1; b=2`), names and values as sent, in order.
    lazy var cookies: [(name: String, value: String)] = headerValues("Cookie").flatMap { header in
        header.split(separator: ";").compactMap { pair -> (name: String, value: String)? in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingWhitespace()
            guard !name.isEmpty else { return nil }
            return (String(name), parts.count > 1 ? String(parts[1].trimmingWhitespace()) : "")
        }
    }

    /// The values of a cookie, in order.
    func cookieValues(_ name: String) -> [String] {
        cookies.filter { $0.name == name }.map(\.value)
    }

    /// The values of a header, by case-insensitive name, in order.
    func headerValues(_ name: String) -> [String] {
        fields.filter { asciiCaseInsensitiveEqual($0.name, name) }.map(\.value)
    }

    /// The values of a query parameter, in order.
    func queryValues(_ name: String) -> [String] {
        queryParameters.filter { $0.name == name }.map(\.value)
    }
}
