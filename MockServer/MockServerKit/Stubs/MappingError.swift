/// Why a stub mapping was refused: the file, the place in its JSON and the reason, so a team
/// fixes the right line instead of guessing why a stub never answers.
struct MappingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The mapping file, relative to the root directory (or `admin request` for the admin API).
    var file: String
    /// Where in the file, as a JSONPath (`$.request.headers.Accept`).
    var path: String
    /// What is wrong there.
    var reason: String

    var description: String { "\(file): \(path): \(reason)" }
}
