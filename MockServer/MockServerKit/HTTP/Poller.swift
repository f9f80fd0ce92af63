import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct PollEvent {
    var fd: Int32
    /// Data or an end of stream can be read.
    var readable: Bool
    var writable: Bool
}

/// Readiness notification over many descriptors.
protocol Poller: AnyObject {
    func watch(_ fd: Int32, read: Bool, write: Bool)
    /// Stops watching `fd`; call before closing it.
    func forget(_ fd: Int32)
    /// Waits up to `timeout` ms (-1: forever). False when the poller is unusable (its
    /// descriptor closed under it), so the loop ends instead of spinning.
    func wait(timeout: Int32, into events: inout [PollEvent]) -> Bool
    func close()
}

/// poll(2), the `pollfd` array kept and updated in place between waits: one call per wait.
final class PollPoller: Poller {
    private var fds: [pollfd] = []
    private var slots: [Int32: Int] = [:]

    func watch(_ fd: Int32, read: Bool, write: Bool) {
        let mask = (read ? Int16(POLLIN) : 0) | (write ? Int16(POLLOUT) : 0)
        if let slot = slots[fd] {
            fds[slot].events = mask
        } else {
            slots[fd] = fds.count
            fds.append(pollfd(fd: fd, events: mask, revents: 0))
        }
    }

    func forget(_ fd: Int32) {
        guard let slot = slots.removeValue(forKey: fd) else { return }
        let last = fds.count - 1
        if slot != last {
            fds[slot] = fds[last]
            slots[fds[slot].fd] = slot
        }
        fds.removeLast()
    }

    func wait(timeout: Int32, into events: inout [PollEvent]) -> Bool {
        events.removeAll(keepingCapacity: true)
        let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeout) }
        guard ready > 0 else { return ready == 0 || errno == EINTR || errno == EAGAIN }
        let failure = Int16(POLLERR) | Int16(POLLHUP) | Int16(POLLNVAL)
        var remaining = Int(ready)
        for index in fds.indices where fds[index].revents != 0 {
            let revents = fds[index].revents
            let failed = revents & failure != 0
            events.append(
                PollEvent(
                    fd: fds[index].fd,
                    readable: revents & Int16(POLLIN) != 0 || failed,
                    writable: revents & Int16(POLLOUT) != 0 || failed))
            fds[index].revents = 0
            remaining -= 1
            if remaining == 0 { break }
        }
        return true
    }

    func close() {}
}

/// Wakes a poller from another thread: a non-blocking pipe the loop watches.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32
    /// One lock with the write, so a late nudge never writes into a descriptor number reused
    /// for a client's socket. `pending`: a byte is undrained, so a nudge need not write.
    private let state = Locked((stopping: false, draining: false, closed: false, pending: false))

    /// Nil when the process is out of descriptors.
    static func open() -> WakePipe? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        Socket.setNonBlocking(ends[0])
        Socket.setNonBlocking(ends[1])
        return WakePipe(readEnd: ends[0], writeEnd: ends[1])
    }

    private init(readEnd: Int32, writeEnd: Int32) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    /// Asks the loop to stop. Safe from any thread.
    func signal() {
        state.withLock { $0.stopping = true }
        nudge()
    }

    /// Asks the loop to stop accepting and to stop once every connection is quiet.
    func signalDrain() {
        state.withLock { $0.draining = true }
        nudge()
    }

    var isDraining: Bool { state.withLock { $0.draining } }

    /// Wakes the loop so it checks its deferred responses. Safe from any thread, before or after
    /// `close`; a full pipe already means "awake".
    func nudge() {
        state.withLock { state in
            guard !state.closed, !state.pending else { return }
            state.pending = true
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    var isStopping: Bool { state.withLock { $0.stopping } }

    /// Empties the pipe; a nudge from now on writes again.
    func drain() {
        // Under the lock with the nudges: a byte read here and `pending` left set would silence
        // every later nudge.
        state.withLock { state in
            var scratch = [UInt8](repeating: 0, count: 64)
            while scratch.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
            state.pending = false
        }
    }

    /// Closes both ends, once; later nudges do nothing.
    func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            Socket.close(readEnd)
            Socket.close(writeEnd)
        }
    }
}
