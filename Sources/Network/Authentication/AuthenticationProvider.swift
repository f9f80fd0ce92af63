import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds credentials to a prepared request just before each attempt is sent.
///
/// Nemo Connect's authentication provider interface: Basic, bearer tokens, and any
/// request modification (a token query item, a signature) fit behind it. It is called once per
/// attempt, so a retried request gets fresh credentials and a fresh signature.
public protocol AuthenticationProvider: Sendable {
    /// Adds credentials to `request`.
    func authenticate(_ request: inout URLRequest) async throws
}
