import Foundation

/// The test process's resident memory, where the system says it cheaply (Linux's /proc).
enum ResidentMemory {
    /// Resident bytes now; nil where /proc/self/statm is not there.
    static func bytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
