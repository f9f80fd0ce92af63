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

    /// A reader gone (`| head -1`): end by SIGPIPE, so the shell sees 141. Anything else (a full
    /// disk): one line on standard error and 74.
    static func end(_ error: any Error) -> Never {
        if isBrokenPipe(error) {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        DiagnosticLog.say("cannot write to standard output: \(error.localizedDescription)")
        exit(ExitStatus.outputFailed.rawValue)
    }

    static func isBrokenPipe(_ error: any Error) -> Bool {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return error.code == Int(EPIPE) }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return isBrokenPipe(underlying)
    }
}
