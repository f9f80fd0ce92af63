#if os(Linux)
    import CCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension CurlTransfer {
        /// Callbacks reach this transfer by unretained pointer. Throws, naming it, if an option is refused.
        func configure(_ request: URLRequest, usesProxyVariables: Bool) throws(TransportError) {
            try set(CCURLOPT_URL, "CURLOPT_URL", url.absoluteString)
            if CurlLibrary.versionNumber >= CurlLibrary.protocolsStringVersion {
                try set(CCURLOPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR", "http,https")
            } else {
                try set(CCURLOPT_PROTOCOLS, "CURLOPT_PROTOCOLS", Int(CCURLPROTO_HTTP | CCURLPROTO_HTTPS))
            }
            // The environment's proxy is for the outside world, never for this machine.
            if !usesProxyVariables || Self.isLoopback(url.host) {
                try set(CCURLOPT_PROXY, "CURLOPT_PROXY", "")
            }
            try set(CCURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL", 1)
            try set(CCURLOPT_ERRORBUFFER, "CURLOPT_ERRORBUFFER", pointer: errorBuffer)
            // The request's timeout bounds connecting and silence; the deadline bounds the call.
            let idle = max(1, Int(request.timeoutInterval.rounded(.up)))
            try set(CCURLOPT_CONNECTTIMEOUT, "CURLOPT_CONNECTTIMEOUT", idle)
            try set(CCURLOPT_LOW_SPEED_LIMIT, "CURLOPT_LOW_SPEED_LIMIT", 1)
            try set(CCURLOPT_LOW_SPEED_TIME, "CURLOPT_LOW_SPEED_TIME", idle)
            try set(CCURLOPT_TIMEOUT, "CURLOPT_TIMEOUT", Int(CurlTransport.resourceTimeout))

            var headers = request.allHTTPHeaderFields ?? [:]
            let asksForEncoding = headers.keys.contains { HTTPHeaders.sameName($0, "Accept-Encoding") }
            // Decoded on arrival so the limit counts decoded bytes; not a streamed body, as a paused
            // transfer's decoded output would be held whole.
            if !asksForEncoding && sink == nil {
                try set(CCURLOPT_ACCEPT_ENCODING, "CURLOPT_ACCEPT_ENCODING", "")
            }
            // libcurl would wait a second for a `100 Continue` before a large body.
            headers["Expect"] = ""
            if request.httpBody != nil,
                !headers.keys.contains(where: { HTTPHeaders.sameName($0, "Content-Type") })
            {
                headers["Content-Type"] = ""  // not libcurl's application/x-www-form-urlencoded
            }
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                // `Name;` sends an empty value, `Name:` removes libcurl's own header.
                let removesDefault = value.isEmpty && (name == "Expect" || name == "Content-Type")
                let line = removesDefault ? "\(name):" : value.isEmpty ? "\(name);" : "\(name): \(value)"
                guard let appended = ccurl_slist_append(headerList, line) else {
                    throw .failed(code: URLError.unknown.rawValue, message: "libcurl is out of memory")
                }
                headerList = appended
            }
            try set(CCURLOPT_HTTPHEADER, "CURLOPT_HTTPHEADER", pointer: headerList)

            switch method {
            case "GET": try set(CCURLOPT_HTTPGET, "CURLOPT_HTTPGET", 1)
            case "HEAD": try set(CCURLOPT_NOBODY, "CURLOPT_NOBODY", 1)
            default: try set(CCURLOPT_CUSTOMREQUEST, "CURLOPT_CUSTOMREQUEST", method)
            }
            if let body = request.httpBody, !body.isEmpty {
                try check(
                    ccurl_easy_setopt_offset(handle, CCURLOPT_POSTFIELDSIZE_LARGE, ccurl_off_t(body.count)),
                    "CURLOPT_POSTFIELDSIZE_LARGE")
                // libcurl copies it, so the request may go away first.
                let code = body.withUnsafeBytes {
                    ccurl_easy_setopt_pointer(handle, CCURLOPT_COPYPOSTFIELDS, $0.baseAddress)
                }
                try check(code, "CURLOPT_COPYPOSTFIELDS")
            } else if request.httpBody != nil || method == "POST" {
                try set(CCURLOPT_POSTFIELDSIZE, "CURLOPT_POSTFIELDSIZE", 0)
                try set(CCURLOPT_COPYPOSTFIELDS, "CURLOPT_COPYPOSTFIELDS", "")
            }

            let me = Unmanaged.passUnretained(self).toOpaque()
            try set(CCURLOPT_HEADERDATA, "CURLOPT_HEADERDATA", pointer: me)
            let onHeader: ccurl_data_callback = { bytes, size, count, me in
                guard let me else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
                let length = size * count
                return transfer.headerLine(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
            }
            try check(
                ccurl_easy_setopt_data_callback(handle, CCURLOPT_HEADERFUNCTION, onHeader),
                "CURLOPT_HEADERFUNCTION")
            try set(CCURLOPT_WRITEDATA, "CURLOPT_WRITEDATA", pointer: me)
            let onBody: ccurl_data_callback = { bytes, size, count, me in
                guard let me else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
                return transfer.bodyPiece(UnsafeRawBufferPointer(start: bytes, count: size * count))
            }
            try check(
                ccurl_easy_setopt_data_callback(handle, CCURLOPT_WRITEFUNCTION, onBody),
                "CURLOPT_WRITEFUNCTION")
            if state.progress != nil && request.httpBody != nil {
                try set(CCURLOPT_XFERINFODATA, "CURLOPT_XFERINFODATA", pointer: me)
                let onProgress: ccurl_progress_callback = { me, _, _, total, sent in
                    guard let me else { return 0 }
                    Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue().uploaded(sent, of: total)
                    return 0
                }
                try check(
                    ccurl_easy_setopt_progress_callback(handle, CCURLOPT_XFERINFOFUNCTION, onProgress),
                    "CURLOPT_XFERINFOFUNCTION")
                try set(CCURLOPT_NOPROGRESS, "CURLOPT_NOPROGRESS", 0)
            }
        }

        func set(_ option: Int32, _ name: String, _ value: Int) throws(TransportError) {
            try check(ccurl_easy_setopt_long(handle, option, value), name)
        }

        func set(_ option: Int32, _ name: String, _ value: String) throws(TransportError) {
            // libcurl copies strings.
            try check(value.withCString { ccurl_easy_setopt_pointer(handle, option, $0) }, name)
        }

        func set(_ option: Int32, _ name: String, pointer: UnsafeRawPointer?) throws(TransportError) {
            try check(ccurl_easy_setopt_pointer(handle, option, pointer), name)
        }

        /// A refused option fails the transfer: a request without it could do what it forbids.
        private func check(_ code: Int32, _ name: String) throws(TransportError) {
            guard code != CCURLE_OK else { return }
            throw .failed(
                code: URLError.unknown.rawValue,
                message:
                    "libcurl \(CurlLibrary.version) refused \(name): \(String(cString: ccurl_easy_strerror(code)))"
            )
        }

        /// `localhost`, `*.localhost`, 127.0.0.0/8 and `::1`.
        static func isLoopback(_ host: String?) -> Bool {
            guard let host = host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            else {
                return false
            }
            return host == "localhost" || host.hasSuffix(".localhost") || host == "::1"
                || (host.hasPrefix("127.") && host.split(separator: ".").count == 4
                    && host.allSatisfy { $0.isNumber || $0 == "." })
        }
    }
#endif
