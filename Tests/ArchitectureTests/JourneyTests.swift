import Foundation
import Testing

/// docs/JOURNEY.md quotes the code it walks through: the page stays true only while every path it
/// names exists and every excerpt is still, character for character, in its file.
@Suite("docs/JOURNEY.md describes the code as it is")
struct JourneyTests {
    static let page = PackageGraph.root.appendingPathComponent("docs/JOURNEY.md")

    /// Each `<!-- from: PATH -->` and the fenced block right after it.
    static func excerpts(in text: String) -> [(path: String, code: String)] {
        let lines = text.components(separatedBy: "\n")
        var found: [(String, String)] = []
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix("<!-- from: "), line.hasSuffix(" -->"), index + 1 < lines.count,
                lines[index + 1].hasPrefix("```")
            else { continue }
            let path = String(line.dropFirst("<!-- from: ".count).dropLast(" -->".count))
            let body = lines[(index + 2)...].prefix { !$0.hasPrefix("```") }
            found.append((path, body.joined(separator: "\n")))
        }
        return found
    }

    @Test("every excerpt appears verbatim in the file it names")
    func excerptsAreVerbatim() throws {
        let excerpts = Self.excerpts(in: try String(contentsOf: Self.page, encoding: .utf8))
        #expect(excerpts.count >= 8, "the journey has a stop per layer")
        for (path, code) in excerpts {
            let file = try String(contentsOf: PackageGraph.root.appendingPathComponent(path), encoding: .utf8)
            #expect(file.contains(code), "\(path) no longer holds:\n\(code)")
            #expect(code.split(separator: "\n").count <= 15, "\(path): an excerpt is at most about 15 lines")
        }
    }

    @Test("the add-a-field list names every file that holds the field it was written from")
    func addAFieldIsWhole() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Add a field, end to end").last)
        let root = PackageGraph.root
        var holding: [String] = []
        for folder in ["Sources", "MockServer", "Scripts", "Tests", "docs"] {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let file = files?.nextObject() as? String {
                let path = "\(folder)/\(file)"
                guard path != "docs/JOURNEY.md", path != "Tests/ArchitectureTests/JourneyTests.swift",
                    let content = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8),
                    content.contains("motto")
                else { continue }
                holding.append(path)
            }
        }
        #expect(holding.count >= 20, "the field's files: \(holding)")
        for path in holding {
            #expect(section.contains("`\(path)`"), "docs/JOURNEY.md's add-a-field list leaves out \(path)")
        }
    }

    @Test("every path the page names in backquotes exists")
    func pathsExist() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let paths = text.matches(of: /`((?:Sources|Tests|MockServer|Scripts|docs)\/[^`\s]+)`/).map {
            String($0.1)
        }
        #expect(paths.count >= 20)
        for path in paths {
            #expect(
                FileManager.default.fileExists(atPath: PackageGraph.root.appendingPathComponent(path).path),
                "docs/JOURNEY.md names \(path), which does not exist")
        }
    }
}
