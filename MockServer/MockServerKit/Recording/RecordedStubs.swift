import Foundation

/// One stub mapping a recording made: the JSON object WireMock's mapping files hold.
struct RecordedMapping: Sendable {
    /// The file under `mappings/`: `get-v1-heroes-0007-1a2b3c4d.json`.
    var fileName: String
    /// The mapping, as a `{"mappings": [...]}` element or a file's whole content.
    var object: StubJSON

    var id: String { object["id"]?.text ?? "" }

    /// Its `response.bodyFileName`, when its body is in `__files/`.
    var bodyFileName: String? {
        if case .string(let name) = object["response"]?["bodyFileName"] { return name }
        return nil
    }

    /// The file's bytes: pretty-printed, keys sorted, as WireMock writes them.
    var json: Data { RecordedJSON.pretty(object) }
}

/// A response body a recording keeps under `__files/`.
struct RecordedBodyFile: Sendable, Equatable {
    var name: String
    var bytes: [UInt8]
}

/// Stub mappings made from exchanges, and the body files they name.
struct RecordedStubs: Sendable {
    var mappings: [RecordedMapping]
    var bodyFiles: [RecordedBodyFile]

    /// `{"mappings": [...]}`, as the admin API and a single mapping file take them.
    var mappingList: StubJSON { .object(["mappings": .array(mappings.map(\.object))]) }

    /// Writes `__files/` and `mappings/` under `root` as `StubFileWriter` does.
    @discardableResult
    func write(toRootDirectory root: URL) throws(MockServerError) -> RecordedStubs {
        try StubFileWriter.write(self, root: root)
    }
}

/// JSON text as the recorder writes it.
enum RecordedJSON {
    static func pretty(_ value: StubJSON) -> Data {
        let data = try? JSONSerialization.data(
            withJSONObject: value.foundation, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data ?? Data("null".utf8)) + Data("\n".utf8)
    }
}
