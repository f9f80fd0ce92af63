import Foundation
import Locking
import Network
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body streamed to a reader slower than the network: the transfer waits for the reader
/// instead of piling the body up in memory or in a file.
@Suite("Transports: back-pressure from a slow reader")
struct BackPressureTests {
    /// A pipe whose read end is drained on a thread of its own once `drain` is called.
    final class Pipe: Sendable {
        let readEnd: Int32
        let writeEnd: Int32
        private let received = Locked<(count: Int, allFiller: Bool)>((0, true))
        private let finished = DispatchSemaphore(value: 0)

        init() throws {
            var descriptors: [Int32] = [0, 0]
            guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
            (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        }

        func drain() {
            Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(readEnd, &buffer, buffer.count)
                    guard count > 0 else { break }
                    let filler = buffer[0..<count].allSatisfy { $0 == UInt8(ascii: "a") }
                    received.withLock { $0 = ($0.count + count, $0.allFiller && filler) }
                }
                finished.signal()
            }.start()
        }

        /// Closes the write end and waits for the reader to see the end; returns what it read.
        func finish() -> (count: Int, allFiller: Bool) {
            close(writeEnd)
            finished.wait()
            close(readEnd)
            return received.withLock { $0 }
        }
    }

    // URLSession has no back-pressure: its default `stream` takes the whole body in memory
    // first (the server sends all 40 MB while the reader reads nothing).
    @Test(
        "a 40 MB body to a reader that stops is paused, not buffered; the reader then gets every byte",
        arguments: TransportKind.curlOnly)
    func pausedWhileTheReaderStops(kind: TransportKind) async throws {
        let size = 40 << 20
        let server = try ScriptedServer { _ in
            ScriptedServer.Reply(
                head: "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(size)\r\n",
                filler: size)
        }
        defer { server.stop() }
        let pipe = try Pipe()
        let transport = kind.makeTransport()
        let request = URLRequest(url: server.baseURL.appendingPathComponent("picture"))
        let call = Task {
            try await transport.stream(
                for: request, into: FileDescriptorSink(descriptor: pipe.writeEnd),
                maximumResponseBytes: Int64(size), progress: nil)
        }
        // The reader reads nothing for a while: what the server could send is what the kernel's
        // socket buffers, the 64 KiB pipe and the transport's 1 MiB hold, far from 40 MB.
        try await Task.sleep(for: .seconds(1))
        let sentWhileStopped = server.bytesSent
        pipe.drain()
        let response = try await call.value
        let received = pipe.finish()
        #expect(sentWhileStopped < 20 << 20, "\(sentWhileStopped) bytes sent while the reader read nothing")
        #expect(response.head.status == 200)
        #expect(received.count == size)
        #expect(received.allFiller)
    }

    @Test(
        "an error status is not streamed: its body comes back in memory", arguments: TransportKind.available)
    func errorStatus(kind: TransportKind) async throws {
        let server = try ScriptedServer { _ in
            .status(404, [("Content-Type", "application/json")], body: #"{"e":1}"#)
        }
        defer { server.stop() }
        let pipe = try Pipe()
        pipe.drain()
        let response = try await kind.transport.stream(
            for: URLRequest(url: server.baseURL.appendingPathComponent("missing")),
            into: FileDescriptorSink(descriptor: pipe.writeEnd), maximumResponseBytes: 1000, progress: nil)
        #expect(response.head.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"e":1}"#)
        #expect(pipe.finish().count == 0)
    }

    @Test("a reader that goes away ends the stream in a typed error", arguments: TransportKind.available)
    func readerGone(kind: TransportKind) async throws {
        let size = 8 << 20
        let server = try ScriptedServer { _ in
            ScriptedServer.Reply(head: "HTTP/1.1 200 OK\r\nContent-Length: \(size)\r\n", filler: size)
        }
        defer { server.stop() }
        // A write to a pipe without a reader raises SIGPIPE, which would end the test process;
        // ignored, the write fails with EPIPE, as it does in heroes-cli.
        signal(SIGPIPE, SIG_IGN)
        let pipe = try Pipe()
        close(pipe.readEnd)
        await #expect {
            try await kind.transport.stream(
                for: URLRequest(url: server.baseURL.appendingPathComponent("picture")),
                into: FileDescriptorSink(descriptor: pipe.writeEnd), maximumResponseBytes: Int64(size),
                progress: nil)
        } throws: { error in
            guard case TransportError.failed(let code, _) = error else { return false }
            return code == URLError.cannotWriteToFile.rawValue
        }
        close(pipe.writeEnd)
    }
}
