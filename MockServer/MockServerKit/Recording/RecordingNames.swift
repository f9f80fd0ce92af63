/// The names WireMock's recorder gives: files `<method>-<path slug>-<id8>.json`, scenarios
/// `scenario-N-<path parts>`.
enum RecordingNames {
    /// The longest slug kept, as WireMock truncates.
    static let maximumSlug = 150

    /// The path's segments joined by `-`, as WireMock's `Urls.urlToPathParts` (no query).
    static func pathParts(_ url: String) -> String {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/").joined(separator: "-")
    }

    /// `pathParts` made safe for a file name: lowercased, only `[a-z0-9_.-]`, `root` when empty.
    static func slug(_ url: String) -> String {
        let safe = pathParts(url).lowercased().map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
                ? character : "_"
        }
        var slug = String(safe.prefix(maximumSlug))
        // A leading dot would hide the file; dots alone would name the folder or its parent.
        while slug.hasPrefix(".") { slug.removeFirst() }
        return slug.isEmpty ? "root" : slug
    }

    /// A mapping's file stem: `get-v1-heroes-0007-1a2b3c4d`.
    static func stem(method: String, url: String, id: String) -> String {
        let verb = method.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return "\(verb.isEmpty ? "any" : verb)-\(slug(url))-\(id.prefix(8))"
    }

    /// WireMock's scenario name for the `index`th scenario (from 1).
    static func scenario(_ index: Int, url: String) -> String {
        "scenario-\(index)-\(pathParts(url))"
    }
}
