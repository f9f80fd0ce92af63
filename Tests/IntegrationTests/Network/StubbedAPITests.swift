import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

/// The template's use for another API: the mock server serves a team's own WireMock stub
/// mappings (`MockServer/Examples/todo-api`), and the project's Network layer drives them from a
/// plist descriptor, as an app of that team would.
@Suite("The Network layer against WireMock stub mappings of a to-do API")
struct StubbedAPITests {
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

    static var rootDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MockServer/Examples/todo-api", isDirectory: true)
    }

    @Test("empty, add an item, list it, remove it; another item is the stubs' JSON 404")
    func toDoList() async throws {
        var configuration = MockServerConfiguration(users: [NetworkIT.editor])
        configuration.rootDirectory = Self.rootDirectory
        configuration.servesHeroes = false
        let server = MockServer(configuration: configuration)
        try await server.start()
        do {
            var registry = DescriptorRegistry()
            registry.register(serializer: JSONSerializer(keys: .snakeCase), as: "JSON")
            registry.register(model: TodoList.self, as: "TodoList")
            registry.register(model: Todo.self, as: "Todo")
            let catalog = try ServiceCatalog(
                plist: Data(Self.plist.utf8), fileName: "TodoService.plist",
                endpoints: [Self.list, Self.add, Self.todo, Self.remove], registry: registry)
            let service = WebService(
                baseURL: server.baseURL, catalog: catalog, transport: TransportKind.appDefault.transport,
                deadline: TestTime.budget(.seconds(20)))

            #expect(try await service.call(Self.list).content?.items == [])
            let added = try await service.call(Self.add, NewTodo(title: "Buy milk")).content
            #expect(added == Todo(id: "1", title: "Buy milk", done: false))
            #expect(try await service.call(Self.list).content?.items.map(\.title) == ["Buy milk"])
            _ = try await service.call(Self.remove, "1")
            #expect(try await service.call(Self.list).content?.items == [])
            await #expect {
                try await service.call(Self.todo, "7")
            } throws: { error in
                guard case NetworkError.unacceptableStatus(let code, _, let excerpt) = error else {
                    return false
                }
                return code == 404 && excerpt.contains("no such to-do")
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
