// bench-hello: the baseline of heroes-bench's process measure. A Foundation program that does
// nothing but start and print a line, so `heroes-cli show ID --offline` is timed against the
// cost of starting any Swift program that links Foundation on this machine.
import Foundation

FileHandle.standardOutput.write(Data("hello, \(ProcessInfo.processInfo.processName)\n".utf8))
