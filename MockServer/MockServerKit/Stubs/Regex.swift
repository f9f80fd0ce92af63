import Foundation

/// A regular expression compiled once, at load, that must match the whole text, as Java's
/// `String.matches` does in WireMock (ICU's syntax is close to Java's).
struct WholeMatchRegex: Sendable {
    /// The pattern as written.
    let pattern: String
    private let expression: NSRegularExpression

    /// Compiles `pattern`; throws the reason when ICU refuses it.
    init(_ pattern: String, at cursor: JSONCursor) throws(MappingError) {
        self.pattern = pattern
        do {
            expression = try NSRegularExpression(pattern: "\\A(?:\(pattern))\\z")
        } catch {
            throw cursor.error("not a valid regular expression: \(pattern)")
        }
    }

    /// Whether the whole of `text` matches.
    func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }
}
