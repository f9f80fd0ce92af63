#if os(Linux)
    import CCurl
    import Foundation

    /// The running libcurl: set up once per process, its version checked before any transfer.
    enum CurlLibrary {
        /// 7.68.0: the first with `curl_multi_wakeup`.
        static let minimumVersion: UInt32 = 0x07_44_00
        /// 7.85.0: the first with `CURLOPT_PROTOCOLS_STR`; older ones take the bitmask.
        static let protocolsStringVersion: UInt32 = 0x07_55_00

        /// Read once by each constant below.
        private static var info: ccurl_version_data? { ccurl_version_info(CCURLVERSION_FOURTH)?.pointee }

        /// Such as `0x075801` for 7.88.1.
        static let versionNumber: UInt32 = info?.version_num ?? 0

        /// Such as `7.88.1`.
        static let version: String = info?.version.map { String(cString: $0) } ?? "unknown"

        static let features: Int32 = info?.features ?? 0

        /// Nil when ready; otherwise why no transfer can run. Runs `curl_global_init` once, and never
        /// `curl_global_cleanup`, which other users in the process (FoundationNetworking) would not survive.
        static let failure: String? = {
            if let tooOld = refusal(of: versionNumber, named: version) { return tooOld }
            let code = ccurl_global_init(Int(CCURL_GLOBAL_ALL))
            guard code == CCURLE_OK else {
                return "libcurl did not start: \(String(cString: ccurl_easy_strerror(code)))"
            }
            return nil
        }()

        /// `number` as in `0x074400` for 7.68.0.
        static func refusal(of number: UInt32, named name: String) -> String? {
            guard number < minimumVersion else { return nil }
            return "libcurl \(name) is too old: CurlTransport needs 7.68.0 or later (curl_multi_wakeup)"
        }
    }
#endif
