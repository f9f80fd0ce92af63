/// Conditional requests (RFC 9110 §13): `If-None-Match` for caching, `If-Match` for updates.
enum Preconditions {
    /// Weak comparison; true means 304.
    static func notModified(_ header: String?, current: String) -> Bool {
        guard let header else { return false }
        let tags = list(header)
        return tags.contains("*") || tags.contains { weak($0) == weak(current) }
    }

    /// Strong comparison; absent allows, `*` allows if the hero exists.
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
