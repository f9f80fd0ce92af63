#if os(Linux)
    import CCurl
    import Foundation

    /// One libcurl multi handle and its thread, sleeping in `curl_multi_poll` between events.
    /// Other threads queue commands and wake it with `curl_multi_wakeup`. The multi handle keeps
    /// the connections, so transfers to one origin reuse them.
    /// `@unchecked Sendable`: `commands` and `threadStarted` are behind `lock`; the rest is
    /// touched on the engine's thread only.
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
        private var transfers: [OpaquePointer: CurlTransfer] = [:]

        init() {
            multi = CurlLibrary.failure == nil ? ccurl_multi_init() : nil
        }

        deinit {
            // The thread holds the engine until it returns, so it has ended, or never started.
            if let multi { _ = ccurl_multi_cleanup(multi) }
        }

        /// Starts `transfer`; its continuation is resumed on the engine's thread when it ends.
        func add(_ transfer: CurlTransfer) {
            guard multi != nil else {
                return transfer.fail(
                    .failed(
                        code: URLError.unknown.rawValue,
                        message: CurlLibrary.failure ?? "libcurl did not start (out of memory)"))
            }
            submit(.add(transfer))
        }

        /// Stops `transfer` if it is running (it ends with `.cancelled`).
        func cancel(_ transfer: CurlTransfer) { submit(.cancel(transfer)) }

        /// Resumes a transfer paused because its sink was full.
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
            let startThread: Bool = lock.withLock {
                commands.append(command)
                defer { threadStarted = true }
                return !threadStarted
            }
            if startThread {
                let thread = Thread { [self] in loop() }
                thread.name = "CurlTransport"
                thread.start()
            } else {
                _ = ccurl_multi_wakeup(multi)
            }
        }

        private func loop() {
            guard let multi else { return }
            while true {
                let batch = lock.withLock {
                    defer { commands = [] }
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
                // libcurl shortens the wait to its own next timer (a timeout, a retry of a connect).
                _ = ccurl_multi_poll(multi, nil, 0, transfers.isEmpty ? 60_000 : 1_000, nil)
            }
        }

        private func start(_ transfer: CurlTransfer, on multi: OpaquePointer) {
            if transfer.cancellationRequested { return transfer.fail(.cancelled) }
            transfer.engine = self
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
