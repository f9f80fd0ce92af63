import Foundation
import Network
import Testing

@Suite("Descriptor validation at load")
struct DescriptorValidationTests {
    @Test("a wrong descriptor fails at load with an error naming file, endpoint and key", arguments: cases)
    func wrongDescriptor(_ wrong: Case) {
        let endpoint: any EndpointDeclaration =
            wrong.returnsPerson
            ? Endpoint<Person>("e", arguments: wrong.arguments)
            : Endpoint<Data>("e", arguments: wrong.arguments)
        let error = Fixture.loadError(["e": wrong.entry], [endpoint])
        #expect(
            error
                == DescriptorError(file: "Test.plist", endpoint: "e", key: wrong.key, problem: wrong.problem))
    }

    @Test("the error's description reads file, endpoint, key, problem")
    func descriptionFormat() {
        let error = DescriptorError(
            file: "Heroes.plist", endpoint: "hero", key: "request.method", problem: "bad")
        #expect(error.description == "Heroes.plist: endpoint 'hero', key 'request.method': bad")
        #expect(
            NetworkError.invalidDescriptor(error).description
                == "invalid descriptor: Heroes.plist: endpoint 'hero', key 'request.method': bad"
        )
    }

    @Test("an endpoint declared in code but absent from the plist fails at load")
    func endpointWithoutDescriptor() {
        let error = Fixture.loadError([:], [Endpoint<Data>("missing")])
        #expect(
            error
                == DescriptorError(
                    file: "Test.plist", endpoint: "missing", key: nil, problem: "has no descriptor"))
    }

    @Test("a descriptor with no endpoint declared for it fails at load, catching a misspelt name")
    func descriptorWithoutEndpoint() {
        let error = Fixture.loadError(["helth": ["request": ["path": "/health"]]], [])
        #expect(
            error
                == DescriptorError(
                    file: "Test.plist", endpoint: "helth", key: nil,
                    problem: "has no Endpoint declared for it")
        )
    }

    @Test("an endpoint declared twice fails at load")
    func duplicateEndpoint() {
        let error = Fixture.loadError(
            ["a": ["request": ["path": "/a"]]], [Endpoint<Data>("a"), Endpoint<NoContent>("a")])
        #expect(
            error
                == DescriptorError(file: "Test.plist", endpoint: "a", key: nil, problem: "is declared twice"))
    }

    @Test("a file that is not a dictionary of endpoints fails at load, naming the file")
    func notAPlist() throws {
        #expect(
            throws: NetworkError.invalidDescriptor(
                .init(file: "x.plist", endpoint: nil, key: nil, problem: "is not a property list"))
        ) {
            try ServiceCatalog(plist: Data("{".utf8), fileName: "x.plist", endpoints: [])
        }
        #expect(
            throws: NetworkError.invalidDescriptor(
                .init(
                    file: "x.plist", endpoint: nil, key: nil,
                    problem: "must be a dictionary of endpoints by name"))
        ) {
            try ServiceCatalog(plist: (["a"] as PlistNode).data, fileName: "x.plist", endpoints: [])
        }
    }

    @Test("a service plist loads from a file, XML or binary, and a missing file names itself")
    func loadsFromFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist: PlistNode = ["a": ["request": ["path": "/a"]]]
        let binary = try PropertyListSerialization.data(
            fromPropertyList: plist.object, format: .binary, options: 0)
        for (name, data) in [("Xml.plist", try plist.data), ("Binary.plist", binary)] {
            let file = directory.appendingPathComponent(name)
            try data.write(to: file)
            let catalog = try ServiceCatalog(contentsOf: file, endpoints: [Endpoint<Data>("a")])
            #expect(catalog.fileName == name)
            #expect(catalog.endpointNames == ["a"])
        }
        #expect {
            try ServiceCatalog(contentsOf: directory.appendingPathComponent("Missing.plist"), endpoints: [])
        } throws: { error in
            guard case NetworkError.invalidDescriptor(let problem) = error else { return false }
            return problem.file == "Missing.plist" && problem.problem.hasPrefix("cannot be read")
        }
    }

    @Test("a call with an endpoint typed differently from the one declared at load is refused")
    func mismatchedEndpointAtCall() async throws {
        let (service, transport) = try Fixture.service(
            ["a": ["request": ["path": "/a"]]], [Endpoint<Data>("a")])
        await #expect(throws: NetworkError.self) { try await service.call(Endpoint<NoContent>("a")) }
        #expect(transport.calls.isEmpty)
    }

    @Test("a complete descriptor with every key loads")
    func everyKeyLoads() throws {
        let plist: PlistNode = [
            "save": [
                "request": [
                    "path": "/people/%0[name]?notify=%1", "method": "PUT",
                    "headers": ["X-Trace": "t-%1", "Content-Type": "application/json"],
                    "body": "%0", "timeout": 2.5, "retry": ["attempts": 4, "idempotentOnly": false],
                    "auth": "admin",
                ],
                "serialization": ["serializer": "SnakeJSON", "serializedObject": "Person"],
            ]
        ]
        let catalog = try Fixture.catalog(plist, [Endpoint<Person>("save", arguments: 2)])
        #expect(catalog.endpointNames == ["save"])
        #expect(catalog.fileName == "Test.plist")
    }
}
