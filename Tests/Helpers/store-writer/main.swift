// A child process for the store tests of what only a second process can show: two writers on
// one store, a reader during a write, a writer killed mid-commit, and a commit the file system
// refuses. It opens a JSONFileHeroStore, or a SQLiteHeroStore when STORE_WRITER_STORE=sqlite.
//
//   store-writer increment FOLDER COUNT [hold]  add 1 to the counter in COUNT commits; with
//                                               `hold`, then add 1000 in a commit it keeps open
//                                               (holding the writers' lock) until standard
//                                               input closes
//   store-writer churn FOLDER                   commit 40 heroes at ever higher versions until killed
//   store-writer fill FOLDER BYTES              commit a record larger than the BYTES file-size limit
//
// It prints `opened`, `done`, `holding`, `wrote N` or the error's description, one line each; a
// store that another writer keeps locked ends it with status 75 and `locked: …` on standard error.
import Data
import Domain
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ error: any Error) -> Never {
    if case StorageError.locked = error {
        FileHandle.standardError.write(Data("locked: \(error)\n".utf8))
        exit(75)
    }
    say("\(error)")
    exit(74)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: store-writer increment|churn|fill FOLDER …\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[2])
let patience = Duration.milliseconds(
    Int(ProcessInfo.processInfo.environment["STORE_WRITER_PATIENCE_MS"] ?? "") ?? 5_000)

/// The store at `folder`, of the kind the environment names.
func openStore() throws -> any HeroStore {
    if ProcessInfo.processInfo.environment["STORE_WRITER_STORE"] == "sqlite" {
        return try SQLiteHeroStore.open(at: folder, writerPatience: patience)
    }
    return try JSONFileHeroStore.open(at: folder, writerPatience: patience)
}

/// A hero with `id`, `name` and `version`, and nothing else.
@Sendable func storedHero(_ id: String, _ name: String, version: Int) -> StoredHero {
    StoredHero(
        Hero(
            id: try! Hero.ID(id), codeName: name, sealedRealName: nil, powers: [], picture: nil, team: nil,
            updatedAt: Date(timeIntervalSince1970: 0), version: version),
        entityTag: nil)
}

/// The hero `index` of the churn, at `version`.
@Sendable func churnHero(_ index: Int, version: Int) -> StoredHero {
    let id = String(format: "%04d", index)
    return storedHero(id, "Hero \(id)", version: version)
}

do {
    switch arguments[1] {
    case "increment":
        let store = try openStore()
        say("opened")
        for _ in 0..<(Int(arguments.count > 3 ? arguments[3] : "1") ?? 1) {
            try await store.write { writer in
                var queue = try writer.pending()
                queue.lastLocalNumber += 1
                try writer.setPending(queue)
            }
        }
        say("done")
        if arguments.count > 4, arguments[4] == "hold" {
            try await store.write { writer in
                var queue = try writer.pending()
                queue.lastLocalNumber += 1000
                try writer.setPending(queue)
                say("holding")
                while readLine() != nil {}
            }
        }
    case "churn":
        let store = try openStore()
        var version = 1
        while true {
            let current = version
            try await store.write { writer in
                for index in 0..<40 {
                    try writer.setHero(String(format: "%04d", index), to: churnHero(index, version: current))
                }
            }
            say("wrote \(current)")
            version += 1
        }
    case "fill":
        let limit = rlim_t(Int(arguments.count > 3 ? arguments[3] : "4096") ?? 4_096)
        let store = try openStore()
        signal(SIGXFSZ, SIG_IGN)  // a write past the limit fails with EFBIG instead of killing us
        var rule = rlimit(rlim_cur: limit, rlim_max: limit)
        #if canImport(Glibc)
            guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &rule) == 0 else { exit(71) }
        #else
            guard setrlimit(RLIMIT_FSIZE, &rule) == 0 else { exit(71) }
        #endif
        let padding = String(repeating: "y", count: Int(limit) * 2)
        do {
            try await store.write { writer in
                try writer.setHero("0001", to: storedHero("0001", padding, version: 1))
            }
            say("wrote past the limit")
            exit(1)
        } catch {
            say("\(error)")
        }
    default:
        exit(64)
    }
} catch {
    fail(error)
}
