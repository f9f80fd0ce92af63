import Foundation

extension WebService {
    /// The redacted `curl` line `endpoint` would send, before credentials; nothing is sent.
    public func curlCommand<Response>(
        _ endpoint: Endpoint<Response>, _ arguments: any Encodable & Sendable..., ifMatch: String? = nil
    ) throws -> String {
        var prepared = try request(endpoint, arguments: arguments)
        Self.setConditions(on: &prepared, ifNoneMatch: nil, ifMatch: ifMatch)
        return Redaction.standard.curlCommand(for: prepared)
    }
}
