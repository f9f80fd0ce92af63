/// What a recorded body is, told from its `Content-Type` as WireMock tells it: text goes inline
/// (or to a text file), anything else is kept as bytes.
struct RecordedMediaType: Sendable, Equatable {
    /// Lowercased, without parameters; empty when none was sent.
    let essence: String

    init(contentType: String?) {
        let value = contentType ?? ""
        essence = String(value.prefix { $0 != ";" }).lowercased().filter { $0 != " " && $0 != "\t" }
    }

    /// As WireMock's `ContentTypes.determineIsTextFromMimeType`, and text when none is named.
    var isText: Bool {
        if essence.isEmpty || essence.hasPrefix("text/") { return true }
        let textual = [
            "json", "xml", "html", "javascript", "ecmascript", "css", "csv", "yaml", "x-www-form-urlencoded",
        ]
        return textual.contains { essence.contains($0) }
    }

    var isJSON: Bool { essence.contains("json") }

    /// The body's text when it is text and valid UTF-8; nil for bytes to keep as they are.
    func text(of body: [UInt8]) -> String? {
        guard isText else { return nil }
        return String(validating: body, as: UTF8.self)
    }

    /// The extension of a body file, from the media type (`bin` when unknown).
    func fileExtension(isText: Bool) -> String {
        let known: [String: String] = [
            "application/json": "json", "text/html": "html", "text/plain": "txt", "text/css": "css",
            "text/csv": "csv", "application/xml": "xml", "text/xml": "xml", "application/javascript": "js",
            "text/javascript": "js", "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif",
            "image/webp": "webp", "image/svg+xml": "svg", "application/pdf": "pdf",
        ]
        if let found = known[essence] { return found }
        if isJSON { return "json" }
        if essence.contains("xml") { return "xml" }
        return isText ? "txt" : "bin"
    }
}
