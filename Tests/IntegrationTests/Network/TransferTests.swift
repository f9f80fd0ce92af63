import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

@Suite("Transports against the mock server: transfers, cancellation, concurrency")
struct TransferTests {
    static let editor = BasicAuthentication(username: "ed", password: "ed-secret-1")

    /// Bytes that start like a PNG; the server stores any image/png body.
    static func picture(size: Int) -> Data {
        var bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        bytes.append(Data((0..<(size - 8)).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        return bytes
    }

    @Test(
        "an upload reports progress up to its size, and the download streams it back to a file",
        arguments: TransportKind.available)
    func uploadThenDownload(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind, authentication: Self.editor) { server, service in
            let picture = Self.picture(size: 3 * 1024 * 1024)
            let uploads = NetworkIT.ProgressReports()
            let put = try await service.call(TestAPI.putPicture, "0003", picture, progress: uploads.record)
            #expect(put.status == 204)
            let sent = uploads.all.filter { $0.direction == .upload }
            #expect(!sent.isEmpty)
            #expect(sent.last?.completedBytes == Int64(picture.count))
            #expect(sent.last?.totalBytes == Int64(picture.count))
            #expect(server.requests().last?.bodyLength == picture.count)

            let file = NetworkIT.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            let downloads = NetworkIT.ProgressReports()
            let reply = try await service.download(
                TestAPI.picture, "0003", to: file, progress: downloads.record)
            #expect(reply.content == file)
            #expect(try Data(contentsOf: file) == picture)
            let received = downloads.all
            #expect(received.count > 1)
            #expect(received.allSatisfy { $0.direction == .download })
            #expect(received.last?.fractionCompleted == 1)
        }
    }

    @Test(
        "a download that fails removes its file and carries the error body",
        arguments: TransportKind.available)
    func failedDownload(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { _, service in
            let file = NetworkIT.temporaryFile()
            await #expect {
                try await service.download(TestAPI.picture, "no-such-hero", to: file)
            } throws: { error in
                guard case NetworkError.unacceptableStatus(404, _, let excerpt) = error else { return false }
                return excerpt.contains("not_found")
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("a download's 304 is not modified and leaves no file", arguments: TransportKind.available)
    func downloadNotModified(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { _, service in
            let file = NetworkIT.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            let first = try await service.download(TestAPI.picture, "0001", to: file)
            let tag = try #require(first.entityTag)
            try FileManager.default.removeItem(at: file)
            let second = try await service.download(TestAPI.picture, "0001", to: file, ifNoneMatch: tag)
            #expect(second.isNotModified)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test(
        "cancelling mid-flight stops the request at once, retries included",
        arguments: TransportKind.available)
    func cancellation(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind, retryPolicy: RetryPolicy(attempts: 3)) { server, service in
            try server.addFault(
                FaultRule(method: "GET", path: "/v1/heroes/0001", fault: "delay:30s", times: 3))
            let call = Task { try await service.call(TestAPI.hero, "0001") }
            try await Task.sleep(for: .milliseconds(200))
            let start = ContinuousClock.now
            call.cancel()
            await #expect(throws: NetworkError.cancelled) { try await call.value }
            // Far below the 30 s the server would take, and generous on a loaded CI box; for a
            // transport that lags under load, before the server would have answered.
            let bound = kind.keepsTimeUnderLoad ? TestTime.budget(.seconds(20)) : .seconds(29)
            #expect(ContinuousClock.now - start < bound)
            // The server answers the one request it got later; no second attempt is ever sent.
            try await Task.sleep(for: .milliseconds(100))
            #expect(server.requests().count <= 1)
        }
    }

    @Test("100 concurrent requests over one session all succeed", arguments: TransportKind.available)
    func burst(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            let ids = (1...100).map { String(format: "%04d", ($0 - 1) % 30 + 1) }
            let results = try await withThrowingTaskGroup(of: (String, Int).self) { group in
                for id in ids {
                    group.addTask {
                        do {
                            return (id, try await service.call(TestAPI.hero, id).status)
                        } catch NetworkError.unacceptableStatus(let code, _, _) {
                            return (id, code)
                        }
                    }
                }
                return try await group.reduce(into: [(String, Int)]()) { $0.append($1) }
            }
            #expect(results.count == 100)
            #expect(results.allSatisfy { $0.1 == 200 || $0.1 == 404 })
            #expect(results.filter { $0.1 == 200 }.count > 80)
            #expect(server.requests().count == 100)
        }
    }
}

@Suite("Transports: cancellation under load")
struct CancellationStressTests {
    @Test(
        "cancelling 40 requests at scattered moments neither crashes nor leaks, and the session goes on",
        arguments: TransportKind.available)
    func scatteredCancellation(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            try server.addFault(
                FaultRule(method: "GET", path: "/v1/heroes/0001", fault: "delay:300ms", times: 40))
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let call = Task { try await service.call(TestAPI.hero, "0001") }
                        try? await Task.sleep(for: .milliseconds(index * 10 % 400))
                        call.cancel()
                        do {
                            _ = try await call.value
                            return "answered"
                        } catch NetworkError.cancelled {
                            return "cancelled"
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                return await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(outcomes.count == 40)
            #expect(outcomes.allSatisfy { $0 == "answered" || $0 == "cancelled" })
            #expect(outcomes.contains("cancelled"))
            let after = try await service.call(TestAPI.hero, "0002")
            #expect(after.content?.id == "0002")
        }
    }
}
