import Domain
import Foundation

/// Turns any error into an error view model; never shows credentials.
@MainActor
public final class ErrorPresenter {
    public init() {}

    public func present(_ error: any Error, with view: any ErrorView) {
        view.showError(Self.viewModel(for: error))
    }

    public nonisolated static func viewModel(for error: any Error) -> ErrorViewModel {
        switch error {
        case let error as DomainError: viewModel(for: error)
        case is CancellationError: ErrorViewModel(code: .cancelled, message: "cancelled")
        default: ErrorViewModel(code: .internalError, message: "internal error: \(redacted(error))")
        }
    }

    private nonisolated static func viewModel(for error: DomainError) -> ErrorViewModel {
        let editor = "set HEROES_USER and HEROES_PASSWORD for an editor account"
        switch error {
        case .notFound(let what):
            return ErrorViewModel(code: .notFound, message: "not found: \(what)")
        case .unauthorized(let realm):
            let realm = realm.map { " (realm \"\($0)\")" } ?? ""
            return ErrorViewModel(code: .unauthorized, message: "unauthorized\(realm): \(editor)")
        case .forbidden:
            return ErrorViewModel(
                code: .forbidden, message: "forbidden: the user is not an editor; \(editor)")
        case .conflict(let why):
            return ErrorViewModel(code: .conflict, message: "conflict: \(why)")
        case .preconditionFailed:
            return ErrorViewModel(
                code: .preconditionFailed,
                message: "the hero changed since it was read: show the hero again and retry"
            )
        case .invalid(let problems):
            let fields = Dictionary(uniqueKeysWithValues: problems.map { ($0.key.rawValue, $0.value) })
            return ErrorViewModel(
                code: .validationFailed, message: "invalid: \(FieldLabel.sentence(fields))", fields: fields
            )
        case .unavailable(let why):
            return ErrorViewModel(
                code: .unavailable,
                message: "server unavailable (\(why)): check --server, or use --offline to read the cache"
            )
        case .badData(let what):
            return ErrorViewModel(code: .badData, message: "the server sent bad data: \(what)")
        }
    }

    /// Takes any `user:password@` in a URL out.
    private nonisolated static func redacted(_ error: any Error) -> String {
        String(describing: error).replacingOccurrences(
            of: "://[^/@\\s]+@", with: "://", options: .regularExpression
        )
    }
}
