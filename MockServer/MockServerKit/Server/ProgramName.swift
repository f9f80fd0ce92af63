import Foundation

/// The name of the program the server runs in, which prefixes its warnings: `mock-server`, or
/// `heroes-cli` under `heroes-cli serve`, so a reader knows which process spoke.
enum ProgramName {
    /// The last path component of the program's path as it was started.
    static let current: String = {
        let path = CommandLine.arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? ProcessInfo.processInfo.processName : name
    }()

    /// Writes `message` to standard error as one line prefixed with the program's name.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("\(current): \(message)\n".utf8))
    }
}
