import Foundation

/// `mock-server verify`'s command line.
struct VerifyOptions {
    var rootDirectory: URL
    /// The origin's base URL, without a trailing slash.
    var against: String
    var headers: [(name: String, value: String)] = []
    var includeWrites = false
    var json = false

    /// A bad command line, in one sentence.
    struct Invalid: Error {
        let message: String
    }

    static let usage = """
        usage: mock-server verify --root-dir DIR --against URL [--header 'Name: value']... [--include-writes] [--json]
          sends each stub's request to URL and compares the answer's status, media type and JSON shape
          --root-dir DIR           the WireMock root directory (DIR/mappings, DIR/__files)
          --against URL            the real API's base URL (http or https)
          --header 'Name: value'   a header sent with every request (repeatable; wins over a stub's)
          --include-writes         send stubs of methods other than GET, HEAD and OPTIONS too
          --json                   print one JSON document instead of lines
        exit: 0 no drift, 1 drift, 64 bad command line, 69 URL unreachable, 78 bad mapping
        """

    init(parsing arguments: [String]) throws(Invalid) {
        var root: String?
        var against: String?
        var headers: [(name: String, value: String)] = []
        var includeWrites = false
        var json = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--include-writes": includeWrites = true
            case "--json": json = true
            case "--root-dir", "--against", "--header":
                guard let value = rest.popFirst() else { throw Invalid(message: "\(argument) needs a value") }
                if argument == "--root-dir" {
                    root = value
                } else if argument == "--against" {
                    against = value
                } else {
                    headers.append(try Self.header(value))
                }
            default:
                let known = ["--root-dir", "--against", "--header", "--include-writes", "--json"]
                let name = String(argument.prefix { $0 != "=" })
                throw Invalid(
                    message: "unknown option \(argument)" + Suggestion.hint(for: name, among: known))
            }
        }
        guard let root, !root.isEmpty else { throw Invalid(message: "--root-dir DIR is required") }
        guard let against else { throw Invalid(message: "--against URL is required") }
        guard let url = URL(string: against), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false, url.query == nil,
            url.fragment == nil
        else {
            throw Invalid(message: "--against must be an http or https URL with no query, not '\(against)'")
        }
        rootDirectory = URL(fileURLWithPath: root, isDirectory: true)
        self.against = against.hasSuffix("/") ? String(against.dropLast()) : against
        self.headers = headers
        self.includeWrites = includeWrites
        self.json = json
    }

    /// `Name: value`, the name an HTTP token and the value on one line.
    private static func header(_ text: String) throws(Invalid) -> (name: String, value: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].trimmingWhitespace()
        guard parts.count == 2, !name.isEmpty, name.utf8.allSatisfy(ByteClass.isToken),
            !text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
        else {
            throw Invalid(message: "--header must be 'Name: value', not '\(text)'")
        }
        return (String(name), String(parts[1].trimmingWhitespace()))
    }
}
