import Foundation
import Presentation
import Testing

@Suite("FileHandleOutputStream")
struct FileHandleOutputStreamTests {
    @Test("writes each piece as UTF-8 straight to the handle")
    func writesUTF8() throws {
        let pipe = Pipe()
        var stream = FileHandleOutputStream(pipe.fileHandleForWriting)
        stream.write("Night Owl ")
        print("東京 🦊", to: &stream)
        try pipe.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        #expect(String(decoding: data, as: UTF8.self) == "Night Owl 東京 🦊\n")
    }
}
