#if canImport(CCurl)
    import CCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// One request on a libcurl easy handle: its options, its callbacks, and the response head
    /// as it arrives. The body rules (limit, partial file, framing, error mapping) are
    /// `Transfer`'s, shared with `URLSessionTransport`.
    ///
    /// `@unchecked Sendable` is safe: once handed to `CurlEngine.add`, it is only touched on the
    /// engine's thread (libcurl calls the callbacks there, inside `curl_multi_perform`), except
    /// `cancelled`, which is behind `cancelLock`.
    final class CurlTransfer: @unchecked Sendable {
        /// What `finish` asks of the engine.
        enum Next: Equatable {
            /// The transfer is over; its continuation has been resumed (or will be, once its sink drains).
            case done
            /// The handle points at the redirect's target: add it again.
            case followRedirect
        }

        let handle: UnsafeMutableRawPointer
        let state: Transfer
        var continuation: CheckedContinuation<Transfer.Outcome, any Error>?
        weak var engine: CurlEngine? {
            didSet {
                let engine = self.engine
                sink?.onResume = { [weak self, weak engine] in
                    guard let self else { return }
                    engine?.resume(self)
                }
            }
        }

        private let method: String
        private var url: URL
        private let sink: StreamedBody?
        private var headerList: UnsafeMutablePointer<curl_slist>?
        private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        private let redirectPolicy = RedirectPolicy()

        /// The response being read: a 1xx, a redirect or the final answer.
        private var status = 0
        private var fields: [(String, String)] = []
        private var headBytes = 0
        private var interimResponses = 0
        /// Set when the head of the final answer is complete.
        private var headComplete = false
        /// Where the current 3xx leads, when the policy follows it: its body is dropped.
        private var redirectTarget: URL?
        /// Why the server's answer was refused before its body (header section too large, a
        /// flood of 1xx answers).
        private var violation: String?
        private var sinkFailure: String?
        private var uploadReported: Int64 = 0

        private let cancelLock = NSLock()
        private var cancelled = false

        /// Prepares `request` on a new easy handle.
        init(request: URLRequest, state: Transfer, sink: StreamedBody?) throws {
            guard let url = request.url, let handle = curl_easy_init() else {
                throw NetworkError.transport(
                    code: URLError.badURL.rawValue, message: "cannot prepare the request")
            }
            self.handle = handle
            self.state = state
            self.sink = sink
            self.url = url
            method = (request.httpMethod ?? "GET").uppercased()
            errorBuffer.initialize(to: 0)
            configure(request)
        }

        deinit {
            curl_easy_cleanup(handle)
            curl_slist_free_all(headerList)
            errorBuffer.deallocate()
        }

        /// Whether the caller gave up; a transfer not yet started then never starts.
        var cancellationRequested: Bool { cancelLock.withLock { cancelled } }

        /// Notes that the caller gave up (from any thread).
        func requestCancellation() {
            cancelLock.withLock { cancelled = true }
        }

        // MARK: Options

        private func configure(_ request: URLRequest) {
            setString(CURLOPT_URL, url.absoluteString)
            setString(CURLOPT_PROTOCOLS_STR, "http,https")
            setLong(CURLOPT_NOSIGNAL, 1)
            heroes_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
            // The request's timeout bounds connecting and any silence; WebService's deadline
            // bounds the whole call. Less than 1 byte a second for that long is silence.
            let idle = max(1, Int(request.timeoutInterval.rounded(.up)))
            setLong(CURLOPT_CONNECTTIMEOUT, idle)
            setLong(CURLOPT_LOW_SPEED_LIMIT, 1)
            setLong(CURLOPT_LOW_SPEED_TIME, idle)
            setLong(CURLOPT_TIMEOUT, Int(CurlTransport.resourceTimeout))

            var headers = request.allHTTPHeaderFields ?? [:]
            let asksForEncoding = headers.keys.contains {
                $0.caseInsensitiveCompare("Accept-Encoding") == .orderedSame
            }
            // Decoded as it arrives, so the size limit counts decoded bytes. A streamed body
            // is asked for as is: libcurl would hold a paused transfer's decoded output whole.
            if !asksForEncoding && sink == nil { setString(CURLOPT_ACCEPT_ENCODING, "") }
            // libcurl would wait a second for a `100 Continue` before a large body.
            headers["Expect"] = ""
            if request.httpBody != nil,
                !headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame })
            {
                headers["Content-Type"] = ""  // not libcurl's application/x-www-form-urlencoded
            }
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                // `Name;` sends an empty value, `Name:` removes libcurl's own header.
                let removesDefault = value.isEmpty && (name == "Expect" || name == "Content-Type")
                let line = removesDefault ? "\(name):" : value.isEmpty ? "\(name);" : "\(name): \(value)"
                headerList = curl_slist_append(headerList, line)
            }
            heroes_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList)

            switch method {
            case "GET": setLong(CURLOPT_HTTPGET, 1)
            case "HEAD": setLong(CURLOPT_NOBODY, 1)
            default:
                setString(CURLOPT_CUSTOMREQUEST, method)
            }
            if let body = request.httpBody {
                heroes_curl_easy_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                _ = body.withUnsafeBytes { bytes in
                    // Copied by libcurl, so the request may go away before the transfer ends.
                    heroes_curl_easy_setopt_pointer(
                        handle, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
                }
            } else if method == "POST" {
                setLong(CURLOPT_POSTFIELDSIZE, 0)
                setString(CURLOPT_COPYPOSTFIELDS, "")
            }

            let me = Unmanaged.passUnretained(self).toOpaque()
            heroes_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me)
            heroes_curl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { bytes, size, count, me in
                guard let me else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
                let length = size * count
                return transfer.headerLine(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
            }
            heroes_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me)
            heroes_curl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { bytes, size, count, me in
                guard let me else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
                return transfer.bodyPiece(UnsafeRawBufferPointer(start: bytes, count: size * count))
            }
            if state.progress != nil && request.httpBody != nil {
                heroes_curl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, me)
                heroes_curl_easy_setopt_progress_callback(handle, CURLOPT_XFERINFOFUNCTION) {
                    me, _, _, total, sent in
                    guard let me else { return 0 }
                    Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue().uploaded(sent, of: total)
                    return 0
                }
                setLong(CURLOPT_NOPROGRESS, 0)
            }
        }

        private func setLong(_ option: CURLoption, _ value: Int) {
            heroes_curl_easy_setopt_long(handle, option, value)
        }

        private func setString(_ option: CURLoption, _ value: String) {
            // libcurl copies strings, so the C string need not outlive the call.
            value.withCString { _ = heroes_curl_easy_setopt_pointer(handle, option, $0) }
        }

        // MARK: Callbacks, on the engine's thread

        /// One line of a head: a status line, a field, or the blank line that ends it.
        private func headerLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
            headBytes += bytes.count
            guard headBytes <= CurlTransport.maximumHeaderBytes else {
                violation = "the response's header section passed \(CurlTransport.maximumHeaderBytes) bytes"
                return false
            }
            let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
            if line.hasPrefix("HTTP/") {
                status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                fields = []
                redirectTarget = nil
                return true
            }
            guard line.isEmpty else {
                if let colon = line.firstIndex(of: ":") {
                    let name = String(line[..<colon])
                    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    fields.append((name, value))
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

        /// The final head is in: decides whether it is a redirect to follow.
        private func headEnded() -> Bool {
            headComplete = true
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
            fields.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }

        private var announcedLength: Int64 { field("Content-Length").flatMap { Int64($0) } ?? -1 }

        /// One piece of the decoded body; returns the bytes taken, 0 to stop, or the pause value.
        private func bodyPiece(_ bytes: UnsafeRawBufferPointer) -> Int {
            if redirectTarget != nil { return bytes.count }  // a followed redirect's body is dropped
            let expected = announcedLength
            if let sink, (200..<300).contains(status) {
                guard state.received + Int64(bytes.count) <= state.limit, expected <= state.limit else {
                    state.exceededLimit = true
                    return 0
                }
                switch sink.offer(bytes) {
                case .pause: return heroes_curl_writefunc_pause()
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

        private func uploaded(_ sent: curl_off_t, of total: curl_off_t) {
            guard total > 0, Int64(sent) > uploadReported else { return }
            uploadReported = Int64(sent)
            state.progress?(
                TransferReport(direction: .upload, completedBytes: Int64(sent), totalBytes: Int64(total)))
        }

        // MARK: The end

        /// Ends the transfer with `code`, or points it at the redirect it follows.
        func finish(_ code: CURLcode) -> Next {
            if code == CURLE_OK, let target = redirectTarget {
                url = target
                setString(CURLOPT_URL, target.absoluteString)
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
                        .failure(.transport(code: URLError.cannotWriteToFile.rawValue, message: $0))
                    } ?? result)
            }
            return .done
        }

        /// Ends a transfer that never ran, or was stopped, with `error`.
        func fail(_ error: NetworkError) {
            sink?.abandon()
            state.cancelled = error == .cancelled
            _ = state.outcome(response: nil, error: URLError(.cancelled))  // removes a partial file
            resume(with: .failure(error))
        }

        private func resume(with result: Result<Transfer.Outcome, NetworkError>) {
            let continuation = self.continuation
            self.continuation = nil
            continuation?.resume(with: result)
        }

        private func outcome(_ code: CURLcode) -> Result<Transfer.Outcome, NetworkError> {
            if let violation {
                state.discardPartialFile()
                return .failure(.transport(code: URLError.cannotParseResponse.rawValue, message: violation))
            }
            if let sinkFailure {
                return .failure(.transport(code: URLError.cannotWriteToFile.rawValue, message: sinkFailure))
            }
            var response: HTTPURLResponse?
            if status > 0 {
                var headers: [String: String] = [:]
                for (name, value) in fields {
                    headers[name] = headers[name].map { "\($0), \(value)" } ?? value
                }
                response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            }
            // Past the limit or one redirect too many: `Transfer` reports it, whatever libcurl says.
            if state.exceededLimit || state.tooManyRedirects {
                return state.outcome(response: response, error: URLError(.cancelled))
            }
            // The file could not be written: `Transfer` reports that rather than libcurl's write error.
            if state.fileError != nil { return state.outcome(response: response, error: nil) }
            return state.outcome(response: response, error: code == CURLE_OK ? nil : urlError(code))
        }

        private func urlError(_ code: CURLcode) -> URLError {
            let detail = String(cString: errorBuffer)
            let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            let mapped: URLError.Code
            switch code {
            case CURLE_OPERATION_TIMEDOUT: mapped = .timedOut
            case CURLE_COULDNT_CONNECT: mapped = .cannotConnectToHost
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: mapped = .cannotFindHost
            case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
                mapped = .networkConnectionLost
            case CURLE_BAD_CONTENT_ENCODING: mapped = .cannotDecodeContentData
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: mapped = .unsupportedURL
            case CURLE_SSL_CONNECT_ERROR: mapped = .secureConnectionFailed
            case CURLE_PEER_FAILED_VERIFICATION: mapped = .serverCertificateUntrusted
            case CURLE_OUT_OF_MEMORY where !headComplete:
                // libcurl's own bound on one header line (100 KiB) is reported as out of memory.
                mapped = .cannotParseResponse
            case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP3:
                mapped = headComplete ? .networkConnectionLost : .badServerResponse
            default: mapped = .unknown
            }
            return URLError(mapped, userInfo: [NSLocalizedDescriptionKey: message])
        }
    }
#endif
