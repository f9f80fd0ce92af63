// heroes-cli: the composition root's entry. HeroesApp parses the command line, builds the object
// graph the app plist describes, runs one command and says how to exit; this file only hands it
// the process's arguments and environment.
import Foundation
import HeroesApp

let environment = ProcessInfo.processInfo.environment
let outcome = await HeroesCLI(environment: environment).run(Array(CommandLine.arguments.dropFirst()))
exit(outcome.rawValue)
