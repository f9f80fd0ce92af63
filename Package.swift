// swift-tools-version: 6.0
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
        .library(name: "TerminalGraphics", targets: ["TerminalGraphics"]),
    ],
    targets: [
        /// `Locked`: a value behind a lock that ThreadSanitizer can see. Foundation only; shared by
        /// the layers and the mock server alike, as a system library would be.
        .target(name: "Locking", exclude: ["README.md"]),

        // MARK: The app, inside out

        /// Entities, ports and use cases. The standard library and Foundation's value types only.
        .target(name: "Domain", exclude: ["README.md"]),
        /// Generic HTTP client: plist request descriptors, transport, auth, retry. Knows no heroes.
        .target(name: "Network", exclude: ["README.md"]),
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
        /// libcurl's functions for a statically linked FoundationNetworking, each loading libcurl
        /// on the first call: heroes-cli's release build on Linux only (empty elsewhere).
        .target(
            name: "LazyCurl", exclude: ["README.md"],
            cSettings: [.define("HEROES_LAZY_CURL", .when(platforms: [.linux], configuration: .release))]),
        /// PNG decoding and pictures drawn in the terminal with half blocks. Knows no heroes.
        .target(name: "TerminalGraphics", dependencies: ["CZlib"], exclude: ["README.md"]),
        /// DTOs, mappers, storage, offline-first repositories, the cipher adapter.
        .target(
            name: "Data",
            dependencies: ["Domain", "Network", "COpenSSL"],
            exclude: ["README.md"],
            resources: [.copy("Remote/HeroService.plist")]
        ),
        /// Presenters, view protocols and console views (MVP).
        .target(name: "Presentation", dependencies: ["Domain", "Locking"], exclude: ["README.md"]),
        /// The composition root: arguments, the app plist, wiring, exit codes.
        .executableTarget(
            name: "heroes-cli",
            dependencies: [
                "Domain", "Network", "Data", "Presentation", "TerminalGraphics", "MockServerKit", "Locking",
                "LazyCurl",
            ],
            exclude: ["README.md"],
            resources: [.copy("Heroes.plist")],
            // Start-up (docs/PERFORMANCE.md): loading the Swift runtime, Foundation and, through
            // FoundationNetworking, libcurl and its 28 libraries took more than half of
            // `show --offline`. A release build on Linux links the runtime and Foundation
            // statically (the five internal archives after -static-stdlib are the ones the
            // static Foundation needs), and libcurl not at all: LazyCurl loads it on the first
            // URLSession call. Debug builds, and every other platform, link as before. A toolchain
            // whose static Foundation needs another archive fails this link with undefined
            // symbols: add the archive here (`swift build -c release --static-swift-stdlib -v`
            // prints what the toolchain links, before it fails on -lcurl).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-l_CFURLSessionInterface", "-lCoreFoundation", "-l_FoundationICU",
                        "-l_FoundationCShims", "-l_FoundationCollections",
                    ],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // MARK: The bundled mock server (shares no code with the app)

        /// Linux's `sys/epoll.h`, which Swift's Glibc module leaves out; empty on other systems.
        .target(name: "CEpoll", path: "MockServer/CEpoll"),
        .target(
            name: "MockServerKit",
            dependencies: ["Locking", .target(name: "CEpoll", condition: .when(platforms: [.linux]))],
            path: "MockServer/MockServerKit", resources: [.copy("Fixtures")]),
        .executableTarget(
            name: "mock-server", dependencies: ["MockServerKit"], path: "MockServer/mock-server"),

        // MARK: Measurements (release builds; ratios against a baseline measured in the same run)

        /// Every ratio in one run: `swift run -c release heroes-bench` (after `swift build -c release`,
        /// which also builds heroes-cli and bench-hello, the processes it times).
        .executableTarget(
            name: "heroes-bench", dependencies: ["Network", "Domain", "Data", "MockServerKit"],
            path: "Benchmarks/heroes-bench"),
        /// A Foundation hello world: the baseline process that heroes-cli's start-up is timed against.
        .executableTarget(name: "bench-hello", path: "Benchmarks/bench-hello"),

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
        /// Builds heroes-cli's own app plist loader: Fuzz/AppPlist/AppGraph links to its sources.
        .executableTarget(
            name: "fuzz-app-plist", dependencies: ["Data", "Domain", "Network", "FuzzSupport"],
            path: "Fuzz/AppPlist"),

        // MARK: Tests

        /// Hand-written fakes for the Domain's ports and a scripted `HTTPTransport`, for every test target.
        .target(name: "TestSupport", dependencies: ["Domain", "Network", "Locking"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport", "Locking"]),
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
        .executableTarget(name: "store-writer", dependencies: ["Data"], path: "Tests/Helpers/store-writer"),
        /// Runs the built heroes-cli (and mock-server) as processes, as scripts do.
        .testTarget(name: "CLITests", dependencies: ["MockServerKit", "Locking"], exclude: ["Golden"]),
        .testTarget(name: "ArchitectureTests"),
    ],
    swiftLanguageModes: [.v6]
)
