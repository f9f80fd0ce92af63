import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Keeps swift-corelibs-foundation from making folders in the home: `URLCache.shared` and
/// `HTTPCookieStorage.shared` each make one as soon as they exist, and
/// `URLSessionConfiguration.default` makes both. Apple's Foundation makes neither.
enum FoundationFolders {
    /// Puts both shared objects in place without a folder. Called once before any thread starts
    /// (`setenv` is not thread-safe), and only for a run that may use `URLSession`: it costs
    /// milliseconds that an `--offline` run need not pay.
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
