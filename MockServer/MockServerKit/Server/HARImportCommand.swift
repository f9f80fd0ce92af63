import Foundation

/// `mock-server import-har` (see `usage`), here so tests can run it.
public enum HARImportCommand {
    /// The subcommand's name, the first argument.
    public static let name = "import-har"

    /// One line of usage.
    public static let usage =
        "usage: mock-server import-har FILE.har --root-dir DIR [--redact-header NAME]..."

    /// The largest archive read.
    static let maximumBytes = 512 * 1024 * 1024

    /// Runs the subcommand on the arguments after its name.
    public static func run(_ arguments: [String]) -> CommandOutcome {
        if arguments.contains("--help") || arguments.contains("-h") {
            return CommandOutcome(status: 0, output: usage + "\n", errors: "")
        }
        let request: (file: String, root: String, redacted: [String])
        do {
            request = try parse(arguments)
        } catch {
            return CommandOutcome(status: 64, output: "", errors: line("\(error)") + usage + "\n")
        }
        let data: Data
        do {
            let url = URL(fileURLWithPath: request.file)
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= maximumBytes else {
                return CommandOutcome(
                    status: 66, output: "", errors: line("\(request.file): larger than 512 MiB"))
            }
            // Mapped, not read: only the entry being parsed is resident.
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            return CommandOutcome(status: 66, output: "", errors: line("\(request.file): cannot be read"))
        }
        let archive: HARArchive
        do {
            archive = try HARArchive(data)
        } catch {
            return CommandOutcome(
                status: 65, output: "", errors: line("\(request.file): \(error); nothing was written"))
        }
        let notes = archive.notes.map { line("\(request.file): \($0)") }.joined()
        let stubs = StubRecorder.stubs(from: archive.exchanges, spec: RecordSpec(redacting: request.redacted))
        do {
            try stubs.write(toRootDirectory: URL(fileURLWithPath: request.root, isDirectory: true))
        } catch {
            return CommandOutcome(
                status: 73, output: "", errors: notes + line("\(error); nothing was written"))
        }
        let summary =
            "\(count(stubs.mappings.count, "stub")), \(count(stubs.bodyFiles.count, "body file")), into \(request.root)"
        return CommandOutcome(status: 0, output: summary + "\n", errors: notes)
    }

    /// A line of standard error, named as the executable's own are.
    private static func line(_ text: String) -> String {
        "mock-server: import-har: \(TerminalText.escaped(text))\n"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The arguments after the name; options as `--name value` or `--name=value`.
    static func parse(_ arguments: [String]) throws(MockServerError) -> (
        file: String, root: String, redacted: [String]
    ) {
        var file: String?
        var root: String?
        var redacted: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                guard file == nil else { throw MockServerError("unexpected argument \(argument)") }
                guard !argument.isEmpty else { throw MockServerError("the archive's path is empty") }
                file = argument
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard name == "root-dir" || name == "redact-header" else {
                throw MockServerError("unknown option --\(name) for import-har")
            }
            guard let text = value ?? remaining.popFirst(), !text.isEmpty else {
                throw MockServerError("--\(name) needs a value")
            }
            if name == "root-dir" {
                guard root == nil else { throw MockServerError("--root-dir given twice") }
                root = text
            } else {
                guard !text.isEmpty, text.utf8.allSatisfy(ByteClass.isToken) else {
                    throw MockServerError("--redact-header needs a header name, not '\(text)'")
                }
                redacted.append(text)
            }
        }
        guard let file else { throw MockServerError("import-har needs a HAR file") }
        guard let root else { throw MockServerError("import-har needs --root-dir DIR") }
        return (file, root, redacted)
    }
}
