import Foundation

/// The `mock-server` executable's options, parsed into a configuration (here so tests can check them).
public enum MockServerCommandLine {
    /// The usage text.
    public static let usage = """
        usage: mock-server [--port N] [--host ADDRESS] [--fixtures DIR] [--users FILE] [--state FILE] \
        [--latency MS] [--admin-token TOKEN]
          --port N         port to listen on (default 8080; 0 picks a free one)
          --host ADDRESS   address to bind (default 127.0.0.1)
          --fixtures DIR   heroes.json, teams.json and pictures/ (default: the bundled fixtures)
          --users FILE     users file (default: the demo users editor and viewer, demo only)
          --state FILE     keep the heroes' state in FILE across runs
          --latency MS     add MS milliseconds before every API response
          --admin-token T  require bearer token T for /__admin/ and X-Mock-Admin-Token T for X-Mock-Fault
                           (without it, both are served only on a loopback address)
        """

    /// Parses arguments (without the program name), `--name value` or `--name=value`.
    public static func parse(_ arguments: [String]) throws(MockServerError) -> MockServerConfiguration {
        var configuration = MockServerConfiguration(port: 8080)
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else { throw MockServerError("unexpected argument \(argument)") }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard
                [
                    "--port", "--host", "--fixtures", "--users", "--state", "--latency", "--admin-token",
                ].contains(name)
            else {
                throw MockServerError("unknown option \(name)")
            }
            guard let text = value ?? remaining.popFirst(), !text.isEmpty else {
                throw MockServerError("\(name) needs a value")
            }
            switch name {
            case "--port":
                guard let port = Int(text), (0...65_535).contains(port) else {
                    throw MockServerError("--port must be a number from 0 to 65535")
                }
                configuration.port = port
            case "--host":
                configuration.host = text
            case "--fixtures":
                configuration.fixtures = .directory(URL(fileURLWithPath: text, isDirectory: true))
            case "--users":
                configuration.users = try MockUser.load(from: URL(fileURLWithPath: text))
            case "--state":
                configuration.stateFile = URL(fileURLWithPath: text)
            case "--admin-token":
                configuration.adminToken = text
            default:
                guard let latency = Int(text), (0...60_000).contains(latency) else {
                    throw MockServerError("--latency must be milliseconds from 0 to 60000")
                }
                configuration.latencyMilliseconds = latency
            }
        }
        return configuration
    }
}
