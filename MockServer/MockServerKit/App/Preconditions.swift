/// Conditional requests (RFC 9110 §13): `If-None-Match` for caching, `If-Match` for safe updates.
enum Preconditions {
    /// Whether `If-None-Match` matches the current tag, by weak comparison: then the answer is 304.
    static func notModified(_ header: String?, current: String) -> Bool {
        guard let header else { return false }
        let tags = list(header)
        return tags.contains("*") || tags.contains { weak($0) == weak(current) }
    }

    /// Whether `If-Match` allows the change, by strong comparison (absent: it does; `*`: if the hero exists).
    static func matches(_ header: String?, current: String) -> Bool {
        guard let header else { return true }
        let tags = list(header)
        return tags.contains("*") || tags.contains(current)
    }

    private static func list(_ header: String) -> [String] {
        header.split(separator: ",").map { String($0.trimmingWhitespace()) }.filter { !$0.isEmpty }
    }

    private static func weak(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }
}
