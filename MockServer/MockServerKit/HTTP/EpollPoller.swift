#if os(Linux)
    import Glibc

    /// The Linux poller: level-triggered epoll, so a wait costs in proportion to the ready sockets,
    /// not to every open one. Swift's Glibc module does not export `sys/epoll.h`, and MockServerKit
    /// takes no C target, so the three calls are looked up in libc with `dlsym` and the kernel's
    /// `struct epoll_event` is laid out by hand.
    final class EpollPoller: Poller {
        private typealias Create = @convention(c) (Int32) -> Int32
        private typealias Control = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
        private typealias Wait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32

        // The kernel ABI's constants (include/uapi/linux/eventpoll.h).
        private static let readable: UInt32 = 0x001
        private static let writable: UInt32 = 0x004
        private static let failure: UInt32 = 0x008 | 0x010 | 0x2000  // EPOLLERR | EPOLLHUP | EPOLLRDHUP
        private static let readHangUp: UInt32 = 0x2000
        private static let add: Int32 = 1
        private static let remove: Int32 = 2
        private static let modify: Int32 = 3
        private static let closeOnExec: Int32 = 0o2_000_000

        // `struct epoll_event { uint32_t events; epoll_data_t data; }` is packed on x86-64.
        #if arch(x86_64)
            private static let eventSize = 12
            private static let dataOffset = 4
        #else
            private static let eventSize = 16
            private static let dataOffset = 8
        #endif
        private static let capacity = 256

        private let epoll: Int32
        private let control: Control
        private let waitCall: Wait
        private let events: UnsafeMutableRawPointer
        private var registered: Set<Int32> = []

        /// Opens an epoll instance; nil when epoll is not available (then the caller uses poll).
        static func open() -> EpollPoller? {
            guard let libc = dlopen(nil, RTLD_NOW), let create = dlsym(libc, "epoll_create1"),
                let control = dlsym(libc, "epoll_ctl"), let wait = dlsym(libc, "epoll_wait")
            else { return nil }
            let descriptor = unsafeBitCast(create, to: Create.self)(closeOnExec)
            guard descriptor >= 0 else { return nil }
            return EpollPoller(
                epoll: descriptor, control: unsafeBitCast(control, to: Control.self),
                wait: unsafeBitCast(wait, to: Wait.self))
        }

        private init(epoll: Int32, control: Control, wait: Wait) {
            self.epoll = epoll
            self.control = control
            waitCall = wait
            events = UnsafeMutableRawPointer.allocate(byteCount: Self.eventSize * Self.capacity, alignment: 8)
        }

        deinit {
            events.deallocate()
        }

        func watch(_ fd: Int32, read: Bool, write: Bool) {
            // RDHUP only with read interest: level-triggered, it would repeat after the peer's FIN.
            var mask: UInt32 = 0
            if read { mask |= Self.readable | Self.readHangUp }
            if write { mask |= Self.writable }
            let operation = registered.insert(fd).inserted ? Self.add : Self.modify
            withEvent(mask: mask, fd: fd) { _ = control(epoll, operation, fd, $0) }
        }

        func forget(_ fd: Int32) {
            guard registered.remove(fd) != nil else { return }
            withEvent(mask: 0, fd: fd) { _ = control(epoll, Self.remove, fd, $0) }
        }

        func wait(timeout: Int32, into ready: inout [PollEvent]) -> Bool {
            ready.removeAll(keepingCapacity: true)
            let count = waitCall(epoll, events, Int32(Self.capacity), timeout)
            guard count > 0 else { return count == 0 || errno == EINTR }
            for index in 0..<Int(count) {
                let event = events.advanced(by: index * Self.eventSize)
                let mask = event.loadUnaligned(as: UInt32.self)
                let fd = event.advanced(by: Self.dataOffset).loadUnaligned(as: Int32.self)
                let failed = mask & Self.failure != 0
                ready.append(
                    PollEvent(
                        fd: fd, readable: mask & Self.readable != 0 || failed,
                        writable: mask & Self.writable != 0 || failed))
            }
            return true
        }

        func close() {
            _ = Glibc.close(epoll)
        }

        private func withEvent(mask: UInt32, fd: Int32, _ body: (UnsafeMutableRawPointer) -> Void) {
            var bytes = [UInt8](repeating: 0, count: Self.eventSize)
            bytes.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                base.storeBytes(of: mask, as: UInt32.self)
                base.advanced(by: Self.dataOffset).storeBytes(of: fd, toByteOffset: 0, as: Int32.self)
                body(base)
            }
        }
    }
#endif
