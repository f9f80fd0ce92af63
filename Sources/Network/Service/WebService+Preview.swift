import Foundation

extension WebService {
    /// The `curl` command line that repeats what `endpoint` would send for `arguments`, built
    /// without sending anything, before credentials are added and with secrets redacted.
    public func curlCommand<Response>(
        _ endpoint: Endpoint<Response>, _ arguments: any Encodable & Sendable...
    ) throws -> String {
        Redaction.standard.curlCommand(for: try request(endpoint, arguments: arguments))
    }
}
