#if os(Linux)
    import CCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// One request on a libcurl easy handle; the body rules are `Transfer`'s.
    /// `@unchecked Sendable`: touched only on the engine's thread, but `cancelled`, behind `cancelLock`.
    final class CurlTransfer: @unchecked Sendable {
        enum Next: Equatable {
            /// Over; its completion has run, or will once its sink drains.
            case done
            /// Pointed at the redirect's target: add it again.
            case followRedirect
        }

        let handle: OpaquePointer
        let state: Transfer
        /// Runs once, with the outcome, on the engine's thread (or the sink's writer).
        var completion: (@Sendable (Result<Transfer.Outcome, TransportError>) -> Void)?
        let engine: CurlEngine

        let method: String
        private(set) var url: URL
        let sink: StreamedBody?
        var headerList: UnsafeMutablePointer<ccurl_slist>?
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CCURL_ERROR_SIZE))
        private let redirectPolicy: RedirectPolicy

        /// Of a 1xx, a redirect or the final answer.
        private var status = 0
        private var fields: [(String, String)] = []
        private var headBytes = 0
        private var interimResponses = 0
        private(set) var headComplete = false
        /// Where a followed 3xx leads; its body is dropped.
        private var redirectTarget: URL?
        /// Why the answer was refused before its body.
        private var violation: String?
        private var sinkFailure: String?
        private var uploadReported: Int64 = 0

        private let cancelLock = NSLock()
        private var cancelled = false

        init(
            request: URLRequest, state: Transfer, sink: StreamedBody?, settings: CurlTransport.Settings,
            engine: CurlEngine
        ) throws(TransportError) {
            guard let url = request.url, let handle = engine.makeHandle() else {
                throw .failed(
                    code: URLError.badURL.rawValue, message: "cannot prepare the request")
            }
            self.handle = handle
            self.engine = engine
            self.state = state
            self.sink = sink
            self.url = url
            redirectPolicy = settings.redirectPolicy
            method = (request.httpMethod ?? "GET").uppercased()
            errorBuffer.initialize(repeating: 0, count: Int(CCURL_ERROR_SIZE))
            sink?.onResume = { [weak self, weak engine] in
                guard let self else { return }
                engine?.resume(self)
            }
            try configure(request, usesProxyVariables: settings.usesProxyVariables)
        }

        deinit {
            engine.recycle(handle)
            ccurl_slist_free_all(headerList)
            errorBuffer.deallocate()
        }

        /// A transfer not yet started then never starts.
        var cancellationRequested: Bool { cancelLock.withLock { cancelled } }

        /// From any thread.
        func requestCancellation() {
            cancelLock.withLock { cancelled = true }
        }

        // MARK: Callbacks, on the engine's thread

        /// A status line, a field, or the blank line that ends the head.
        func headerLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
            headBytes += bytes.count
            guard headBytes <= CurlTransport.maximumHeaderBytes else {
                violation = "the response's header section passed \(CurlTransport.maximumHeaderBytes) bytes"
                return false
            }
            // Bytes, not `Character`s: this runs for every line of every answer.
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            let line = UnsafeRawBufferPointer(rebasing: bytes[..<end])
            if line.starts(with: "HTTP/".utf8) {
                // With or without a reason phrase: the three digits after the space.
                let code = line.drop { $0 != 0x20 }.dropFirst().prefix { $0 != 0x20 }
                status = Int(String(decoding: code, as: UTF8.self)) ?? 0
                fields = []
                redirectTarget = nil
                return true
            }
            guard line.isEmpty else {
                if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                    let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
                    var value = line[(colon + 1)...].drop(while: isBlank)
                    while let last = value.last, isBlank(last) { value = value.dropLast() }
                    fields.append(
                        (
                            String(decoding: line[..<colon], as: UTF8.self),
                            String(decoding: value, as: UTF8.self)
                        ))
                }
                return true
            }
            if (100..<200).contains(status) {
                interimResponses += 1
                guard interimResponses <= CurlTransport.maximumInterimResponses else {
                    violation =
                        "the server sent more than \(CurlTransport.maximumInterimResponses) interim (1xx) answers"
                    return false
                }
                return true
            }
            return headEnded()
        }

        /// Checks the Content-Length and whether to follow a redirect.
        private func headEnded() -> Bool {
            headComplete = true
            // libcurl reads to the close past a 64-bit length: a cut body would look whole (RFC 9112 §6.3).
            let lengths = Set(fields.filter { HTTPHeaders.sameName($0.0, "Content-Length") }.map(\.1))
            if let length = lengths.first,
                lengths.count > 1 || length.isEmpty || !length.utf8.allSatisfy({ (0x30...0x39).contains($0) })
                    || Int64(length) == nil
            {
                violation = "the response's Content-Length \"\(length.prefix(40))\" cannot be read"
                return false
            }
            guard [301, 302, 303, 307, 308].contains(status), let location = field("Location"),
                let target = URL(string: location, relativeTo: url)?.absoluteURL
            else { return true }
            state.redirects += 1
            switch redirectPolicy.decision(method: method, from: url, to: target, hop: state.redirects) {
            case .follow: redirectTarget = target
            case .refuse: break
            case .tooMany:
                state.tooManyRedirects = true
                return false
            }
            return true
        }

        private func field(_ name: String) -> String? {
            fields.first { HTTPHeaders.sameName($0.0, name) }?.1
        }

        private var announcedLength: Int64 { field("Content-Length").flatMap { Int64($0) } ?? -1 }

        /// Returns the bytes taken, 0 to stop, or the pause value.
        func bodyPiece(_ bytes: UnsafeRawBufferPointer) -> Int {
            if redirectTarget != nil { return bytes.count }  // a followed redirect's body is dropped
            let expected = announcedLength
            if let sink, (200..<300).contains(status) {
                guard state.received + Int64(bytes.count) <= state.limit, expected <= state.limit else {
                    state.exceededLimit = true
                    return 0
                }
                switch sink.offer(bytes) {
                case .pause: return Int(CCURL_WRITEFUNC_PAUSE)
                case .failed(let message):
                    sinkFailure = message
                    return 0
                case .taken: state.received += Int64(bytes.count)
                }
            } else {
                guard state.receive(Data(bytes), expectedLength: expected) else { return 0 }
            }
            state.progress?(
                TransferReport(direction: .download, completedBytes: state.received, totalBytes: expected))
            return bytes.count
        }

        func uploaded(_ sent: ccurl_off_t, of total: ccurl_off_t) {
            guard total > 0, Int64(sent) > uploadReported else { return }
            uploadReported = Int64(sent)
            state.progress?(
                TransferReport(direction: .upload, completedBytes: Int64(sent), totalBytes: Int64(total)))
        }

        // MARK: The end

        /// Ends the transfer, or points it at the redirect it follows.
        func finish(_ code: Int32) -> Next {
            if code == CCURLE_OK, let target = redirectTarget {
                url = target
                do {
                    try set(CCURLOPT_URL, "CURLOPT_URL", target.absoluteString)
                } catch {
                    resume(with: .failure(error))
                    return .done
                }
                (status, fields, headBytes, interimResponses, headComplete, redirectTarget) = (
                    0, [], 0, 0, false, nil
                )
                return .followRedirect
            }
            let result = outcome(code)
            guard let sink else {
                resume(with: result)
                return .done
            }
            guard case .success = result else {
                sink.abandon()
                resume(with: result)
                return .done
            }
            sink.finish { [self] failure in
                resume(
                    with: failure.map {
                        .failure(.failed(code: URLError.cannotWriteToFile.rawValue, message: $0))
                    } ?? result)
            }
            return .done
        }

        func fail(_ error: TransportError) {
            sink?.abandon()
            state.cancelled = error == .cancelled
            _ = state.outcome(head: nil, error: URLError(.cancelled))  // removes a partial file
            resume(with: .failure(error))
        }

        private func resume(with result: Result<Transfer.Outcome, TransportError>) {
            let completion = self.completion
            self.completion = nil
            completion?(result)
        }

        private func outcome(_ code: Int32) -> Result<Transfer.Outcome, TransportError> {
            if let violation {
                state.discardPartialFile()
                return .failure(.failed(code: URLError.cannotParseResponse.rawValue, message: violation))
            }
            if let sinkFailure {
                return .failure(.failed(code: URLError.cannotWriteToFile.rawValue, message: sinkFailure))
            }
            // Fields in order, repeated ones too.
            let head = status > 0 ? HTTPResponseHead(status: status, headers: HTTPHeaders(fields)) : nil
            // Past the limit or too many redirects: `Transfer` reports it, whatever libcurl says.
            if state.exceededLimit || state.tooManyRedirects {
                return state.outcome(head: head, error: URLError(.cancelled))
            }
            // An unwritable file: `Transfer` reports it, not libcurl's write error.
            if state.fileError != nil { return state.outcome(head: head, error: nil) }
            return state.outcome(head: head, error: code == CCURLE_OK ? nil : urlError(code))
        }

        /// As the `URLError` that `Transfer` maps, with libcurl's message.
        private func urlError(_ code: Int32) -> URLError {
            var message = String(cString: errorBuffer)
            if message.isEmpty { message = String(cString: ccurl_easy_strerror(code)) }
            var kind = URLError.Code(curl: code, afterHead: headComplete)
            if code == CCURLE_OUT_OF_MEMORY {
                // libcurl's words for its own bound on a header line.
                message = "a header line is too long (libcurl: \(message))"
            } else if code == CCURLE_WEIRD_SERVER_REPLY && message.hasPrefix("Invalid Content-Length") {
                // A negative length, refused by libcurl itself: as malformed as one past 64 bits.
                kind = .cannotParseResponse
                message = "the response's Content-Length cannot be read (libcurl: \(message))"
            } else if code == CCURLE_RECV_ERROR && message.hasSuffix("in chunked-encoding") {
                // Malformed chunked framing (a trailer past libcurl's bound too): bad data, not a lost link.
                kind = .cannotParseResponse
                message = "the chunked body is malformed (libcurl: \(message))"
            }
            return URLError(kind, userInfo: [NSLocalizedDescriptionKey: message])
        }
    }
#endif
