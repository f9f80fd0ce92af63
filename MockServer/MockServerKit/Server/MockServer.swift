import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Heroes API over real HTTP/1.1, in-process: start on port 0, point a client at `baseURL`,
/// inject faults, read the journal, stop. One event-loop thread serves every connection.
public final class MockServer: Sendable {
    private struct Running: Sendable {
        let port: Int
        let wake: WakePipe
        let finished: Completion
        let application: HeroesApplication
    }

    private enum Lifecycle {
        case idle
        case running(Running)
    }

    public let configuration: MockServerConfiguration
    let journal: Journal
    private let faults = FaultRegistry()
    let stubs = StubRegistry()
    private let lifecycle = Locked(Lifecycle.idle)

    /// Sets up the library that proxying, recording and `verify` send with (libcurl on Linux).
    /// A process's `main` calls it first, on the main thread, as libcurl asks; otherwise the
    /// first outbound request does.
    public static func setUpOutboundClient() {
        OriginClient.setUp()
    }

    /// Nothing happens until `start()`.
    public init(configuration: MockServerConfiguration = MockServerConfiguration()) {
        self.configuration = configuration
        journal = Journal(capacity: configuration.journalCapacity, redacting: configuration.redactedHeaders)
    }

    deinit {
        // A server dropped without stop() still ends its thread and frees its port.
        running?.wake.signal()
    }

    /// Loads the fixtures or saved state, binds and serves; returns once the port is open.
    public func start() async throws(MockServerError) {
        guard case .idle = lifecycle.withLock({ $0 }) else {
            throw MockServerError("the server is already running")
        }
        signal(SIGPIPE, SIG_IGN)  // a peer that vanishes mid-write must never end the process
        let directory = try configuration.fixturesDirectory()
        let fixtures =
            configuration.fixtures == .bundled
            ? try FixtureSet.loadBundled(from: directory) : try FixtureSet.load(from: directory)
        var mappings: [StubMapping] = []
        var files: BodyFolder?
        if let root = configuration.rootDirectory {
            // A recording may start from nothing: a missing folder is made, as WireMock's recorder does.
            if !FileManager.default.fileExists(atPath: root.path) {
                try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                if !configuration.recordsMappings {
                    ProgramName.warn(
                        "warning: --root-dir \(root.path) did not exist; made it, empty, for recordings")
                }
            }
            let folder = BodyFolder(root.appendingPathComponent("__files", isDirectory: true))
            mappings = try MappingLoader.load(root: root, files: folder)
            files = folder
            for warning in mappings.flatMap(\.warnings) {
                ProgramName.warn("warning: \(warning)")
            }
        }
        if let origin = configuration.proxyAll {
            mappings.append(try ProxyAll.mapping(to: origin))
        }
        if !mappings.isEmpty || files != nil { stubs.load(mappings, files: files) }
        let stateFile = configuration.stateFile.map(StateFile.init)
        try stateFile?.checkFolder()
        // Stamped before the read: a save landing in between is reread at the first request.
        let stamp = stateFile?.stamp()
        // A state file it cannot use is the operator's to fix, as a bad mapping is (exit 78).
        let saved: StateFile.Saved?
        do {
            saved = try stateFile?.load(teams: fixtures.teams)
        } catch {
            throw MockServerError(configuration: error.description)
        }
        guard let wake = WakePipe.open() else { throw MockServerError(posix: "pipe") }
        let application = HeroesApplication(
            fixtures: fixtures, current: saved ?? (fixtures.heroes, fixtures.pictures, [:]),
            users: configuration.users,
            limits: HeroTable.Limits(
                maximumHeroes: configuration.maximumHeroes,
                maximumPictureBytes: configuration.maximumPictureBytes),
            stateFile: stateFile, latency: configuration.latencyMilliseconds, journal: journal,
            faults: faults,
            adminAccess: configuration.adminAccess, tokenLifetime: configuration.tokenLifetime,
            stubs: stubs, servesHeroes: configuration.servesHeroes, loadedStamp: stamp,
            proxyTimeout: configuration.proxyTimeout, nudge: { wake.nudge() },
            recorder: ProxyRecorder(continuous: ProxyAll.continuousRecording(configuration)),
            recordingRoot: configuration.rootDirectory, redactedHeaders: configuration.redactedHeaders
        )
        if configuration.adminAccess == .off {
            ProgramName.warn(
                "warning: bound to \(configuration.host) without --admin-token; "
                    + "the admin API and X-Mock-Fault are off")
        }
        let listener: Int32
        let port: Int
        do {
            (listener, port) = try Socket.listen(
                host: configuration.host, port: configuration.port, backlog: 1024)
        } catch {
            wake.close()
            throw error
        }
        let settings = LoopSettings(
            maximumConnections: configuration.maximumConnections,
            requestTimeout: Self.nanoseconds(configuration.requestTimeout),
            idleTimeout: Self.nanoseconds(configuration.idleTimeout), usesPoll: configuration.usesPoll)
        let finished = Completion()
        let thread = Thread {
            let poller = EventLoop.makePoller(settings)
            EventLoop(
                listener: listener, wake: wake, handler: application, settings: settings, poller: poller
            ).run()
            finished.finish()
        }
        thread.name = "mock-server"
        let running = Running(port: port, wake: wake, finished: finished, application: application)
        let started = lifecycle.withLock { state -> Bool in
            guard case .idle = state else { return false }
            state = .running(running)
            return true
        }
        guard started else {
            Socket.close(listener)
            wake.close()
            throw MockServerError("the server is already running")
        }
        thread.start()
    }

