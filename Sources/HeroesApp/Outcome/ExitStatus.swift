import Data
import Domain

/// How heroes-cli ends, in the BSD sysexits vocabulary that scripts check; `rawValue` is the
/// process's exit status.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// The server sent data that breaks the contract (EX_DATAERR).
    case badData = 65
    /// The hero, team or picture does not exist (EX_NOINPUT).
    case notFound = 66
    /// The server cannot be reached and no cache can answer (EX_UNAVAILABLE).
    case unavailable = 69
    /// A file cannot be created: the cache's, or the one `--output` names (EX_CANTCREAT).
    case cannotCreate = 73
    /// Standard output cannot be written, other than because its reader has gone (EX_IOERR).
    case outputFailed = 74
    /// A conflict or a failed precondition: read again and retry (EX_TEMPFAIL).
    case conflict = 75
    /// Unauthorized or forbidden (EX_NOPERM).
    case permission = 77
    /// `serve --root-dir` was given a stub mapping it cannot use (EX_CONFIG).
    case configuration = 78

    init(for error: any Error) {
        switch error {
        case is UsageError: self = .usage
        case let error as DomainError: self = Self.code(for: error)
        case let error as StorageError: self = Self.code(for: error)
        case is CacheFolderError: self = .cannotCreate
        case is DemoServerError, is NothingCachedError, is SyncDeadlineError: self = .unavailable
        case is LocalFileError: self = .cannotCreate
        case is MissingPasswordError: self = .permission
        case is StubConfigurationError: self = .configuration
        default: self = .failure
        }
    }

    private static func code(for error: DomainError) -> ExitStatus {
        switch error {
        case .invalid: .usage
        case .badData: .badData
        case .notFound: .notFound
        case .unavailable: .unavailable
        case .conflict, .preconditionFailed: .conflict
        case .unauthorized, .forbidden: .permission
        }
    }

    private static func code(for error: StorageError) -> ExitStatus {
        switch error {
        case .io, .locked, .unsupportedSchema, .tooLarge: .cannotCreate
        case .corrupt, .setAside: .failure
        }
    }
}
