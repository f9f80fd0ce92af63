import Foundation

/// Limits and timeouts of the event loop; durations in nanoseconds.
struct LoopSettings: Sendable {
    /// More get 503 and close.
    var maximumConnections: Int
    /// First to last byte of a request; beyond it, 408 and close (slowloris).
    var requestTimeout: UInt64
    var idleTimeout: UInt64
    /// How long a closing connection discards what the client still sends.
    var drainTimeout: UInt64 = 2_000_000_000
    var usesPoll = false
}

/// The server's single I/O thread: readiness-driven, with timers for delays and a sweep for
/// timeouts.
final class EventLoop {
    private let listener: Int32
    private let wake: WakePipe
    private let handler: any RequestHandler
    private let settings: LoopSettings
    private let poller: any Poller
    private var connections: [Int32: Connection] = [:]
    private var timers: [Int32: UInt64] = [:]
    private let dates = DateCache()
    private var scratch = [UInt8](repeating: 0, count: 65_536)
    private var events: [PollEvent] = []
    private var nextSweep: UInt64 = 0
    /// The handler's generation when waiting connections were last checked.
    private var lastGeneration = 0
    /// Set while accepting pauses for lack of descriptors.
    private var acceptResumes: UInt64?
    private let sweepInterval: UInt64
    /// Connections with input left for their next turn.
    private var ready: [Connection] = []
    /// Connections whose request needs more matching than a trial, oldest first.
    private var held: [Connection] = []
    private let budget = TurnBudget()
    private var turn = 0

    init(
        listener: Int32, wake: WakePipe, handler: any RequestHandler, settings: LoopSettings,
        poller: any Poller
    ) {
        self.listener = listener
        self.wake = wake
        self.handler = handler
        self.settings = settings
        self.poller = poller
        sweepInterval = min(1_000_000_000, min(settings.requestTimeout, settings.idleTimeout) / 4)
    }

    /// Epoll on Linux unless poll(2) is asked for; poll(2) elsewhere.
    static func makePoller(_ settings: LoopSettings) -> any Poller {
        #if os(Linux) && canImport(CEpoll)
            if !settings.usesPoll, let epoll = EpollPoller.open() { return epoll }
        #endif
        return PollPoller()
    }

