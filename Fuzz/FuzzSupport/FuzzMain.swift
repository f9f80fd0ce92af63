import Foundation

#if FUZZING
    import CLibFuzzer
#endif

/// A fuzz target's whole `main`: libFuzzer's driver when built with `-D FUZZING` and
/// `-sanitize=fuzzer` (Scripts/fuzz.sh), else a replay of the files named on the command line.
///
/// The target's own `main` calls this rather than leaving `main` to libFuzzer, because SwiftPM
/// links an executable's `main` to the module's entry point; this way one manifest entry builds
/// both kinds of binary.
public enum FuzzMain {
    /// Runs `testOneInput` (a target's `LLVMFuzzerTestOneInput`) and exits with its status.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        #if FUZZING
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
            exit(
                Replay.main(arguments: CommandLine.arguments) { input in
                    _ = testOneInput(input.bindMemory(to: UInt8.self).baseAddress, input.count)
                })
        #endif
    }
}
