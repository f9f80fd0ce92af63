import Foundation

/// Runs a fuzz target's body over inputs from files, for builds without libFuzzer: the normal
/// `swift build` links every fuzz target this way, and a crash file libFuzzer wrote can be
/// replayed under a debugger or a plain build (`swift run fuzz-http-parser crash-…`).
public enum Replay {
    /// Calls `body` with the bytes of every file named in `arguments`, descending into folders
    /// (a corpus), and returns the exit status: 0 when every input ran, 64 for a bad command line,
    /// 66 for a file that cannot be read.
    public static func main(arguments: [String], body: (UnsafeRawBufferPointer) -> Void) -> Int32 {
        let paths = Array(arguments.dropFirst())
        guard !paths.isEmpty else {
            FileHandle.standardError.write(
                Data("usage: \(arguments.first ?? "fuzz") FILE-OR-FOLDER...\n".utf8))
            return 64
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                    return 66
                }
                data.withUnsafeBytes(body)
                count += 1
            }
        }
        print("replayed \(count) inputs")
        return 0
    }

    /// The file at `path`, or every regular file under it (sorted) when it is a folder.
    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        let names: [String]
        do {
            names = try FileManager.default.subpathsOfDirectory(atPath: path)
        } catch {
            FileHandle.standardError.write(Data("cannot list \(path): \(error)\n".utf8))
            return []
        }
        return names.sorted().map { "\(path)/\($0)" }.filter { file in
            var isSubfolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &isSubfolder)
                && !isSubfolder.boolValue
        }
    }
}

/// Reports a broken property of a fuzz target: prints what failed and aborts, so libFuzzer
/// records the input as a crash (a `precondition` drops its message in release builds,
/// and the message is the point).
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("fuzz property failed at \(file):\(line): \(message())\n".utf8))
    abort()
}
