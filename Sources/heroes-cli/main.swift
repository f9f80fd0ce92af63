// heroes-cli: the composition root. Parse the command line, build the object graph the app
// plist describes, run one command, and turn the outcome into an exit code.
import Foundation

let environment = ProcessInfo.processInfo.environment
let outcome = await HeroesCLI(environment: environment).run(Array(CommandLine.arguments.dropFirst()))
exit(outcome.rawValue)
