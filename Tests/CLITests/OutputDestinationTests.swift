import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    @Suite("picture --output never replaces what it writes to")
    struct OutputDestinationTests {
        static func kind(_ path: String) -> mode_t {
            var status = stat()
            guard lstat(path, &status) == 0 else { return 0 }
            return status.st_mode & S_IFMT
        }

        static func leftovers(in folder: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".download") || $0.hasSuffix(".probe") || $0.hasSuffix(".download")
            }
        }

        @Test("a FIFO is written straight through and stays a FIFO; the reader gets every byte")
        func fifo() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let fifo = cli.home.appendingPathComponent("picture.fifo")
                #expect(mkfifo(fifo.path, 0o600) == 0)
                let received = Task.detached { () -> Data in
                    let handle = try FileHandle(forReadingFrom: fifo)
                    defer { try? handle.close() }
                    return handle.readDataToEndOfFile()
                }
                let run = try await cli.run("picture", "0007", "--output", fifo.path)
                #expect(run.status == 0, "\(run)")
                #expect(try await received.value == (try fixturePicture("0007")))
                #expect(Self.kind(fifo.path) == S_IFIFO, "still a FIFO")
                #expect(try Self.leftovers(in: cli.home).isEmpty)
            }
        }

        @Test(
            "a download that does not complete leaves the file it was to replace exactly as it was",
            arguments: [
                "HTTP/1.1 503 Service Unavailable\nRetry-After: 0\nContent-Length: 4\n\nbusy",
                "HTTP/1.1 500 Internal Server Error\nContent-Length: 4\n\noops",
                "HTTP/1.1 404 Not Found\nContent-Type: application/json\nContent-Length: 2\n\n{}",
                "HTTP/1.1 200 OK\nContent-Type: image/png\nContent-Length: 12\n\nnot a PNG!!!",
                "HTTP/1.1 200 OK\nContent-Type: image/png\nContent-Length: 4000\n\n\u{89}PNG cut short",
            ])
        func failedDownloadKeepsTheFile(answer: String) async throws {
            let server = try CannedServer(head: answer)
            let cli = try CLI(environment: ["HEROES_SERVER": server.url.absoluteString])
            let photo = cli.home.appendingPathComponent("photo.png")
            try Data("precious\n".utf8).write(to: photo)
            let run = try await cli.run(["picture", "0007", "--output", photo.path], timeout: .seconds(60))
            #expect(run.status != 0, "\(run)")
            #expect(try Data(contentsOf: photo) == Data("precious\n".utf8), "\(run)")
            #expect(try Self.leftovers(in: cli.home).isEmpty)
        }

        @Test(
            "a destination that cannot take the bytes is this machine's problem: 73, naming it and the reason",
            .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
        func fullDisk() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(
                    "picture", "0007", "--output", "/dev/full")
                #expect(run.status == 73, "\(run)")
                #expect(
                    run.stderr.hasPrefix(
                        "error: cannot write /dev/full: No space left on device [local_file]"),
                    "\(run)")
                #expect(!run.stderr.contains("--server"), "not blamed on the server: \(run)")
            }
        }

        @Test("a symlink is followed: its target is written and the link stays")
        func symlink() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let target = cli.home.appendingPathComponent("target.png")
                let link = cli.home.appendingPathComponent("link.png")
                try FileManager.default.createSymbolicLink(
                    atPath: link.path, withDestinationPath: "target.png")
                let run = try await cli.run("picture", "0007", "--output", link.path)
                #expect(run.status == 0, "\(run)")
                #expect(Self.kind(link.path) == S_IFLNK, "the link is still a link")
                #expect(try Data(contentsOf: target) == (try fixturePicture("0007")))
            }
        }

        @Test("a character device is written straight through and stays a device")
        func device() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(
                    "picture", "0007", "--output", "/dev/null")
                #expect(run.status == 0, "\(run)")
                #expect(Self.kind("/dev/null") == S_IFCHR)
            }
        }

        @Test("--output - writes the PNG to standard output, and the result line to standard error")
        func standardOutput() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run("picture", "0007", "--output", "-")
                #expect(run.status == 0, "\(run.status) \(run.stderr)")
                #expect(
                    Data(run.stdout.utf8).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47])
                        || run.stdout.hasPrefix("\u{FFFD}PNG"))
                #expect(run.stderr.contains("saved"), "\(run.stderr)")
            }
        }

        @Test(
            "--output - on a terminal is refused, pointing at show --picture",
            .enabled(if: PseudoTerminal.python != nil, "python3 runs the pseudo-terminal"))
        func standardOutputTerminal() async throws {
            try await withMockServer { server in
                let run = try await PseudoTerminal.run(
                    try CLI.editor(of: server.baseURL), ["picture", "0007", "--output", "-"])
                #expect(run.status == 64, "\(run)")
                #expect(run.stdout.contains("show 0007 --picture"), "\(run)")
                #expect(!run.stdout.contains("IHDR"), "no picture bytes: \(run)")
            }
        }

        @Test("Ctrl-C during a download leaves no temporary file, and the process ends by SIGINT")
        func interrupted() async throws {
            try await withMockServer { server in
                try server.addFault(
                    FaultRule(
                        method: "GET", path: "/v1/heroes/0007/picture", fault: "status:200,trickle:5s",
                        times: 5))
                let cli = try CLI.editor(of: server.baseURL)
                let process = Process()
                process.executableURL = try CLI.binary()
                process.arguments = ["picture", "0007", "--output", "slow.png"]
                process.environment = cli.environment
                process.currentDirectoryURL = cli.home
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                let exited = ExitSignal()
                process.terminationHandler = { _ in exited.fire() }
                try process.run()
                // Until the temporary file is there: the download has begun.
                let deadline = ContinuousClock.now + .seconds(15)
                while ContinuousClock.now < deadline, try Self.partials(in: cli.home).isEmpty {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(try !Self.partials(in: cli.home).isEmpty, "the download started")
                kill(process.processIdentifier, SIGINT)
                #expect(await exited.wait(timeout: .seconds(15)), "it ended")
                #expect(
                    process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT,
                    "\(process.terminationReason.rawValue) \(process.terminationStatus)")
                #expect(try Self.leftovers(in: cli.home).isEmpty, "no temporary file is left")
                #expect(
                    !FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("slow.png").path))
            }
        }

        static func partials(in folder: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".download")
            }
        }
    }
}
