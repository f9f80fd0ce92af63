#if LibcurlTransport && os(Linux)
    import CCurl
    import Foundation

    /// One libcurl multi handle and its thread, sleeping in `curl_multi_poll` between events.
    /// Other threads queue commands and wake it with `curl_multi_wakeup`.
    /// `@unchecked Sendable`: `commands` and `threadStarted` are behind `lock`; the rest is
    /// touched on the engine's thread only.
    final class CurlEngine: @unchecked Sendable {
        private enum Command {
            case add(CurlTransfer)
            case cancel(CurlTransfer)
            case resume(CurlTransfer)
            case stop
        }

        /// libcurl's global state, set up once per process before the first handle.
        private static let globalSetUp: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

        private let multi: UnsafeMutableRawPointer?
        private let lock = NSLock()
        private var commands: [Command] = []
        private var threadStarted = false
        private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]

        init() {
            _ = Self.globalSetUp
            multi = curl_multi_init()
        }

        deinit {
            // The thread holds the engine until it returns, so it has ended, or never started.
            curl_multi_cleanup(multi)
        }

        /// Starts `transfer`; its continuation is resumed on the engine's thread when it ends.
        func add(_ transfer: CurlTransfer) {
            // Without a multi handle (libcurl out of memory at start) nothing can be sent.
            guard multi != nil else {
                return transfer.fail(
                    .transport(code: URLError.unknown.rawValue, message: "libcurl did not start"))
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
            if started { curl_multi_wakeup(multi) }
        }

        private func submit(_ command: Command) {
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
                curl_multi_wakeup(multi)
            }
        }

        private func loop() {
            while true {
                let batch = lock.withLock {
                    defer { commands = [] }
                    return commands
                }
                for command in batch {
                    switch command {
                    case .add(let transfer): start(transfer)
                    case .cancel(let transfer): stopRunning(transfer)
                    case .resume(let transfer):
                        if transfers[transfer.handle] != nil {
                            _ = curl_easy_pause(transfer.handle, ccurl_pause_continue())
                        }
                    case .stop:
                        for transfer in Array(transfers.values) { stopRunning(transfer) }
                        return
                    }
                }
                var running: Int32 = 0
                curl_multi_perform(multi, &running)
                collectFinished()
                // libcurl shortens the wait to its own next timer (a timeout, a retry of a connect).
                curl_multi_poll(multi, nil, 0, transfers.isEmpty ? 60_000 : 1_000, nil)
            }
        }

        private func start(_ transfer: CurlTransfer) {
            if transfer.cancellationRequested { return transfer.fail(.cancelled) }
            transfer.engine = self
            guard curl_multi_add_handle(multi, transfer.handle) == CURLM_OK else {
                return transfer.fail(
                    .transport(code: URLError.unknown.rawValue, message: "libcurl refused the request"))
            }
            transfers[transfer.handle] = transfer
        }

        private func stopRunning(_ transfer: CurlTransfer) {
            guard transfers.removeValue(forKey: transfer.handle) != nil else { return }
            curl_multi_remove_handle(multi, transfer.handle)
            transfer.fail(.cancelled)
        }

        private func collectFinished() {
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else {
                    continue
                }
                let code = message.pointee.data.result
                guard let transfer = transfers.removeValue(forKey: easy) else { continue }
                curl_multi_remove_handle(multi, easy)
                if transfer.finish(code) == .followRedirect {
                    start(transfer)
                }
            }
        }
    }
#endif
