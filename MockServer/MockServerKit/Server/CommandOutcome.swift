/// What a `mock-server` subcommand (`verify`, `import-har`) printed and how it ended; the
/// executable writes both texts and exits with `status`.
public struct CommandOutcome: Sendable, Equatable {
    /// The exit status (0, or a sysexits code; `verify` gives 1 for drift).
    public let status: Int32
    /// For standard output.
    public let output: String
    /// For standard error.
    public let errors: String
}
