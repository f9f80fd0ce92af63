// swift-tools-version: 6.1
// The manifest is the architecture: one target per layer, and each target lists exactly the
// layers it may see. `ArchitectureTests` fails on any edge that docs/ARCHITECTURE.md does not allow.
import PackageDescription

let package = Package(
    name: "Heroes",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "heroes-cli", targets: ["heroes-cli"]),
        .executable(name: "mock-server", targets: ["mock-server"]),
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Network", targets: ["Network"]),
        .library(name: "MockServerKit", targets: ["MockServerKit"]),
        .library(name: "MockServerTesting", targets: ["MockServerTesting"]),
        .library(name: "TerminalGraphics", targets: ["TerminalGraphics"]),
    ],
    targets: [
        /// `Locked`: a value behind a lock that ThreadSanitizer can see. Foundation only; shared by
        /// the layers and the mock server alike, as a system library would be.
        .target(name: "Locking", exclude: ["README.md"]),

        // MARK: The app, inside out

        /// Entities, ports and use cases. The standard library and Foundation's value types only.
        .target(name: "Domain", exclude: ["README.md"]),
        /// Generic HTTP client: plist request descriptors, auth, retry, deadlines. Knows no heroes.
        /// Sends through `Transport`, whose types its API speaks (and re-exports).
        .target(name: "Network", dependencies: ["Transport"], exclude: ["README.md"]),
        /// One request on the wire, once: `HTTPTransport`, `CurlTransport` (Linux's default: libcurl,
        /// bounded and asleep while it waits) and `URLSessionTransport` (Apple's default). Knows no
        /// heroes and no services; shared by `Network` and the mock server's proxy and `verify`.
        .target(
            name: "Transport",
            dependencies: [.target(name: "CCurl", condition: .when(platforms: [.linux]))],
            exclude: ["README.md"]
        ),
        /// The part of libcurl `CurlTransport` uses, declared by the module itself and linked by the
        /// runtime's soname, so no libcurl development package is needed (Sources/CCurl/include).
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary(":libcurl.so.4", .when(platforms: [.linux]))]
        ),
        /// OpenSSL's libcrypto (AES-256-GCM for secret identities), from the system's libssl-dev.
        /// pkg-config's `libcrypto`, not `openssl`, which would link libssl too, for nothing.
        .systemLibrary(
            name: "COpenSSL",
            path: "Sources/COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        /// The system's zlib (inflate and CRC-32, for PNG decoding), from zlib1g-dev.
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        /// The system's SQLite, for the Data layer's second store, from libsqlite3-dev.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        /// PNG decoding and pictures drawn in the terminal with half blocks. Knows no heroes.
        .target(name: "TerminalGraphics", dependencies: ["CZlib"], exclude: ["README.md"]),
        /// DTOs, mappers, storage, offline-first repositories, the cipher adapter.
        .target(
            name: "Data",
            dependencies: ["Domain", "Network", "COpenSSL", "CSQLite"],
            exclude: ["README.md"],
            resources: [.copy("Remote/HeroService.plist")]
        ),
        /// Presenters, view protocols and console views (MVP).
        .target(name: "Presentation", dependencies: ["Domain", "Locking"], exclude: ["README.md"]),
        /// The app: arguments, the app plist and its registry, wiring, the commands, the console,
        /// exit codes. A library, so the fuzzer builds the same plist loader the app runs, and
        /// with the app plist it loads through `Bundle.module`.
        .target(
            name: "HeroesApp",
            dependencies: [
                "Domain", "Network", "Data", "Presentation", "TerminalGraphics", "Locking",
            ],
            exclude: ["README.md"],
            resources: [.copy("Heroes.plist"), .copy("Heroes-SQLite.plist")]
        ),
        /// The composition root's `main`: runs `HeroesApp` on the process's arguments, with the
        /// mock server wired in as the demo server, so `HeroesApp` links no server. It links as
        /// any package does, with no unsafe flags, so the package can be used as a dependency
        /// (docs/PERFORMANCE.md: what that costs at start-up, and why it is worth it).
        .executableTarget(
            name: "heroes-cli", dependencies: ["HeroesApp", "MockServerKit"], exclude: ["README.md"]),

        // MARK: The bundled mock server (shares `Locking` and `Transport` with the app, nothing else)

        /// Linux's `sys/epoll.h`, which Swift's Glibc module leaves out; empty on other systems.
        .target(name: "CEpoll", path: "MockServer/CEpoll"),
        .target(
            name: "MockServerKit",
            dependencies: [
                "Locking", "Transport", .target(name: "CEpoll", condition: .when(platforms: [.linux])),
            ],
            path: "MockServer/MockServerKit", resources: [.copy("Fixtures")]),
        .executableTarget(
            name: "mock-server", dependencies: ["MockServerKit"], path: "MockServer/mock-server"),
        /// For a team's tests: `@Test(.mockServer(root:))` and `withMockServer`, a server per
        /// scope serving a stub folder; imports the toolchain's `Testing`.
        .target(
            name: "MockServerTesting", dependencies: ["MockServerKit", "Locking"],
            path: "MockServer/MockServerTesting"),

        // MARK: Measurements (release builds; ratios against a baseline measured in the same run)

        /// Every ratio in one run: `swift run -c release heroes-bench` (after `swift build -c release`,
        /// which also builds heroes-cli and bench-hello, the processes it times).
        .executableTarget(
            name: "heroes-bench", dependencies: ["Network", "Domain", "Data", "MockServerKit", "CZlib"],
            path: "Benchmarks/heroes-bench"),
        /// A Foundation hello world: the baseline process that heroes-cli's start-up is timed against.
        .executableTarget(name: "bench-hello", path: "Benchmarks/bench-hello"),
        /// Runs one process and prints its time, peak memory and bytes written; the C library only,
        /// so that it is too small to count in its child's peak.
        .executableTarget(name: "bench-launch", path: "Benchmarks/bench-launch"),

        // MARK: Fuzzing (Fuzz/README.md): libFuzzer targets under Scripts/fuzz.sh, file replayers otherwise

        /// libFuzzer's driver entry, declared only: `-sanitize=fuzzer` links it.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
        .executableTarget(
            name: "fuzz-http-parser", dependencies: ["MockServerKit", "FuzzSupport"], path: "Fuzz/HTTPParser"),
        .executableTarget(
            name: "fuzz-descriptors", dependencies: ["Network", "FuzzSupport"], path: "Fuzz/Descriptors"),
        .executableTarget(
            name: "fuzz-mapping", dependencies: ["Data", "Domain", "FuzzSupport"], path: "Fuzz/Mapping"),
        /// heroes-cli's own app plist loader, from the HeroesApp library the app runs.
        .executableTarget(
            name: "fuzz-app-plist", dependencies: ["HeroesApp", "Data", "Network", "FuzzSupport"],
            path: "Fuzz/AppPlist"),

        // MARK: Tests

        /// Hand-written fakes for the Domain's ports and a scripted `HTTPTransport`, for every test target.
        .target(name: "TestSupport", dependencies: ["Domain", "Network", "Data", "Locking"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport", "Locking"]),
        /// HeroesApp as a copy of it runs: no demo server, no server named.
        .testTarget(name: "HeroesAppTests", dependencies: ["HeroesApp"]),
        .testTarget(name: "TransportTests", dependencies: ["Transport"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network", "TestSupport", "Locking"]),
        .testTarget(name: "DataTests", dependencies: ["Data", "Domain", "TestSupport", "Locking"]),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "Domain", "TestSupport", "Locking"],
            resources: [.copy("Golden")]
        ),
        .testTarget(
            name: "TerminalGraphicsTests", dependencies: ["TerminalGraphics"], resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "MockServerKitTests", dependencies: ["MockServerKit", "COpenSSL"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["Network", "Data", "Domain", "MockServerKit", "TestSupport", "Locking"]
        ),
        /// A child process for the store's multi-process tests (two writers, SIGKILL, disk full).
        .executableTarget(
            name: "store-writer", dependencies: ["Data", "Domain"], path: "Tests/Helpers/store-writer"),
        /// Runs the built heroes-cli (and mock-server) as processes, as scripts do; SQLite ages a
        /// database as a newer heroes-cli would, and zlib makes the gzip bomb.
        .testTarget(
            name: "CLITests", dependencies: ["MockServerKit", "Locking", "CSQLite", "CZlib"],
            exclude: ["Golden"]),
        .testTarget(name: "ArchitectureTests"),
        /// The WireMock to-do example and the recorded hero API served by the built mock-server (or
        /// by `MockServerTesting`'s trait) and driven by Network and URLSession, so
        /// Scripts/copy-check.sh can run it in a package of the copied folders.
        .testTarget(name: "StubbedAPITests", dependencies: ["Network", "MockServerTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
