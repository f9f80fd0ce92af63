/// `{"error":{"code","message"}}`, with `"fields"` keyed by the API's snake_case names.
@MainActor
public final class JSONErrorView: ErrorView {
    private var writer: JSONLineWriter

    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    public func showError(_ error: ErrorViewModel) {
        var body: [String: JSONDocument] = [
            "code": .string(error.code.rawValue), "message": .string(error.message),
        ]
        if !error.fields.isEmpty {
            body["fields"] = .object(
                Dictionary(error.fields.map { (FieldLabel.snakeCase($0.key), JSONDocument.string($0.value)) })
                {
                    first, _ in first
                })
        }
        writer.write(.object(["error": .object(body)]))
    }
}
