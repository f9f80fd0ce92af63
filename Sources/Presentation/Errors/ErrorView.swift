/// Shows an error that ended a command.
@MainActor
public protocol ErrorView {
    /// Shows the error.
    func showError(_ error: ErrorViewModel)
}
