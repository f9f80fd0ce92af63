#if os(Linux)
    import Foundation

    /// Body pieces waiting for a writer thread and a sink that may block: the transfer pauses when
    /// `bufferLimit` bytes wait and resumes at half.
    /// `@unchecked Sendable`: all but `sink` is touched under `condition`'s lock.
    final class StreamedBody: @unchecked Sendable {
        enum Offer {
            case taken
            /// The buffer is full; pause and offer it again after `onResume`.
            case pause
            /// The sink failed, with this message.
            case failed(String)
        }

        /// The most bytes received and not yet written.
        static let bufferLimit = 1 << 20

        private let sink: any ResponseBodySink
        private let condition = NSCondition()
        private var pieces: [Data] = []
        private var buffered = 0
        private var paused = false
        private var finishing: (@Sendable (String?) -> Void)?
        private var abandoned = false
        private var failure: String?
        private var writerStarted = false
        /// Called from the writer thread when a paused transfer may go on.
        var onResume: (@Sendable () -> Void)? {
            get { condition.withLock { resume } }
            set { condition.withLock { resume = newValue } }
        }
        private var resume: (@Sendable () -> Void)?

        init(_ sink: any ResponseBodySink) {
            self.sink = sink
        }

        /// Copies `bytes` for the sink, unless the buffer is full or the sink failed.
        func offer(_ bytes: UnsafeRawBufferPointer) -> Offer {
            condition.lock()
            defer { condition.unlock() }
            if let failure { return .failed(failure) }
            guard buffered < Self.bufferLimit else {
                paused = true
                return .pause
            }
            pieces.append(Data(bytes))
            buffered += bytes.count
            startWriterIfNeeded()
            condition.signal()
            return .taken
        }

        /// `done` gets nil once all is written, or the sink's failure.
        func finish(_ done: @escaping @Sendable (String?) -> Void) {
            condition.lock()
            if writerStarted {
                finishing = done
                condition.signal()
                condition.unlock()
            } else {
                let failure = self.failure
                condition.unlock()
                done(failure)
            }
        }

        /// The transfer failed or was cancelled.
        func abandon() {
            condition.withLock {
                abandoned = true
                pieces = []
                buffered = 0
                condition.signal()
            }
        }

        private func startWriterIfNeeded() {
            guard !writerStarted else { return }
            writerStarted = true
            let thread = Thread { [self] in writeUntilDone() }
            thread.name = "CurlTransport.sink"
            thread.start()
        }

        private func writeUntilDone() {
            while true {
                condition.lock()
                while pieces.isEmpty && finishing == nil && !abandoned { condition.wait() }
                if abandoned {
                    // Tell whoever waits for the end, so no continuation is left hanging.
                    let done = finishing
                    condition.unlock()
                    done?("the transfer was stopped")
                    return
                }
                guard !pieces.isEmpty else {
                    let (done, failure) = (finishing, self.failure)
                    condition.unlock()
                    done?(failure)
                    return
                }
                let piece = pieces.removeFirst()
                condition.unlock()

                var failed: String?
                do {
                    try sink.write(piece)
                } catch {
                    failed = "cannot write the body: \(error)"
                }

                condition.lock()
                buffered -= piece.count
                if let failed {
                    failure = failed
                    pieces = []
                    buffered = 0
                }
                // Resume at half, not at the first free byte: fewer pause rounds.
                let wake = paused && (buffered <= Self.bufferLimit / 2 || failed != nil)
                if wake { paused = false }
                let resume = self.resume
                condition.unlock()
                if wake { resume?() }
            }
        }
    }
#endif
