import Data
import Locking
import Network
import Presentation

/// What heroes-cli says on standard error about the network and cache: a clear-text Basic
/// warning always; with `--verbose`, a line per exchange, retry and cache decision. Redacted.
enum DiagnosticLog {
    static func network(verbose: Bool) -> NetworkLogger {
        let warned = Locked(Set<String>())
        // `received` or `failed` says what `sending` would.
        return NetworkLogger(logsAttempts: false) { event in
            switch event {
            case .warning(let message):
                let isFirst = warned.withLock { $0.insert(message).inserted }
                if isFirst { say("warning: \(message)") }
            case .received, .retrying, .failed:
                if verbose { say(event.description) }
            case .sending:
                break
            }
        }
    }

    static func cache(verbose: Bool) -> @Sendable (CacheDecision) -> Void {
        { decision in
            if case .notKept = decision {
                say("warning: \(decision)")
            } else if verbose {
                say(decision.description)
            }
        }
    }

    /// Names each transport the first time the run makes it, with `--verbose`.
    static func transport(verbose: Bool) -> (@Sendable (AppTransports.Kind) -> Void)? {
        guard verbose else { return nil }
        return { kind in say("transport: \(kind.summary)") }
    }

    /// One line on standard error. It holds a server's or a file's text, so every control in it
    /// is escaped: the stream keeps `\r` and colours for the views' own drawing, never for these.
    static func say(_ line: String) {
        FileHandleOutputStream.standardError.write("heroes-cli: \(line.terminalEscaped())\n")
    }
}
