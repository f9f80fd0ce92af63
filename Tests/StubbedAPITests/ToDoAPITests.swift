import Foundation
import Network
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The template's use for another API, end to end: the built `mock-server` serves a team's own
/// WireMock stub mappings (`MockServer/Examples/todo-api`) with `--no-heroes`, and the project's
/// Network layer drives them from a plist descriptor, as that team's app would. This target
/// needs only `Network` and the executable, so `Scripts/copy-check.sh StubbedAPI` runs it in a
/// package of the copied folders (MockServer/Examples/README.md, "Copying it").
@Suite("A to-do API of WireMock stubs, served by mock-server, driven by the Network layer")
struct ToDoAPITests {
    struct Todo: Codable, Sendable, Equatable {
        var id: String
        var title: String
        var done: Bool
    }

    struct TodoList: Codable, Sendable { var items: [Todo] }

    struct NewTodo: Codable, Sendable { var title: String }

    static let list = Endpoint<TodoList>("todos")
    static let add = Endpoint<Todo>("addTodo", arguments: 1)
    static let todo = Endpoint<Todo>("todo", arguments: 1)
    static let remove = Endpoint<NoContent>("deleteTodo", arguments: 1)

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>todos</key><dict>
            <key>request</key><dict><key>path</key><string>/api/todos</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>TodoList</string>
            </dict>
          </dict>
          <key>addTodo</key><dict>
            <key>request</key><dict>
              <key>path</key><string>/api/todos</string><key>method</key><string>POST</string>
              <key>body</key><string>%0</string>
            </dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>Todo</string>
            </dict>
          </dict>
          <key>todo</key><dict>
            <key>request</key><dict><key>path</key><string>/api/todos/%0</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>Todo</string>
            </dict>
          </dict>
          <key>deleteTodo</key><dict>
            <key>request</key><dict>
              <key>path</key><string>/api/todos/%0</string><key>method</key><string>DELETE</string>
            </dict>
          </dict>
        </dict></plist>
        """

    /// `MockServer/Examples/todo-api` in this checkout, or in a copy made by the recipe.
    static var rootDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "MockServer/Examples/todo-api", isDirectory: true)
    }

    /// The built `mock-server`, next to the test bundle.
    static func binary() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("mock-server") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "mock-server is not built next to the tests; run `swift build` first")
    }

    /// The base URL the process prints first, read with plain reads off a plain thread.
    static func listeningURL(_ output: FileHandle) async throws -> URL {
        let line = await withCheckedContinuation { continuation in
            Thread {
                var bytes: [UInt8] = []
                var byte: UInt8 = 0
                while read(output.fileDescriptor, &byte, 1) == 1, byte != 10 { bytes.append(byte) }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }.start()
        }
        let prefix = "listening on "
        return try #require(
            line.hasPrefix(prefix) ? URL(string: String(line.dropFirst(prefix.count))) : nil, "\(line)")
    }

    /// Longer than `WebService`'s default 25 s: these calls test answers, not time, and a
    /// sanitizer's run starts every suite at once on a small machine.
    static let deadline: Duration = .seconds(120)

    static func makeTransport() -> any HTTPTransport {
        #if os(Linux)
            CurlTransport()
        #else
            URLSessionTransport()
        #endif
    }

    @Test("empty, add an item (its title templated), list it, remove it; another item is the stubs' JSON 404")
    func toDoList() async throws {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = ["--port", "0", "--root-dir", Self.rootDirectory.path, "--no-heroes"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        defer {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        let baseURL = try await Self.listeningURL(output.fileHandleForReading)

        var registry = DescriptorRegistry()
        registry.register(serializer: JSONSerializer(keys: .snakeCase), as: "JSON")
        registry.register(model: TodoList.self, as: "TodoList")
        registry.register(model: Todo.self, as: "Todo")
        let catalog = try ServiceCatalog(
            plist: Data(Self.plist.utf8), fileName: "TodoService.plist",
            endpoints: [Self.list, Self.add, Self.todo, Self.remove], registry: registry)
        let service = WebService(
            baseURL: baseURL, catalog: catalog, transport: Self.makeTransport(), deadline: Self.deadline)

        #expect(try await service.call(Self.list).content?.items == [])
        let added = try await service.call(Self.add, NewTodo(title: "Buy milk")).content
        #expect(added == Todo(id: "1", title: "Buy milk", done: false))
        #expect(try await service.call(Self.list).content?.items.map(\.title) == ["Buy milk"])
        _ = try await service.call(Self.remove, "1")
        #expect(try await service.call(Self.list).content?.items == [])
        await #expect {
            try await service.call(Self.todo, "7")
        } throws: { error in
            guard case NetworkError.unacceptableStatus(let code, _, let excerpt) = error else { return false }
            return code == 404 && excerpt.contains("no such to-do")
        }
    }
}
