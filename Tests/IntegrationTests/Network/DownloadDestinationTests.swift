import Foundation
import MockServerKit
import Network
import Testing

/// Where a download may land: a destination that cannot take it is a typed error that leaves
/// the file system as it was, without a partial file.
@Suite("Transports: download destinations that cannot take the file")
struct DownloadDestinationTests {
    /// The names in `folder` that look like a download's partial file.
    static func partials(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
    }

    @Test(
        "a folder at the destination is refused and kept with everything in it",
        arguments: TransportKind.available)
    func folderIsNotReplaced(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { _, service in
            let parent = NetworkIT.temporaryFile()
            defer { try? FileManager.default.removeItem(at: parent) }
            let folder = parent.appendingPathComponent("pictures")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let kept = folder.appendingPathComponent("keep.txt")
            try Data("mine".utf8).write(to: kept)

            let error = await #expect(throws: NetworkError.self) {
                try await service.download(TestAPI.picture, "0001", to: folder)
            }
            guard case .transport(let code, let message) = error else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
            #expect(code == URLError.cannotMoveFile.rawValue)
            #expect(message == "cannot move the download to \(folder.path): it is a folder")
            #expect(try Data(contentsOf: kept) == Data("mine".utf8), "the folder's contents are untouched")
            #expect(try Self.partials(in: parent).isEmpty, "no partial file is left beside it")
        }
    }

    @Test(
        "a destination whose folder does not exist cannot be written, and nothing is created",
        arguments: TransportKind.available)
    func missingFolder(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { _, service in
            let parent = NetworkIT.temporaryFile()
            let file = parent.appendingPathComponent("picture.png")
            let error = await #expect(throws: NetworkError.self) {
                try await service.download(TestAPI.picture, "0001", to: file)
            }
            guard case .transport(let code, let message) = error else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
            #expect(code == URLError.cannotCreateFile.rawValue)
            #expect(message.hasPrefix("cannot write the download next to \(file.path)"), "\(message)")
            #expect(!FileManager.default.fileExists(atPath: parent.path))
        }
    }

    @Test(
        "an existing file at the destination is replaced by the download", arguments: TransportKind.available)
    func fileIsReplaced(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { _, service in
            let parent = NetworkIT.temporaryFile()
            defer { try? FileManager.default.removeItem(at: parent) }
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            let file = parent.appendingPathComponent("picture.png")
            try Data("old".utf8).write(to: file)
            let reply = try await service.download(TestAPI.picture, "0001", to: file)
            #expect(reply.content == file)
            let bytes = try Data(contentsOf: file)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the PNG replaced the old file")
            #expect(try Self.partials(in: parent).isEmpty)
        }
    }
}
