/// One JSON document per line.
struct JSONLineWriter {
    private var output: any TextOutputStream

    init(output: any TextOutputStream) { self.output = output }

    mutating func write(_ value: JSONDocument) { output.write(value.text + "\n") }
}
