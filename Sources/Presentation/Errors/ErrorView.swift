/// Shows an error that ended a command.
@MainActor
public protocol ErrorView {
    func showError(_ error: ErrorViewModel)
}
