/// Why a mapping was refused, by file, JSON place and reason, so a team fixes the right line.
struct MappingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Relative to the root directory, or `admin request`.
    var file: String
    /// A JSONPath (`$.request.headers.Accept`).
    var path: String
    var reason: String

    var description: String { "\(file): \(path): \(reason)" }
}
