import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds credentials to a prepared request before each attempt, so a retry gets fresh ones.
public protocol AuthenticationProvider: Sendable {
    func authenticate(_ request: inout URLRequest) async throws
}
