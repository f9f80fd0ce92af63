import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Credentials that can go stale: after a 401, `WebService` replays the request once with what
/// `authenticate` gives next, so a server refusing every token cannot cause a loop.
public protocol RefreshableAuthentication: AuthenticationProvider {
    /// `request` was answered 401. Returns whether a replay may succeed.
    func rejected(_ request: URLRequest) async -> Bool
}
