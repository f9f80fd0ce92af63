import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Keeps swift-corelibs-foundation's `URLCache.shared` and `HTTPCookieStorage.shared` from
/// making folders in the home (`URLSessionConfiguration.default` makes both).
enum FoundationFolders {
    /// Called once before any thread starts (`setenv` is not thread-safe), and only for a run
    /// that may use `URLSession`.
    static func keepOut() {
        #if canImport(FoundationNetworking)
            // A cache whose folder cannot be made is a memory-only cache: nothing is written.
            URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
            // The cookie storage reads XDG_DATA_HOME once; under an impossible path it makes no folder.
            let saved = getenv("XDG_DATA_HOME").map { String(cString: $0) }
            setenv("XDG_DATA_HOME", "/dev/null", 1)
            _ = HTTPCookieStorage.shared
            if let saved { setenv("XDG_DATA_HOME", saved, 1) } else { unsetenv("XDG_DATA_HOME") }
        #endif
    }
}
