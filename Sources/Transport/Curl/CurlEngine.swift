#if os(Linux)
    import CCurl
    import Foundation

    /// One libcurl multi handle (it keeps the connections) and its thread, asleep in `curl_multi_poll`;
    /// other threads queue commands and wake it with `curl_multi_wakeup`.
    /// `@unchecked Sendable`: `commands`, `threadStarted`, `sleeping` and `idleHandles` are behind `lock`;
    /// the rest is touched on the engine's thread only.
    final class CurlEngine: @unchecked Sendable {
        private enum Command {
            case add(CurlTransfer)
            case cancel(CurlTransfer)
            case resume(CurlTransfer)
            case stop
        }

        private let multi: OpaquePointer?
        private let lock = NSLock()
        private var commands: [Command] = []
        private var threadStarted = false
        /// In `curl_multi_poll` or about to be: a new command must wake it.
        private var sleeping = false
        private var transfers: [OpaquePointer: CurlTransfer] = [:]
        /// Reset and kept for the next transfers: a new handle costs allocations and set-up.
        private var idleHandles: [OpaquePointer] = []
        private static let idleHandleLimit = 64

        init() {
            multi = CurlLibrary.failure == nil ? ccurl_multi_init() : nil
        }

        deinit {
            // The thread and each transfer hold the engine, so all have ended.
            idleHandles.forEach(ccurl_easy_cleanup)
            if let multi { _ = ccurl_multi_cleanup(multi) }
        }

        /// An idle handle or a new one; nil when libcurl is out of memory.
        func makeHandle() -> OpaquePointer? {
            lock.withLock { idleHandles.popLast() } ?? ccurl_easy_init()
        }

        /// For a transfer that has left the multi handle.
        func recycle(_ handle: OpaquePointer) {
            // Drops its options, and the pointers to the transfer's buffers with them.
            ccurl_easy_reset(handle)
            let kept = lock.withLock {
                guard idleHandles.count < Self.idleHandleLimit else { return false }
                idleHandles.append(handle)
                return true
            }
            if !kept { ccurl_easy_cleanup(handle) }
        }

        /// The completion runs on the engine's thread.
        func add(_ transfer: CurlTransfer) {
            guard multi != nil else {
                return transfer.fail(
                    .failed(
                        code: URLError.unknown.rawValue,
                        message: CurlLibrary.failure ?? "libcurl did not start (out of memory)"))
            }
            submit(.add(transfer))
        }

        /// It ends with `.cancelled`; one not yet started never starts. From any thread.
        func cancel(_ transfer: CurlTransfer) {
            transfer.requestCancellation()
            submit(.cancel(transfer))
        }

        /// For a transfer paused because its sink was full.
        func resume(_ transfer: CurlTransfer) { submit(.resume(transfer)) }

        /// Cancels everything running and ends the thread.
        func stop() {
            let started = lock.withLock {
                commands.append(.stop)
                return threadStarted
            }
            if started, let multi { _ = ccurl_multi_wakeup(multi) }
        }

        private func submit(_ command: Command) {
            guard let multi else { return }
            let (startThread, wake): (Bool, Bool) = lock.withLock {
                commands.append(command)
                defer { (threadStarted, sleeping) = (true, false) }
                return (!threadStarted, sleeping)
            }
            if startThread {
                let thread = Thread { [self] in loop() }
                thread.name = "CurlTransport"
                thread.start()
            } else if wake {
                _ = ccurl_multi_wakeup(multi)
            }
        }

        private func loop() {
            guard let multi else { return }
            while true {
                let batch = lock.withLock {
                    defer { (commands, sleeping) = ([], false) }
                    return commands
                }
                for command in batch {
                    switch command {
                    case .add(let transfer): start(transfer, on: multi)
                    case .cancel(let transfer): stopRunning(transfer, on: multi)
                    case .resume(let transfer):
                        if transfers[transfer.handle] != nil {
                            _ = ccurl_easy_pause(transfer.handle, CCURLPAUSE_CONT)
                        }
                    case .stop:
                        for transfer in Array(transfers.values) { stopRunning(transfer, on: multi) }
                        return
                    }
                }
                var running: Int32 = 0
                _ = ccurl_multi_perform(multi, &running)
                collectFinished(on: multi)
                // Take commands that came meanwhile; else sleep until a socket, a libcurl timer or a wake-up.
                let idle = lock.withLock {
                    sleeping = commands.isEmpty
                    return sleeping
                }
                _ = ccurl_multi_poll(multi, nil, 0, idle ? (transfers.isEmpty ? 60_000 : 1_000) : 0, nil)
            }
        }

        private func start(_ transfer: CurlTransfer, on multi: OpaquePointer) {
            if transfer.cancellationRequested { return transfer.fail(.cancelled) }
            guard ccurl_multi_add_handle(multi, transfer.handle) == CCURLM_OK else {
                return transfer.fail(
                    .failed(code: URLError.unknown.rawValue, message: "libcurl refused the request"))
            }
            transfers[transfer.handle] = transfer
        }

        private func stopRunning(_ transfer: CurlTransfer, on multi: OpaquePointer) {
            guard transfers.removeValue(forKey: transfer.handle) != nil else { return }
            _ = ccurl_multi_remove_handle(multi, transfer.handle)
            transfer.fail(.cancelled)
        }

        private func collectFinished(on multi: OpaquePointer) {
            var queued: Int32 = 0
            while let message = ccurl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CCURLMSG_DONE, let easy = message.pointee.easy_handle else {
                    continue
                }
                let code = message.pointee.data.result
                guard let transfer = transfers.removeValue(forKey: easy) else { continue }
                _ = ccurl_multi_remove_handle(multi, easy)
                if transfer.finish(code) == .followRedirect {
                    start(transfer, on: multi)
                }
            }
        }
    }
#endif
