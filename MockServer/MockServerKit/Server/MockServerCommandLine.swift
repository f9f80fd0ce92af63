import Foundation

/// The `mock-server` executable's options, declared once: the parser and the usage text are both
/// read off `options`, so they cannot disagree (here, not in the executable, so tests can check).
public enum MockServerCommandLine {
    /// One `--name VALUE` option: how it is written, what it does, and how it changes the
    /// configuration.
    struct Option: Sendable {
        let name: String
        let placeholder: String
        let help: [String]
        let apply: @Sendable (inout MockServerConfiguration, String) throws(MockServerError) -> Void
    }

    static let options: [Option] = [
        Option(name: "port", placeholder: "N", help: ["port to listen on (default 8080; 0 picks a free one)"])
        {
            configuration, text throws(MockServerError) in
            guard let port = Int(text), (0...65_535).contains(port) else {
                throw MockServerError("--port must be a number from 0 to 65535, not '\(text)'")
            }
            configuration.port = port
        },
        Option(name: "host", placeholder: "ADDRESS", help: ["address to bind (default 127.0.0.1)"]) {
            configuration, text in configuration.host = text
        },
        Option(
            name: "fixtures", placeholder: "DIR",
            help: ["heroes.json, teams.json and pictures/ (default: the bundled fixtures)"]
        ) { configuration, text in
            configuration.fixtures = .directory(URL(fileURLWithPath: text, isDirectory: true))
        },
        Option(
            name: "users", placeholder: "FILE",
            help: ["users file (default: the demo users editor and viewer, demo only)"]
        ) { configuration, text throws(MockServerError) in
            configuration.users = try MockUser.load(from: URL(fileURLWithPath: text))
        },
        Option(name: "state", placeholder: "FILE", help: ["keep the heroes' state in FILE across runs"]) {
            configuration, text in configuration.stateFile = URL(fileURLWithPath: text)
        },
        Option(name: "latency", placeholder: "MS", help: ["add MS milliseconds before every API response"]) {
            configuration, text throws(MockServerError) in
            guard let latency = Int(text), (0...60_000).contains(latency) else {
                throw MockServerError("--latency must be milliseconds from 0 to 60000, not '\(text)'")
            }
            configuration.latencyMilliseconds = latency
        },
        Option(
            name: "admin-token", placeholder: "T",
            help: [
                "require bearer token T for /__admin/ and X-Mock-Admin-Token T for X-Mock-Fault",
                "(without it, both are served only on a loopback address)",
            ]
        ) { configuration, text in configuration.adminToken = text },
    ]

    /// The usage text, made from `options`.
    public static var usage: String {
        let synopsis = options.map { "[--\($0.name) \($0.placeholder)]" }.joined(separator: " ")
        let written = options.map { "--\($0.name) \($0.placeholder)" }
        let width = (written.map(\.count).max() ?? 0) + 2
        var lines = ["usage: mock-server \(synopsis)"]
        for (option, text) in zip(options, written) {
            for (index, line) in option.help.enumerated() {
                let left = index == 0 ? text : ""
                lines.append("  " + left + String(repeating: " ", count: width - left.count) + line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Parses arguments (without the program name), `--name value` or `--name=value`; a bad one
    /// throws an error naming it.
    public static func parse(_ arguments: [String]) throws(MockServerError) -> MockServerConfiguration {
        var configuration = MockServerConfiguration(port: 8080)
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else { throw MockServerError("unexpected argument \(argument)") }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw MockServerError("unknown option --\(name)")
            }
            guard let text = value ?? remaining.popFirst(), !text.isEmpty else {
                throw MockServerError("--\(name) needs a value \(option.placeholder)")
            }
            try option.apply(&configuration, text)
        }
        return configuration
    }
}
