/// A complete request, handed to the application once its body has arrived.
struct ServerRequest {
    /// The method.
    var method: HTTPMethod
    /// The path part of the target, still percent-encoded.
    var path: Substring
    /// The query part of the target (after `?`), still percent-encoded; nil when absent.
    var query: Substring?
    /// The header fields in order.
    var fields: [HTTPField]
    /// The decoded body (empty when there is none).
    var body: [UInt8]

    /// The first value of a field, by case-insensitive name.
    func value(_ name: String) -> String? {
        fields.first { asciiCaseInsensitiveEqual($0.name, name) }?.value
    }
}