    /// Runs until woken, then closes the listener (freeing the port) and every connection.
    func run() {
        poller.watch(listener, read: true, write: false)
        poller.watch(wake.readEnd, read: true, write: false)
        nextSweep = Monotonic.now() + sweepInterval
        var running = true
        var draining = false
        while running {
            guard poller.wait(timeout: waitTimeout(now: Monotonic.now()), into: &events) else {
                // The poller's descriptor was closed under it: stop rather than spin.
                ProgramName.warn("the event loop's poller failed; stopping")
                break
            }
            let now = Monotonic.now()
            turn += 1
            let waiting = ready
            ready.removeAll(keepingCapacity: true)
            serveHeld(now: now)
            var nudged = false
            for event in events {
                if event.fd == wake.readEnd {
                    wake.drain()
                    if wake.isStopping { running = false } else { nudged = true }
                    if !draining, wake.isDraining {
                        draining = true
                        poller.forget(listener)
                    }
                } else if event.fd == listener {
                    acceptAll(now: now)
                } else if let connection = connections[event.fd] {
                    service(connection, readable: event.readable, now: now)
                }
            }
            for connection in waiting
            where connection.lastTurn != turn && connections[connection.fd] === connection {
                service(connection, readable: false, now: now, pipelined: true)
            }
            let generation = handler.generation
            // A nudge: a deferred response became ready on another thread (each sweep looks too).
            let changed = generation != lastGeneration || nudged || now >= nextSweep
            lastGeneration = generation
            // Waiting connections are checked when due, or when a long poll may be ready.
            for (fd, deadline) in timers where deadline <= now || changed {
                if let connection = connections[fd] { update(connection, now: now) }
            }
            if let resume = acceptResumes, now >= resume, !draining {
                acceptResumes = nil
                poller.watch(listener, read: true, write: false)
            }
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + sweepInterval
            }
            if draining, connections.values.allSatisfy(isQuiet) { running = false }
        }
        Socket.close(listener)
        for connection in connections.values { Socket.close(connection.fd) }
        connections.removeAll()
        poller.close()
        wake.close()
    }

    /// Spends the turn's matching budget on held requests, oldest first (the first always goes).
    private func serveHeld(now: UInt64) {
        budget.startTurn()
        var served = 0
        while served < held.count, served == 0 || budget.hasRoom {
            let connection = held[served]
            served += 1
            guard connections[connection.fd] === connection else { continue }
            service(connection, readable: false, now: now, pipelined: true)
        }
        held.removeFirst(served)
    }

    private func waitTimeout(now: UInt64) -> Int32 {
        guard ready.isEmpty, held.isEmpty else { return 0 }
        var deadline = min(nextSweep, acceptResumes ?? nextSweep)
        for value in timers.values where value < deadline { deadline = value }
        guard deadline > now else { return 0 }
        return Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
    }

    private func acceptAll(now: UInt64) {
        for _ in 0..<256 {
            guard let fd = Socket.accept(listener) else {
                if Socket.lastFailureWasDescriptorLimit {
                    // The listener would stay readable and spin the loop: unwatch it for a moment.
                    poller.watch(listener, read: false, write: false)
                    acceptResumes = now + 100_000_000
                }
                return
            }
            // At the cap, the connection idle longest makes room: one client's idle sockets
            // never shut out another's request.
            if connections.count >= settings.maximumConnections, let idle = longestIdle() {
                close(idle, reset: false)
            }
            guard connections.count < settings.maximumConnections else {
                refuse(fd)
                continue
            }
            let connection = Connection(fd: fd, now: now)
            connections[fd] = connection
            // Its request is often there already; answering now, a new client waits for one
            // other request at most, not two.
            service(connection, readable: true, now: now)
        }
    }

    /// The quiet connection (`isQuiet`) idle longest.
    private func longestIdle() -> Connection? {
        var found: Connection?
        for connection in connections.values where isQuiet(connection) {
            if found.map({ connection.lastActivity < $0.lastActivity }) ?? true { found = connection }
        }
        return found
    }

    /// No request begun, held, waiting on a timer or answered in part.
    private func isQuiet(_ connection: Connection) -> Bool {
        connection.requestStarted == nil && connection.outbox.isEmpty && !connection.isHeld
            && !connection.hasUnparsedInput && connection.drainDeadline == nil && timers[connection.fd] == nil
    }

    /// Best-effort 503 and close.
    private func refuse(_ fd: Int32) {
        var bytes: [UInt8] = []
        let response = ErrorBody.response(status: 503, message: "too many connections")
        ResponseEncoder.appendHead(
            response, bodyLength: response.body.count, keepAlive: false, date: dates.now(), to: &bytes)
        bytes.append(contentsOf: response.body)
        _ = bytes.withUnsafeBytes { Socket.send(fd, $0) }
        Socket.close(fd)
    }

    private func service(_ connection: Connection, readable: Bool, now: UInt64, pipelined: Bool = false) {
        if readable {
            for _ in 0..<8 {
                let count = scratch.withUnsafeMutableBytes { Socket.receive(connection.fd, into: $0) }
                guard let count else { break }
                guard count >= 0 else {
                    close(connection, reset: false)
                    return
                }
                if count == 0 {
                    connection.peerClosed = true
                    break
                }
                scratch.withUnsafeBytes {
                    connection.received(UnsafeRawBufferPointer(rebasing: $0[..<count]), now: now)
                }
                if count < scratch.count { break }
            }
        }
        // Also after a write: input held back while the client was not reading may now go.
        if connection.drainDeadline == nil, connection.lastTurn != turn {
            connection.lastTurn = turn
            connection.processInput(
                handler: handler, turn: budget, dates: dates, now: now, pipelined: pipelined)
            if connection.isHeld { held.append(connection) }
        }
        update(connection, now: now)
    }

    /// Flushes, then registers what the connection waits for (or closes it).
    private func update(_ connection: Connection, now: UInt64) {
        let outcome = connection.flush(now: now, dates: dates)
        if !timers.isEmpty { timers[connection.fd] = nil }
        var writes = false
        switch outcome {
        case .failed:
            close(connection, reset: false)
            return
        case .reset:
            close(connection, reset: true)
            return
        case .draining:
            connection.drainDeadline = connection.drainDeadline ?? now + settings.drainTimeout
        case .paused(let deadline):
            timers[connection.fd] = deadline
        case .blocked:
            writes = true
        case .idle, .held:
            break
        }
        // Unread input (pipelined, or held back by a full outbox) gets the next turn once the
        // outbox has room.
        let untried =
            connection.hasUntriedInput && connection.hasUnparsedInput && !connection.isHeld
            && connection.outbox.pendingBytes < Connection.outputHighWater
        if untried, !connection.peerClosed || connection.outbox.isEmpty {
            ready.append(connection)
        }
        if connection.peerClosed, !writes, !untried {
            // The client is gone or done sending: the rest is sent or never can be.
            close(connection, reset: false)
            return
        }
        // A request still waiting its turn: read no more until it is served.
        let reads =
            connection.drainDeadline != nil
            || (connection.outbox.pendingBytes < Connection.outputHighWater && !untried && !connection.isHeld)
        if connection.watching?.read != reads || connection.watching?.write != writes {
            poller.watch(connection.fd, read: reads, write: writes)
            connection.watching = (reads, writes)
        }
    }

    private func sweep(now: UInt64) {
        for connection in Array(connections.values) {
            if let deadline = connection.drainDeadline {
                if now >= deadline { close(connection, reset: false) }
                continue
            }
            if let started = connection.requestStarted, !connection.closing,
                now > started + settings.requestTimeout
            {
                connection.timeOut(dates: dates)
                update(connection, now: now)
                continue
            }
            if timers[connection.fd] == nil, !connection.isHeld,
                now > connection.lastActivity + settings.idleTimeout
            {
                close(connection, reset: false)
            }
        }
    }

    private func close(_ connection: Connection, reset: Bool) {
        poller.forget(connection.fd)
        timers[connection.fd] = nil
        connections[connection.fd] = nil
        if reset { Socket.reset(connection.fd) } else { Socket.close(connection.fd) }
    }
}
