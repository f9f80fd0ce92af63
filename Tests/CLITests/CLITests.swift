import Testing

/// Every suite here runs heroes-cli as a process per test. They run one test at a time, so that
/// on a 2-core machine the other targets' timing tests are not starved by a crowd of processes.
@Suite(.serialized) enum CLITests {}
