import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks for a password on the controlling terminal with echo off, and puts the terminal back as
/// it was, whatever happens. Without a terminal there is nobody to ask: it answers `nil`.
enum PasswordPrompt {
    /// The line typed after `prompt`, without its newline; `nil` when standard input is not a
    /// terminal (a script's run must fail, not wait on a prompt nobody sees).
    static func ask(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return nil }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        guard tcsetattr(descriptor, TCSAFLUSH, &silent) == 0 else { return nil }
        defer { _ = tcsetattr(descriptor, TCSAFLUSH, &saved) }
        _ = prompt.withCString { write(descriptor, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
