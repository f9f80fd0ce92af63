import Foundation
import Presentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What heroes-cli does when its standard output cannot be written, as a Unix tool does.
enum OutputFailure {
    /// Standard output, ending the process when a write to it fails.
    static var standardOutput: FileHandleOutputStream {
        FileHandleOutputStream(.standardOutput, failed: { end($0) })
    }

    /// The reader has gone (`heroes-cli list | head -1`): end at once, by SIGPIPE, as a tool that
    /// had not ignored it would (the bundled server ignores it, for its sockets), so the shell
    /// sees 141 and nothing is printed. Anything else (a full disk): one line on standard error,
    /// and 74 (EX_IOERR).
    static func end(_ error: any Error) -> Never {
        if isBrokenPipe(error) {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        FileHandleOutputStream.standardError.write(
            "heroes-cli: cannot write to standard output: \(error.localizedDescription)\n")
        exit(ExitStatus.outputFailed.rawValue)
    }

    /// Whether `error` is, or wraps, EPIPE.
    static func isBrokenPipe(_ error: any Error) -> Bool {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return error.code == Int(EPIPE) }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return isBrokenPipe(underlying)
    }
}
