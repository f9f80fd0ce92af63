import Testing

@testable import MockServerKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The loop's wake pipe")
struct WakePipeTests {
    @Test("a nudge after close writes nothing, even into the descriptor numbers given out again")
    func lateNudge() throws {
        let wake = try #require(WakePipe.open())
        let writeEnd = wake.writeEnd
        wake.close()
        // The lowest free numbers go first: this pipe usually takes the ones just given back
        // (unless a test running beside this one took them first).
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        wake.nudge()
        wake.signal()
        var byte: UInt8 = 0
        let count = read(ends[0], &byte, 1)
        #expect(ends[1] != writeEnd || count == -1, "a late nudge wrote into the new pipe")
    }
}
