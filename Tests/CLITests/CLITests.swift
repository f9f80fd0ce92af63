import Testing

/// Every suite here runs heroes-cli as a process per test. They run one test at a time, so that
/// on a 2-core machine the other targets' timing tests are not starved by a crowd of processes.
@Suite(.serialized) enum CLITests {}

extension CLITests {
    /// Whether the built heroes-cli sends with libcurl by default: on Linux. The bounds only
    /// libcurl keeps (no CPU while waiting, inflated bytes capped as they arrive) are tested there.
    static let libcurlIsDefault: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()
}
