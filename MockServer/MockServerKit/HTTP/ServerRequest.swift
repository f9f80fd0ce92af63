/// A complete request, handed to the application once its body has arrived.
struct ServerRequest {
    var method: HTTPMethod
    /// Still percent-encoded.
    var path: Substring
    /// After `?`, still percent-encoded; nil when absent.
    var query: Substring?
    var fields: [HTTPField]
    var body: [UInt8]

    func value(_ name: String) -> String? {
        fields.first { asciiCaseInsensitiveEqual($0.name, name) }?.value
    }
}
