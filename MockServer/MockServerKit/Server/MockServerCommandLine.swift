import Foundation

/// `mock-server`'s options, declared once so parser and usage cannot disagree (here, not in
/// the executable, so tests can check).
public enum MockServerCommandLine {
    /// One `--name VALUE` option: its spelling, help, and effect on the configuration.
    struct Option: Sendable {
        let name: String
        /// Empty for a flag.
        let placeholder: String
        let help: [String]
        let apply: @Sendable (inout MockServerConfiguration, String) throws(MockServerError) -> Void

        var written: String { placeholder.isEmpty ? "--\(name)" : "--\(name) \(placeholder)" }
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
        Option(
            name: "max-heroes", placeholder: "N",
            help: ["heroes the server may hold (default 5000; then 507)"]
        ) { configuration, text throws(MockServerError) in
            guard let count = Int(text), (1...1_000_000).contains(count) else {
                throw MockServerError("--max-heroes must be a number from 1 to 1000000, not '\(text)'")
            }
            configuration.maximumHeroes = count
        },
        Option(
            name: "max-pictures-mib", placeholder: "N",
            help: ["MiB of pictures the server may hold in all (default 128; then 507)"]
        ) { configuration, text throws(MockServerError) in
            guard let mebibytes = Int(text), (1...4_096).contains(mebibytes) else {
                throw MockServerError("--max-pictures-mib must be a number from 1 to 4096, not '\(text)'")
            }
            configuration.maximumPictureBytes = mebibytes << 20
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
        Option(
            name: "admin-token-file", placeholder: "FILE",
            help: ["read the admin token from FILE (its first line), so that ps never shows it"]
        ) { configuration, text throws(MockServerError) in
            configuration.adminToken = try readAdminToken(from: URL(fileURLWithPath: text))
        },
        Option(
            name: "token-lifetime", placeholder: "S",
            help: ["seconds a token from POST /v1/token lasts (default 3600; 1 for refresh tests)"]
        ) { configuration, text throws(MockServerError) in
            guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                throw MockServerError("--token-lifetime must be seconds from 1 to 86400, not '\(text)'")
            }
            configuration.tokenLifetime = .seconds(seconds)
        },
        Option(
            name: "root-dir", placeholder: "DIR",
            help: ["WireMock stub mappings from DIR/mappings/*.json, bodies from DIR/__files/"]
        ) { configuration, text in
            configuration.rootDirectory = URL(fileURLWithPath: text, isDirectory: true)
        },
        Option(
            name: "no-heroes", placeholder: "", help: ["answer 404 to what no stub matches (no hero routes)"]
        ) {
            configuration, _ in configuration.servesHeroes = false
        },
        Option(
            name: "proxy-all", placeholder: "URL",
            help: ["forward what no stub matches to URL (http or https), before the hero routes"]
        ) { configuration, text throws(MockServerError) in
            guard let url = URL(string: text), ProxyTarget(baseURL: text) != nil else {
                throw MockServerError("--proxy-all must be an absolute http or https URL, not '\(text)'")
            }
            configuration.proxyAll = url
        },
        Option(
            name: "record-mappings", placeholder: "",
            help: ["with --proxy-all and --root-dir: write each proxied exchange as a stub mapping"]
        ) { configuration, _ in configuration.recordsMappings = true },
        Option(
            name: "redact-header", placeholder: "NAME",
            help: ["recordings write header NAME as a pattern, never its value (repeatable)"]
        ) { configuration, text in configuration.redactedHeaders.append(text) },
    ]

    /// The admin token's fallback source: unlike argv, another user's environment is not
    /// readable through `ps`.
    public static let adminTokenVariable = "MOCK_SERVER_ADMIN_TOKEN"

    /// What `--version` prints.
    public static let version = "mock-server 1.0.0"

    /// The usage text, made from `options`.
    public static var usage: String {
        let synopsis = options.map { "[\($0.written)]" }.joined(separator: " ")
        let written = options.map(\.written)
        let width = (written.map(\.count).max() ?? 0) + 2
        var lines = ["usage: mock-server \(synopsis)"]
        for (option, text) in zip(options, written) {
            for (index, line) in option.help.enumerated() {
                let left = index == 0 ? text : ""
                lines.append("  " + left + String(repeating: " ", count: width - left.count) + line)
            }
        }
        lines.append("   or: mock-server --version")
        lines.append(HARImportCommand.usage.replacingOccurrences(of: "usage: ", with: "   or: "))
        lines.append("  write a HAR archive's exchanges as WireMock stub mappings under DIR")
        lines.append(VerifyCommand.usage.replacingOccurrences(of: "usage: ", with: "   or: "))
        return lines.joined(separator: "\n")
    }

    /// Parses arguments without the program name; the error names a bad one. The admin token:
    /// `--admin-token`, `--admin-token-file`, or the environment.
    public static func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(MockServerError) -> MockServerConfiguration {
        var configuration = MockServerConfiguration(port: 8080)
        if let token = environment[adminTokenVariable] {
            guard !token.isEmpty else { throw MockServerError("\(adminTokenVariable) is set but empty") }
            configuration.adminToken = token
        }
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
                let known = options.map { "--" + $0.name } + ["--version", "--help"]
                throw MockServerError(
                    "unknown option --\(name)" + Suggestion.hint(for: "--" + name, among: known))
            }
            if option.placeholder.isEmpty {
                guard value == nil else { throw MockServerError("--\(name) takes no value") }
                try option.apply(&configuration, "")
                continue
            }
            guard let text = value ?? remaining.popFirst(), !text.isEmpty else {
                throw MockServerError("--\(name) needs a value \(option.placeholder)")
            }
            try option.apply(&configuration, text)
        }
        if configuration.recordsMappings, configuration.proxyAll == nil || configuration.rootDirectory == nil
        {
            throw MockServerError("--record-mappings needs --proxy-all and --root-dir")
        }
        return configuration
    }

    /// The file's first line, trimmed; must not be empty.
    static func readAdminToken(from file: URL) throws(MockServerError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw MockServerError("--admin-token-file: cannot read \(file.path)")
        }
        let firstLine = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
        let token = firstLine.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw MockServerError("--admin-token-file: \(file.path) holds no token") }
        return token
    }
}
