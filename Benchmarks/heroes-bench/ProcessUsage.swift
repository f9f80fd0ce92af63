import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one whole process cost: wall time from spawn to exit, its peak resident memory, and the
/// bytes it wrote through `write(2)` (`wchar` of `/proc/PID/io`, read while the exited child is
/// kept as a zombie), less what went to its standard output and error.
struct ProcessUsage {
    let wall: Duration
    let peakKilobytes: Int
    let writtenBytes: Int

    /// Runs `command` once, its output into files in `scratch`; a non-zero exit throws.
    static func measure(_ command: ProcessBenchmark.Command, scratch: URL) throws -> ProcessUsage {
        let output = scratch.appendingPathComponent("out-\(UUID().uuidString)")
        let errors = scratch.appendingPathComponent("err-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        let envp = command.environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, command.executable, &actions, nil, argv, envp) == 0 else {
            throw BenchmarkError("cannot start \(command.executable)")
        }
        var written = -1
        #if os(Linux)
            // Wait for the exit but leave the child a zombie, so its /proc entry can still be read.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
                guard errno == EINTR else { throw BenchmarkError("waitid failed: errno \(errno)") }
            }
            let wall = ContinuousClock.now - start
            if let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
                let line = io.split(separator: "\n").first(where: { $0.hasPrefix("wchar:") }),
                let value = Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces))
            {
                written = value
            }
        #else
            let wall = Duration.zero
        #endif
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed: errno \(errno)") }
        }
        #if !os(Linux)
            let wall = ContinuousClock.now - start
        #endif
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw BenchmarkError(
                "\(([command.executable] + command.arguments).joined(separator: " ")) failed: \(text)")
        }
        let printed = [output, errors].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
        }
        // ru_maxrss is in kilobytes on Linux, in bytes on Apple platforms.
        #if os(Linux)
            let peak = Int(usage.ru_maxrss)
        #else
            let peak = Int(usage.ru_maxrss) / 1024
        #endif
        return ProcessUsage(wall: wall, peakKilobytes: peak, writtenBytes: max(-1, written - printed))
    }
}
