import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider whose credentials can go stale, such as a bearer token: `WebService` tells it when
/// a request it authenticated is answered 401, and replays that request once with what
/// `authenticate` gives next. Never more than once per call, so a server that refuses every
/// token cannot make a client loop.
public protocol RefreshableAuthentication: AuthenticationProvider {
    /// `request`, sent with this provider's credentials, was answered 401. Returns whether a
    /// replay may succeed: true when the request carried credentials this provider can renew.
    func rejected(_ request: URLRequest) async -> Bool
}
