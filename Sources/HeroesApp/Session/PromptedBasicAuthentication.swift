import Foundation
import Locking
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP Basic whose password is read when a request first needs it: `HEROES_PASSWORD`, else a
/// prompt without echo; never the command line.
final class PromptedBasicAuthentication: AuthenticationProvider {
    private let user: String
    private let source: @Sendable () -> String?
    private let password = Locked<String?>(nil)

    init(user: String, password source: @escaping @Sendable () -> String?) {
        self.user = user
        self.source = source
    }

    func authenticate(_ request: inout URLRequest) async throws {
        let known = password.withLock { cached -> String? in
            if cached == nil { cached = source() }
            return cached
        }
        guard let known else { throw MissingPasswordError(user: user) }
        try await BasicAuthentication(username: user, password: known).authenticate(&request)
    }
}

/// A write needed a password and there was none: no `HEROES_PASSWORD` and no terminal to ask on.
struct MissingPasswordError: Error, Sendable, CustomStringConvertible {
    let user: String
    var description: String {
        "no password for \(user): set HEROES_PASSWORD, or run in a terminal to be asked"
    }
}
