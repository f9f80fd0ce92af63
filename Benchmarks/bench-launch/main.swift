// bench-launch OUT ERR EXECUTABLE [ARGUMENT…]: runs one process and prints what it cost, as
// `nanoseconds peak-kilobytes bytes-written`. Its standard output and error go to the files OUT
// and ERR. It imports nothing but the C library, so it is small: Linux counts the memory a
// process had before its exec in its peak, and a child spawned from a large process (heroes-bench,
// which holds servers of heroes) would report that process's size as its own.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `text` to standard error.
func complain(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
}

let arguments = CommandLine.arguments
// Read once, on the only thread there is, before anything could change it.
nonisolated(unsafe) let inheritedEnvironment = environ
guard arguments.count >= 4 else {
    complain("usage: bench-launch OUT ERR EXECUTABLE [ARGUMENT…]\n")
    exit(64)
}

#if canImport(Glibc)
    var actions = posix_spawn_file_actions_t()
#else
    var actions: posix_spawn_file_actions_t?
#endif
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 1, arguments[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
posix_spawn_file_actions_addopen(&actions, 2, arguments[2], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
let argv = arguments[3...].map { strdup($0) } + [nil]
var pid: pid_t = 0
let start = ContinuousClock.now
guard posix_spawn(&pid, arguments[3], &actions, nil, argv, inheritedEnvironment) == 0 else {
    complain("bench-launch: cannot start \(arguments[3])\n")
    exit(71)
}

var written = -1
#if os(Linux)
    // Wait for the exit, but leave the child a zombie: its /proc entry can still be read.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
        guard errno == EINTR else { exit(71) }
    }
    let elapsed = ContinuousClock.now - start
    let io = open("/proc/\(pid)/io", O_RDONLY)
    if io >= 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(io, &buffer, buffer.count)
        close(io)
        let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            written = Int(line.dropFirst("wchar:".count).filter { $0 != " " }) ?? -1
        }
    }
#endif
var status: Int32 = 0
var usage = rusage()
while wait4(pid, &status, 0, &usage) < 0 {
    guard errno == EINTR else { exit(71) }
}
#if !os(Linux)
    let elapsed = ContinuousClock.now - start
#endif
// WIFEXITED and WEXITSTATUS, which Swift does not import: low 7 bits 0, then the code.
guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
    complain("bench-launch: \(arguments[3...].joined(separator: " ")) failed (status \(status))\n")
    exit(70)
}
#if os(Linux)
    let peakKilobytes = Int(usage.ru_maxrss)  // kilobytes on Linux
#else
    let peakKilobytes = Int(usage.ru_maxrss) / 1024  // bytes on Apple platforms
#endif
let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
print(nanoseconds, peakKilobytes, written)
