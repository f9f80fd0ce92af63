/// Writes one JSON document per line to a text stream.
struct JSONLineWriter {
    private var output: any TextOutputStream

    /// A writer onto `output`.
    init(output: any TextOutputStream) { self.output = output }

    /// Writes `value` and a newline.
    mutating func write(_ value: JSONDocument) { output.write(value.text + "\n") }
}
