import Data
import Domain
import Foundation
import Locking
import MockServerKit
import Network
import TestSupport
import Testing

@Suite("RemotePictureRepository against the mock server")
struct RemotePictureRepositoryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "pictures-\(UUID().uuidString)")

    final class Reports: Sendable {
        private let seen = Locked<[Domain.TransferProgress]>([])
        var all: [Domain.TransferProgress] { seen.withLock { $0 } }
        func record(_ report: Domain.TransferProgress) { seen.withLock { $0.append(report) } }
    }

    func withPictures(_ body: (MockServer, RemotePictureRepository) async throws -> Void) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await IntegrationServer.withSource { server, _ in
            let editor = IntegrationServer.editor
            let service = WebService(
                baseURL: server.baseURL, catalog: try HeroAPI.catalog(),
                transport: IntegrationServer.transport,
                authentication: BasicAuthentication(username: editor.name, password: editor.password),
                retryPolicy: .never, deadline: IntegrationServer.deadline)
            try await body(server, RemotePictureRepository(service: service))
        }
    }

    @Test("a picture streams to a file, reporting progress up to its size")
    func download() async throws {
        try await withPictures { _, pictures in
            let reports = Reports()
            let file = try await pictures.download(
                pictureOf: try Hero.ID("0001"), to: folder.appendingPathComponent("0001.png"),
                progress: reports.record)
            let bytes = try Data(contentsOf: file.location)
            #expect(file.byteCount == Int64(bytes.count))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(reports.all.last?.completedBytes == file.byteCount)
        }
    }

    @Test("a hero without a picture is not found, and no file is left behind")
    func missingPicture() async throws {
        try await withPictures { _, pictures in
            let destination = folder.appendingPathComponent("none.png")
            await #expect(throws: DomainError.notFound("the picture of hero nobody")) {
                try await pictures.download(pictureOf: try Hero.ID("nobody"), to: destination) { _ in }
            }
            #expect(!FileManager.default.fileExists(atPath: destination.path))
        }
    }

    @Test("an uploaded PNG comes back byte for byte, with upload progress")
    func uploadRoundTrip() async throws {
        try await withPictures { _, pictures in
            let original = try await pictures.download(
                pictureOf: try Hero.ID("0001"), to: folder.appendingPathComponent("a.png")
            ) { _ in }
            let reports = Reports()
            try await pictures.upload(original.location, for: try Hero.ID("0002"), progress: reports.record)
            #expect(reports.all.last?.completedBytes == original.byteCount)

            let copy = try await pictures.download(
                pictureOf: try Hero.ID("0002"), to: folder.appendingPathComponent("b.png")
            ) { _ in }
            #expect(try Data(contentsOf: copy.location) == Data(contentsOf: original.location))
        }
    }

    @Test("a file that is not a PNG, too big, or missing is refused before anything is sent")
    func uploadChecks() async throws {
        try await withPictures { server, pictures in
            let text = folder.appendingPathComponent("notes.png")
            try Data("just text".utf8).write(to: text)
            let huge = folder.appendingPathComponent("huge.png")
            try Data(
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                    + [UInt8](repeating: 0, count: 5 * 1024 * 1024)
            )
            .write(to: huge)
            let id = try Hero.ID("0001")

            await #expect(throws: DomainError.invalid([.picture: "is not a PNG image"])) {
                try await pictures.upload(text, for: id) { _ in }
            }
            await #expect(
                throws: DomainError.invalid([.picture: "must be at most 5 MiB, not 5242888 bytes"])
            ) {
                try await pictures.upload(huge, for: id) { _ in }
            }
            let absent = folder.appendingPathComponent("absent.png")
            await #expect(throws: DomainError.invalid([.picture: "cannot be read at \(absent.path)"])) {
                try await pictures.upload(absent, for: id) { _ in }
            }
            #expect(!server.requests().contains { $0.method == "PUT" })
        }
    }

    @Test("a picture that is not a PNG is refused, and no file is left behind")
    func notAPNG() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try ScriptedServer { _ in
            .status(200, [("Content-Type", "image/png")], body: "<html>Sign in to the Wi-Fi</html>")
        }
        defer { server.stop() }
        let service = WebService(
            baseURL: server.baseURL, catalog: try HeroAPI.catalog(),
            transport: IntegrationServer.transport,
            retryPolicy: .never, deadline: IntegrationServer.deadline)
        let destination = folder.appendingPathComponent("0001.png")
        await #expect(throws: DomainError.badData("the picture of hero 0001 is not a PNG image")) {
            try await RemotePictureRepository(service: service).download(
                pictureOf: try Hero.ID("0001"), to: destination
            ) { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test(
        "a body that is not a PNG, or shorter than its signature, is refused when streamed to a device",
        arguments: ["<html>Sign in to the Wi-Fi</html>", "PNG"])
    func notAPNGStreamed(body: String) async throws {
        let server = try ScriptedServer { _ in .status(200, [("Content-Type", "image/png")], body: body) }
        defer { server.stop() }
        let service = WebService(
            baseURL: server.baseURL, catalog: try HeroAPI.catalog(), transport: IntegrationServer.transport,
            retryPolicy: .never, deadline: IntegrationServer.deadline)
        await #expect(throws: DomainError.badData("the picture of hero 0001 is not a PNG image")) {
            try await RemotePictureRepository(service: service).download(
                pictureOf: try Hero.ID("0001"), to: URL(fileURLWithPath: "/dev/null")
            ) { _ in }
        }
    }
}
