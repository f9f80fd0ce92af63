#if os(Linux) && canImport(CEpoll)
    import CEpoll
    import Glibc

    /// Level-triggered epoll: a wait costs per ready socket, not per open one. `CEpoll` gives
    /// `sys/epoll.h`, absent from Glibc, so `epoll_event`'s layout (packed on x86-64) is C's.
    final class EpollPoller: Poller {
        private static let readable = EPOLLIN.rawValue
        private static let writable = EPOLLOUT.rawValue
        private static let readHangUp = EPOLLRDHUP.rawValue
        private static let failure = EPOLLERR.rawValue | EPOLLHUP.rawValue | EPOLLRDHUP.rawValue
        private static let capacity = 256

        private let epoll: Int32
        private var events: [epoll_event]
        private var registered: Set<Int32> = []

        /// Nil when the kernel refuses epoll (the caller then uses poll).
        static func open() -> EpollPoller? {
            let descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            return EpollPoller(epoll: descriptor)
        }

        private init(epoll: Int32) {
            self.epoll = epoll
            events = Array(repeating: epoll_event(), count: Self.capacity)
        }

        func watch(_ fd: Int32, read: Bool, write: Bool) {
            // RDHUP only with read interest: level-triggered, it would repeat after the peer's FIN.
            var mask: UInt32 = 0
            if read { mask |= Self.readable | Self.readHangUp }
            if write { mask |= Self.writable }
            let operation = registered.insert(fd).inserted ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
            var event = epoll_event(events: mask, data: epoll_data_t(fd: fd))
            _ = epoll_ctl(epoll, operation, fd, &event)
        }

        func forget(_ fd: Int32) {
            guard registered.remove(fd) != nil else { return }
            _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
        }

        func wait(timeout: Int32, into ready: inout [PollEvent]) -> Bool {
            ready.removeAll(keepingCapacity: true)
            let count = events.withUnsafeMutableBufferPointer {
                epoll_wait(epoll, $0.baseAddress, Int32($0.count), timeout)
            }
            guard count > 0 else { return count == 0 || errno == EINTR }
            for event in events[0..<Int(count)] {
                let failed = event.events & Self.failure != 0
                ready.append(
                    PollEvent(
                        fd: event.data.fd, readable: event.events & Self.readable != 0 || failed,
                        writable: event.events & Self.writable != 0 || failed))
            }
            return true
        }

        func close() {
            _ = Glibc.close(epoll)
        }
    }
#endif
