/// The dependency rule of docs/ARCHITECTURE.md, as data: who may see whom.
enum DependencyRule {
    /// Every non-test target and the only targets it may depend on. A new target must be placed
    /// here (and in docs/ARCHITECTURE.md) before the architecture tests pass again.
    static let allowed: [String: Set<String>] = [
        "Locking": [],
        "Domain": [],
        // One request on the wire: libcurl (on Linux) or URLSession. Shared with the mock server.
        "Transport": ["CCurl"],
        "CCurl": [],
        "Network": ["Transport"],
        "COpenSSL": [],
        "CSQLite": [],
        "Data": ["Domain", "Network", "COpenSSL", "CSQLite"],
        "Presentation": ["Domain", "Locking"],
        "CZlib": [],
        "TerminalGraphics": ["CZlib"],
        // The app, and the composition root's `main`, which sees the app and the server it hands it.
        "HeroesApp": ["Domain", "Network", "Data", "Presentation", "TerminalGraphics", "Locking"],
        // The demo server is wired here, so the app links no server.
        "heroes-cli": ["HeroesApp", "MockServerKit"],
        "CEpoll": [],
        "MockServerKit": ["Locking", "Transport", "CEpoll"],
        "mock-server": ["MockServerKit"],
        // A team's tests' harness: the server in a Swift Testing scope.
        "MockServerTesting": ["MockServerKit", "Locking"],
        "heroes-bench": ["Network", "Domain", "Data", "MockServerKit", "CZlib"],
        "bench-hello": [],
        "bench-launch": [],
        "store-writer": ["Data", "Domain"],
        "TestSupport": ["Domain", "Network", "Data", "Locking"],
        "CLibFuzzer": [],
        "FuzzSupport": ["CLibFuzzer"],
        "fuzz-http-parser": ["MockServerKit", "FuzzSupport"],
        "fuzz-descriptors": ["Network", "FuzzSupport"],
        "fuzz-mapping": ["Data", "Domain", "FuzzSupport"],
        // heroes-cli's app plist loader, from the HeroesApp library the app runs.
        "fuzz-app-plist": ["HeroesApp", "Data", "Network", "FuzzSupport"],
    ]

    /// Test targets may use any library or system target, but never an executable or another test.
    static let testsMayNotSee: Set<String> = [
        "heroes-cli", "mock-server", "heroes-bench", "bench-hello", "bench-launch", "store-writer",
    ]

    /// Modules each layer's sources may import besides the package targets the manifest allows.
    /// Domain's Foundation is only allowed as the fallback where FoundationEssentials is missing.
    static let systemImports: [String: Set<String>] = [
        "Domain": ["FoundationEssentials"],
        "Presentation": ["Foundation", "FoundationEssentials"],
        "Network": [
            "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Synchronization",
        ],
        "Transport": ["Foundation", "FoundationNetworking", "Synchronization"],
        "Data": [
            "Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin",
        ],
        "TerminalGraphics": [],
        "Locking": ["Foundation"],
        "HeroesApp": [
            "Foundation", "FoundationNetworking", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin",
        ],
        // The executable hands the process and the demo server to HeroesApp: no app logic is written there.
        "heroes-cli": ["Foundation"],
        // FoundationNetworking for `URLRequest`, which the transport takes.
        "MockServerKit": [
            "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Synchronization",
            "Glibc",
            "Musl", "Darwin",
        ],
        // The toolchain's Swift Testing, whose trait and issues it is made of.
        "MockServerTesting": ["Foundation", "Testing"],
    ]

    /// The fuzz targets (Fuzz/README.md): executables too, which no test may see.
    static let fuzzTargets: Set<String> = [
        "fuzz-http-parser", "fuzz-descriptors", "fuzz-mapping", "fuzz-app-plist",
    ]
}