    /// Closes the port at once (a restart on it works) and every connection.
    public func stop() async {
        guard let running = takeRunning() else { return }
        running.wake.signal()
        await running.finished.wait()
    }

    /// Stops accepting, lets requests under way finish for up to `grace`, then stops as `stop()`
    /// does. Returns at once when no request is under way.
    public func stop(waitingUpTo grace: Duration) async {
        guard let running = takeRunning() else { return }
        running.wake.signalDrain()
        let deadline = Task {
            do {
                try await Task.sleep(for: grace)
                running.wake.signal()
            } catch {}  // cancelled: the loop finished first
        }
        await running.finished.wait()
        deadline.cancel()
    }

    /// The bound port (the kernel's choice for 0); 0 when not running.
    public var port: Int { running?.port ?? 0 }

    private var running: Running? {
        lifecycle.withLock { state in
            if case .running(let running) = state { return running }
            return nil
        }
    }

    /// The running server, which is then stopping: one caller takes it.
    private func takeRunning() -> Running? {
        lifecycle.withLock { state in
            guard case .running(let running) = state else { return nil }
            state = .idle
            return running
        }
    }

    /// Whether the admin API and fault headers are served (loopback, or an admin token).
    public var adminEnabled: Bool { configuration.adminAccess != .off }

    /// `http://host:port` of the running server.
    public var baseURL: URL {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return URL(string: "http://\(host):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Restores the fixtures and removes the fault rules.
    public func reset() throws(MockServerError) {
        guard let running else { throw MockServerError("the server is not running") }
        try running.application.reset()
    }

    /// Revokes every bearer token, so the next use gets 401 (tests of a client's refresh).
    public func revokeTokens() throws(MockServerError) {
        guard let running else { throw MockServerError("the server is not running") }
        running.application.authenticator.tokens.revokeAll()
    }

    /// Registers a fault for matching requests; returns the rule's id.
    @discardableResult
    public func addFault(_ rule: FaultRule) throws(MockServerError) -> Int {
        try faults.add(rule)
    }

    public func clearFaults() {
        faults.clear()
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}

/// A one-shot signal tasks can await.
final class Completion: Sendable {
    private let state = Locked<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func finish() {
        let waiters = state.withLock { state in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if !state.done { state.waiters.append(continuation) }
                return state.done
            }
            if done { continuation.resume() }
        }
    }
}
