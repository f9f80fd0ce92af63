import Network
import Testing

/// The table of wrong descriptors: one per validation rule, with the key and message it must name.
extension DescriptorValidationTests {
    /// One wrong descriptor for endpoint `e`, and the key and problem the error must name.
    struct Case: Sendable, CustomTestStringConvertible {
        let entry: PlistNode
        var arguments = 1
        var returnsPerson = false
        let key: String?
        let problem: String
        var testDescription: String { "\(key ?? "-"): \(problem)" }
    }

    static let cases: [Case] = [
        Case(
            entry: ["request": ["path": "/a/%0"], "serialisation": [:]],
            key: "serialisation", problem: "is not a known key (expected one of request, serialization)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "methd": "GET"]],
            key: "request.methd",
            problem:
                "is not a known key (expected one of auth, body, headers, maxResponseBytes, method, path, retry, timeout)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "method": "FETCH"]],
            key: "request.method",
            problem: "'FETCH' is not an HTTP method (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "method": "get"]],
            key: "request.method",
            problem: "'get' is not an HTTP method (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "method": 1]], key: "request.method",
            problem: "must be a string"),
        Case(entry: ["serialization": [:]], key: "request", problem: "is missing"),
        Case(entry: ["request": "/a"], key: "request", problem: "must be a dictionary"),
        Case(entry: ["request": ["method": "GET"]], key: "request.path", problem: "is missing"),
        Case(
            entry: ["request": ["path": "a/%0"]], key: "request.path", problem: "the path must start with '/'"
        ),
        Case(
            entry: ["request": ["path": "%0/a"]], key: "request.path", problem: "the path must start with '/'"
        ),
        Case(
            entry: ["request": ["path": "/a b/%0"]], key: "request.path",
            problem: "a space is not allowed in a URL as written; percent-encode it"
        ),
        Case(
            entry: ["request": ["path": "/a/%0#top"]], key: "request.path",
            problem: "'#' is not allowed in a URL as written; percent-encode it"
        ),
        Case(
            entry: ["request": ["path": "/a/%0/%zz"]], key: "request.path",
            problem: "a '%' must start %N, %N[key] or %% (write %% for a literal percent)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0?d=100%%"]], key: "request.path",
            problem: "a literal '%' in a URL must start a percent-escape such as %20"
        ),
        Case(
            entry: ["request": ["path": "/a/%0/%3"]], key: "request.path",
            problem: "'%3' names argument 3, but the endpoint takes 1 argument"
        ),
        Case(
            entry: ["request": ["path": "/a/%0[team"]], key: "request.path",
            problem: "'[' after a placeholder has no closing ']'"
        ),
        Case(
            entry: ["request": ["path": "/a/%0[team..id]"]], key: "request.path",
            problem: "the key path '[team..id]' has an empty key"
        ),
        Case(
            entry: ["request": ["path": "/a?=%0"]], key: "request.path", problem: "a query item has no name"
        ),
        Case(
            entry: ["request": ["path": "/a"]], arguments: 2, key: nil,
            problem: "argument 0 of 2 is never used (no %0 anywhere)"
        ),
        Case(
            entry: ["request": ["path": "/a", "body": "%0"]], key: "request.body",
            problem: "a GET request cannot have a body"
        ),
        Case(
            entry: ["request": ["path": "/a", "method": "HEAD", "body": "%0"]], key: "request.body",
            problem: "a HEAD request cannot have a body"
        ),
        Case(
            entry: ["request": ["path": "/a", "method": "POST", "body": "{\"name\": \"%0\"}"]],
            key: "request.body",
            problem: "must be one whole argument such as '%1' (Data, or an Encodable)"
        ),
        Case(
            entry: ["request": ["path": "/a", "method": "POST", "body": "%0[name]"]], key: "request.body",
            problem: "must be one whole argument such as '%1' (Data, or an Encodable)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "headers": ["X Bad": "1"]]], key: "request.headers.X Bad",
            problem: "'X Bad' is not a valid header name"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "headers": ["X-Two": "1\r\nX-Evil: 2"]]],
            key: "request.headers.X-Two", problem: "contains a CR or LF, which would end the header"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "headers": ["X-Bell": "\u{7}"]]],
            key: "request.headers.X-Bell", problem: "contains the control character U+7"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "headers": ["Accept"]]], key: "request.headers",
            problem: "must be a dictionary"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "timeout": 0]], key: "request.timeout",
            problem: "must be a number of seconds greater than 0"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "timeout": "5"]], key: "request.timeout",
            problem: "must be a number of seconds greater than 0"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "timeout": true]], key: "request.timeout",
            problem: "must be a number of seconds greater than 0"
        ),
        // Found while fuzzing (Fuzz/README.md): 1e300 s trapped converting to Int64 milliseconds.
        Case(
            entry: ["request": ["path": "/a/%0", "timeout": 1e300]], key: "request.timeout",
            problem: "must be at most 86400 seconds (a day)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "timeout": 86_400.5]], key: "request.timeout",
            problem: "must be at most 86400 seconds (a day)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "maxResponseBytes": 0]], key: "request.maxResponseBytes",
            problem: "must be an integer number of bytes greater than 0"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "maxResponseBytes": 1.5]], key: "request.maxResponseBytes",
            problem: "must be an integer number of bytes greater than 0"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": ["attempts": 0]]], key: "request.retry.attempts",
            problem: "must be an integer from 1 to 10"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": ["attempts": 2.5]]], key: "request.retry.attempts",
            problem: "must be an integer from 1 to 10"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": [:]]], key: "request.retry.attempts",
            problem: "is missing"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": ["attempts": 2, "idempotentOnly": 1]]],
            key: "request.retry.idempotentOnly", problem: "must be a boolean"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": ["attempts": 2, "backoff": 1]]],
            key: "request.retry.backoff",
            problem: "is not a known key (expected one of attempts, idempotentOnly)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "auth": "root"]], key: "request.auth",
            problem: "no authentication provider is registered as 'root'"
        ),
        Case(
            entry: [
                "request": ["path": "/a/%0"],
                "serialization": ["serializer": "XML", "serializedObject": "Person"],
            ],
            returnsPerson: true, key: "serialization.serializer",
            problem: "no serializer is registered as 'XML'"
        ),
        Case(
            entry: [
                "request": ["path": "/a/%0"],
                "serialization": ["serializer": "JSONSerializer", "serializedObject": "Hero"],
            ],
            returnsPerson: true, key: "serialization.serializedObject",
            problem: "no model is registered as 'Hero'"
        ),
        Case(
            entry: [
                "request": ["path": "/a/%0"],
                "serialization": ["serializer": "JSONSerializer", "serializedObject": "People"],
            ],
            returnsPerson: true, key: "serialization.serializedObject",
            problem: "'People' is registered as Array<Person>, but the endpoint returns Person"
        ),
        Case(
            entry: ["request": ["path": "/a/%0"], "serialization": ["serializedObject": "Person"]],
            returnsPerson: true, key: "serialization.serializer", problem: "is missing"
        ),
        Case(
            entry: [
                "request": ["path": "/a/%0"],
                "serialization": ["serializer": "JSONSerializer", "model": "Person"],
            ],
            returnsPerson: true, key: "serialization.model",
            problem: "is not a known key (expected one of serializedObject, serializer)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0"]], returnsPerson: true, key: "serialization",
            problem: "is missing, but the endpoint returns Person"
        ),
    ]
}
