import Foundation

/// The program name prefixing warnings (`mock-server`, or `heroes-cli` under
/// `heroes-cli serve`), so a reader knows which process spoke.
enum ProgramName {
    /// The last component of the path the program was started by.
    static let current: String = {
        let path = CommandLine.arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? ProcessInfo.processInfo.processName : name
    }()

    /// One line on standard error, prefixed with the name; others' text in it escaped.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("\(current): \(TerminalText.escaped(message))\n".utf8))
    }
}
