import Foundation
import Synchronization

/// Counts what it passes on, so a caller knows whether any byte has left.
final class CountingSink: ResponseBodySink {
    private let sink: any ResponseBodySink
    private let written = Mutex<Int64>(0)

    init(_ sink: any ResponseBodySink) { self.sink = sink }

    var count: Int64 { written.withLock { $0 } }

    func write(_ bytes: Data) throws {
        try sink.write(bytes)
        written.withLock { $0 += Int64(bytes.count) }
    }
}
