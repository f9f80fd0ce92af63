#if os(Linux)
    import CCurl
    import Foundation

    extension URLError.Code {
        /// A lost connection is retried, a refused answer not.
        init(curl code: Int32, afterHead: Bool) {
            switch code {
            case CCURLE_OPERATION_TIMEDOUT: self = .timedOut
            case CCURLE_COULDNT_CONNECT: self = .cannotConnectToHost
            case CCURLE_COULDNT_RESOLVE_HOST, CCURLE_COULDNT_RESOLVE_PROXY: self = .cannotFindHost
            case CCURLE_GOT_NOTHING, CCURLE_RECV_ERROR, CCURLE_SEND_ERROR, CCURLE_PARTIAL_FILE:
                self = .networkConnectionLost
            case CCURLE_BAD_CONTENT_ENCODING: self = .cannotDecodeContentData
            case CCURLE_UNSUPPORTED_PROTOCOL, CCURLE_URL_MALFORMAT: self = .unsupportedURL
            case CCURLE_SSL_CONNECT_ERROR: self = .secureConnectionFailed
            case CCURLE_PEER_FAILED_VERIFICATION: self = .serverCertificateUntrusted
            case CCURLE_OUT_OF_MEMORY:
                // libcurl reports its bounds on a header line and a chunk trailer (100 KiB) as out of memory.
                self = .cannotParseResponse
            case CCURLE_WEIRD_SERVER_REPLY, CCURLE_HTTP2, CCURLE_HTTP3:
                self = afterHead ? .networkConnectionLost : .badServerResponse
            default: self = .unknown
            }
        }
    }
#endif
