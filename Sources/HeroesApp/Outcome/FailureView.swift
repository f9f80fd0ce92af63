import Data
import Domain
import Foundation
import Network
import Presentation

/// Shows why a run failed in one line (or the JSON error), never a backtrace. The Domain's
/// errors go through `ErrorPresenter`.
@MainActor
enum FailureView {
    /// A usage error is followed by the command's usage line.
    static func show(_ error: any Error, views: Views) {
        let view = views.error()
        switch error {
        case let usage as UsageError:
            view.showError(ErrorViewModel(code: .usage, message: usage.description))
            if !views.json { views.note(HelpText.usage(for: usage.command)) }
        case let problem as AppPlistError:
            view.showError(ErrorViewModel(code: .config, message: "the app plist is wrong: \(problem)"))
        case NetworkError.invalidDescriptor(let problem):
            view.showError(ErrorViewModel(code: .config, message: "a service plist is wrong: \(problem)"))
        case let problem as CacheFolderError:
            view.showError(ErrorViewModel(code: ErrorCode(rawValue: "cache"), message: problem.description))
        case StorageError.io(let file, _) where !isWritable(file.deletingLastPathComponent()):
            view.showError(
                ErrorViewModel(
                    code: ErrorCode(rawValue: "cache"),
                    message: "the offline cache is read-only (\(file.deletingLastPathComponent().path)): "
                        + "reads still work, writes cannot be kept; choose another with "
                        + "\(Option.cacheDirectory.spec.synopsis)"))
        case StorageError.tooLarge:
            view.showError(
                ErrorViewModel(
                    code: ErrorCode(rawValue: "cache"),
                    message: "\(error); a roster this large needs the SQLite store: give "
                        + "\(Option.config.spec.synopsis) an app plist whose store is sqlite (Heroes-SQLite.plist)"
                ))
        case let problem as StorageError:
            view.showError(
                ErrorViewModel(
                    code: ErrorCode(rawValue: "cache"),
                    message: "the offline cache cannot be used: \(problem); "
                        + "choose another with \(Option.cacheDirectory.spec.synopsis)"))
        case let problem as StubConfigurationError:
            view.showError(ErrorViewModel(code: .config, message: problem.description))
        case let problem as DemoServerError:
            view.showError(ErrorViewModel(code: .unavailable, message: problem.description))
        case let problem as LocalFileError:
            view.showError(
                ErrorViewModel(code: ErrorCode(rawValue: "local_file"), message: problem.description))
        case let problem as SyncDeadlineError:
            view.showError(ErrorViewModel(code: .unavailable, message: problem.description))
        case let problem as NothingCachedError:
            view.showError(ErrorViewModel(code: .unavailable, message: problem.description))
        case let problem as MissingPasswordError:
            view.showError(ErrorViewModel(code: .unauthorized, message: problem.description))
        default:
            ErrorPresenter().present(error, with: view)
        }
    }

    private static func isWritable(_ folder: URL) -> Bool { access(folder.path, W_OK) == 0 }
}
