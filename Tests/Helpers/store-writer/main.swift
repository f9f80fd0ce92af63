// A child process for JSONFileStore's tests of what only a second process can show: two
// writers on one store, a writer killed mid-write, and a write the file system refuses.
//
//   store-writer increment FILE COUNT [hold]   add 1 to the count COUNT times; with `hold`,
//                                              keep the store open until standard input closes
//   store-writer churn FILE                    write ever larger counts until killed
//   store-writer fill FILE BYTES               write a value larger than the BYTES file-size limit
//
// It prints `opened`, `done`, `wrote N` or the error's description, one line each; a store
// that another process holds ends it with status 75 and `locked: …` on standard error.
import Data
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the store holds: a count, and padding so that a write takes a while.
struct Counter: Codable, Sendable {
    var count: Int
    var padding: [String]
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func openStore(_ path: String) -> JSONFileStore<Counter> {
    do {
        return try JSONFileStore<Counter>.open(at: URL(fileURLWithPath: path))
    } catch let error as StorageError {
        if case .locked = error {
            FileHandle.standardError.write(Data("locked: \(error)\n".utf8))
            exit(75)
        }
        say("\(error)")
        exit(74)
    } catch {
        say("\(error)")
        exit(74)
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: store-writer increment|churn|fill FILE …\n".utf8))
    exit(64)
}
let file = arguments[2]

switch arguments[1] {
case "increment":
    let store = openStore(file)
    say("opened")
    for _ in 0..<(Int(arguments.count > 3 ? arguments[3] : "1") ?? 1) {
        try await store.update { value in
            var counter = value ?? Counter(count: 0, padding: [])
            counter.count += 1
            value = counter
        }
    }
    say("done")
    if arguments.count > 4, arguments[4] == "hold" {
        while readLine() != nil {}
    }
case "churn":
    let store = openStore(file)
    let padding = Array(repeating: String(repeating: "x", count: 100), count: 2_000)
    var count = 0
    while true {
        try await store.write(Counter(count: count, padding: padding))
        say("wrote \(count)")
        count += 1
    }
case "fill":
    let limit = rlim_t(Int(arguments.count > 3 ? arguments[3] : "4096") ?? 4_096)
    signal(SIGXFSZ, SIG_IGN)  // a write past the limit fails with EFBIG instead of killing us
    var rule = rlimit(rlim_cur: limit, rlim_max: limit)
    #if canImport(Glibc)
        guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &rule) == 0 else { exit(71) }
    #else
        guard setrlimit(RLIMIT_FSIZE, &rule) == 0 else { exit(71) }
    #endif
    let store = openStore(file)
    let padding = Array(repeating: String(repeating: "y", count: 100), count: Int(limit) / 50 + 100)
    do {
        try await store.write(Counter(count: -1, padding: padding))
        say("wrote past the limit")
        exit(1)
    } catch {
        say("\(error)")
    }
default:
    exit(64)
}
