#if LibcurlTransport && os(Linux)
    import CCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension CurlTransfer {
        /// Sets the handle's options for `request`; callbacks reach this transfer by unretained pointer.
        func configure(_ request: URLRequest) {
            setString(CURLOPT_URL, url.absoluteString)
            setString(CURLOPT_PROTOCOLS_STR, "http,https")
            setLong(CURLOPT_NOSIGNAL, 1)
            ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
            // The request's timeout bounds connecting and silence; the deadline bounds the call.
            let idle = max(1, Int(request.timeoutInterval.rounded(.up)))
            setLong(CURLOPT_CONNECTTIMEOUT, idle)
            setLong(CURLOPT_LOW_SPEED_LIMIT, 1)
            setLong(CURLOPT_LOW_SPEED_TIME, idle)
            setLong(CURLOPT_TIMEOUT, Int(CurlTransport.resourceTimeout))

            var headers = request.allHTTPHeaderFields ?? [:]
            let asksForEncoding = headers.keys.contains {
                $0.caseInsensitiveCompare("Accept-Encoding") == .orderedSame
            }
            // Decoded on arrival so the limit counts decoded bytes; a streamed body is not, as a
            // paused transfer's decoded output would be held whole.
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
            ccurl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList)

            switch method {
            case "GET": setLong(CURLOPT_HTTPGET, 1)
            case "HEAD": setLong(CURLOPT_NOBODY, 1)
            default:
                setString(CURLOPT_CUSTOMREQUEST, method)
            }
            if let body = request.httpBody, !body.isEmpty {
                ccurl_easy_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                _ = body.withUnsafeBytes { bytes in
                    // Copied by libcurl, so the request may go away before the transfer ends.
                    ccurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress)
                }
            } else if request.httpBody != nil || method == "POST" {
                // An empty body, sent with `Content-Length: 0`.
                setLong(CURLOPT_POSTFIELDSIZE, 0)
                setString(CURLOPT_COPYPOSTFIELDS, "")
            }

            let me = Unmanaged.passUnretained(self).toOpaque()
            ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me)
            ccurl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { bytes, size, count, me in
                guard let me else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
                let length = size * count
                return transfer.headerLine(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
            }
            ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me)
            ccurl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { bytes, size, count, me in
                guard let me else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
                return transfer.bodyPiece(UnsafeRawBufferPointer(start: bytes, count: size * count))
            }
            if state.progress != nil && request.httpBody != nil {
                ccurl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, me)
                ccurl_easy_setopt_progress_callback(handle, CURLOPT_XFERINFOFUNCTION) {
                    me, _, _, total, sent in
                    guard let me else { return 0 }
                    Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue().uploaded(sent, of: total)
                    return 0
                }
                setLong(CURLOPT_NOPROGRESS, 0)
            }
        }

        func setLong(_ option: CURLoption, _ value: Int) {
            ccurl_easy_setopt_long(handle, option, value)
        }

        func setString(_ option: CURLoption, _ value: String) {
            // libcurl copies strings, so the C string need not outlive the call.
            value.withCString { _ = ccurl_easy_setopt_pointer(handle, option, $0) }
        }
    }
#endif
