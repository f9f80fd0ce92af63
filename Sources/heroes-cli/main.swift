// Hands the arguments and environment to HeroesApp, with the bundled mock server as demo server.
import Foundation
import HeroesApp

let environment = ProcessInfo.processInfo.environment
// Read from argv itself: `CommandLine.arguments` puts U+FFFD where a word is not UTF-8, silently.
let arguments = (1..<Int(CommandLine.argc)).map { index in
    CommandLine.unsafeArgv[index].flatMap { String(validatingCString: $0) }
}
let outcome = await HeroesCLI(environment: environment, demoServer: BundledMockServer())
    .run(checking: arguments)
exit(outcome.rawValue)
