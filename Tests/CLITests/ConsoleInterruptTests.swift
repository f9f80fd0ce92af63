import Foundation
import MockServerKit
import Testing

extension CLITests {
    /// Ctrl-C in the console, sent as SIGINT to a console running on a pipe.
    @Suite("Ctrl-C in the interactive console")
    struct ConsoleInterruptTests {
        @Test("Ctrl-C cancels a picture download that hangs, leaves no file, and the console goes on")
        func cancelDownload() async throws {
            try await withMockServer { server in
                _ = try server.addFault(
                    FaultRule(
                        method: "GET", path: "/v1/heroes/0007/picture", fault: "trickle,delay:30s", times: 5))
                let cli = try CLI.editor(of: server.baseURL)
                let console = try LiveConsole(cli)
                console.type("0007")
                #expect(await console.waitFor("hero 0007> "), "\(console.transcript)")
                let before = console.transcript.count
                console.type("i")
                try await Task.sleep(for: .milliseconds(500))
                console.interrupt()
                #expect(
                    await console.waitFor("cancelled\nhero 0007> ", after: before), "\(console.transcript)")
                let left = try FileManager.default.contentsOfDirectory(atPath: cli.home.path)
                    .filter { $0.contains("0007") || $0.hasPrefix(".") }
                #expect(left.isEmpty, "left behind: \(left)")
                console.type("q")
                #expect(await console.exitStatus() == 0, "\(console.transcript)")
            }
        }

        @Test("Ctrl-C at a hero's prompt goes back to the list; on the list it quits with 0")
        func interruptAtPrompts() async throws {
            let console = try LiveConsole(try CLI())
            #expect(await console.waitFor("heroes> "))
            console.type("0007")
            #expect(await console.waitFor("hero 0007> "), "\(console.transcript)")
            let before = console.transcript.count
            console.interrupt()
            #expect(await console.waitFor("^C\nHeroes\n", after: before), "\(console.transcript)")
            #expect(await console.waitFor("heroes> ", after: before), "\(console.transcript)")
            console.interrupt()
            #expect(await console.exitStatus() == 0, "\(console.transcript)")
        }
    }
}
