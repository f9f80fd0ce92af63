import Data
import Foundation
import FuzzSupport
import HeroesApp
import Network

/// One input: an app plist (XML or binary), read and built as `heroes-cli lint` builds it:
/// the app's own `PlistNode` and `GraphBuilder` (from HeroesApp), an offline transport, and a
/// scratch cache folder for the process.
///
/// Properties: a plist is refused only with `AppPlistError` naming this file, or with the typed
/// error of the layer it names (`NetworkError` for a service plist, `StorageError` for the
/// store); a graph that builds has both managers, and every service it built prints its
/// example requests as lint does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let plist = Data(UnsafeBufferPointer(start: data, count: size))
    let root: PlistNode
    do {
        root = try PlistNode.root(of: plist, file: "Fuzz.plist")
    } catch {
        fuzzCheck(error.file == "Fuzz.plist" && error.keyPath.isEmpty, "refused as \(error)")
        return 0
    }
    let builder = GraphBuilder(environment: environment)
    do {
        try builder.buildAllUseCases(root)
    } catch let error as AppPlistError {
        fuzzCheck(error.file == "Fuzz.plist" && !error.problem.isEmpty, "refused as \(error)")
        return 0
    } catch is NetworkError, is StorageError {
        return 0
    } catch {
        fuzzCheck(false, "refused with an untyped error: \(error)")
        return 0
    }
    for (keyPath, service) in builder.servicesBuilt {
        do {
            _ = try HeroAPI.exampleCurlCommands(on: service)
        } catch {
            fuzzCheck(error is NetworkError, "\(keyPath): lint's requests fail with \(error)")
        }
    }
    return 0
}

/// What lint gives the builder, with a cache folder made once for the whole run.
private let environment = GraphEnvironment(
    serverURL: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"),
    authentication: nil,
    clearanceKey: nil,
    cacheFolder: FileManager.default.temporaryDirectory.appendingPathComponent(
        "heroes-fuzz-app-plist-\(getpid())", isDirectory: true),
    transports: AppTransports(refusing: .offline),
    plistFolder: nil,
    reportStorageProblem: { _ in })

/// libFuzzer's driver under Scripts/fuzz.sh, a replay of the inputs named otherwise.
@main
enum AppPlistFuzzMain {
    static func main() { FuzzMain.run(fuzzAppPlist) }
}
