/// One record as a mapping reads it: the JSON at each of its attributes' key paths, as sent,
/// in the mapping's order (`RecordLayout`). The tree for the store is made from it only when
/// it is asked for, so mapping a page costs no tree per record.
public struct WireRecord: Sendable {
    let layout: RecordLayout
    /// The JSON at each attribute's key path; `nil` where the key is missing.
    let values: [JSONValue?]
    /// The record itself when it is not an object (the mapping rejects it).
    let nonObject: JSONValue?

    init(layout: RecordLayout, values: [JSONValue?]) {
        self.layout = layout
        self.values = values
        self.nonObject = nil
    }

    init(layout: RecordLayout, nonObject: JSONValue) {
        self.layout = layout
        self.values = Array(repeating: nil, count: layout.paths.count)
        self.nonObject = nonObject
    }

    /// The JSON at `path`, when the mapping reads that key path and the record has it.
    func value(at path: [String]) -> JSONValue? {
        layout.paths.firstIndex(of: path).flatMap { values[$0] }
    }

    /// The record as a tree: each attribute's JSON at its key path. This is what the store keeps.
    public var tree: JSONValue { nonObject ?? layout.tree(of: values) }
}
