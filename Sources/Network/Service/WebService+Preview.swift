import Foundation

extension WebService {
    /// The `curl` command line that repeats what `endpoint` would send for `arguments` (with the
    /// conditions a call would add), built without sending anything, before credentials are
    /// added and with secrets redacted.
    public func curlCommand<Response>(
        _ endpoint: Endpoint<Response>, _ arguments: any Encodable & Sendable..., ifMatch: String? = nil
    ) throws -> String {
        var prepared = try request(endpoint, arguments: arguments)
        Self.setConditions(on: &prepared, ifNoneMatch: nil, ifMatch: ifMatch)
        return Redaction.standard.curlCommand(for: prepared)
    }
}
