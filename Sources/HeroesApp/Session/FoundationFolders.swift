import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Keeps swift-corelibs-foundation from making folders of its own in the user's home: heroes-cli
/// writes only in the XDG folders its README names. Two of Foundation's shared objects make one
/// as soon as they exist, and `URLSessionConfiguration.default` (which every configuration starts
/// from) makes both, though the transport then turns cache and cookies off:
/// - `URLCache.shared` makes `$XDG_CACHE_HOME/org.swift.foundation.URLCache/heroes-cli`;
/// - `HTTPCookieStorage.shared` makes `$XDG_DATA_HOME/NAME`, where NAME is the folder the
///   executable is in (`debug` under `.build`, `bin` once installed), for a cookie file.
/// Apple's Foundation makes neither, so there this does nothing.
enum FoundationFolders {
    /// Puts both shared objects in place without a folder. Called once, by `HeroesCLI.run`
    /// before any thread of ours starts, because it sets an environment variable for a moment
    /// and `setenv` is safe only while no other thread reads the environment; and only for a
    /// run that may use `URLSession`, because the first `FileManager.urls(for:in:)` costs
    /// milliseconds, which such a run pays anyway and an `--offline` one never does.
    static func keepOut() {
        #if canImport(FoundationNetworking)
            // A cache whose folder cannot be made is a memory-only cache: nothing is written.
            URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
            // The shared cookie storage reads XDG_DATA_HOME once, when it is made; under a path no
            // folder can be made in, it makes none (it would only read cookies it never gets).
            let saved = getenv("XDG_DATA_HOME").map { String(cString: $0) }
            setenv("XDG_DATA_HOME", "/dev/null", 1)
            _ = HTTPCookieStorage.shared
            if let saved { setenv("XDG_DATA_HOME", saved, 1) } else { unsetenv("XDG_DATA_HOME") }
        #endif
    }
}
