#if LibcurlTransport && os(Linux)
    import CCurl
    import Foundation

    extension URLError.Code {
        /// The code a libcurl failure becomes: a lost connection is retried, a refused answer not.
        init(curl code: CURLcode, afterHead: Bool) {
            switch code {
            case CURLE_OPERATION_TIMEDOUT: self = .timedOut
            case CURLE_COULDNT_CONNECT: self = .cannotConnectToHost
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: self = .cannotFindHost
            case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
                self = .networkConnectionLost
            case CURLE_BAD_CONTENT_ENCODING: self = .cannotDecodeContentData
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: self = .unsupportedURL
            case CURLE_SSL_CONNECT_ERROR: self = .secureConnectionFailed
            case CURLE_PEER_FAILED_VERIFICATION: self = .serverCertificateUntrusted
            case CURLE_OUT_OF_MEMORY where !afterHead:
                // libcurl's own bound on one header line (100 KiB) is reported as out of memory.
                self = .cannotParseResponse
            case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP3:
                self = afterHead ? .networkConnectionLost : .badServerResponse
            default: self = .unknown
            }
        }
    }
#endif
