import Foundation
import XCTest

/// docs/testing.md's CI job: the command it documents, run here exactly as written against a
/// project of four of our scenes and their goldens (GoldenTests checks every scene's goldens;
/// running the command over all of them again doubled that cost in scripts/test), and the
/// workflow files it shows, checked with yamllint.
final class DocumentedCIJobTests: XCTestCase {
    private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private let command = "flipbook compare scenes/*.yaml --golden-root golden --junit report.xml --summary summary.md"
    /// The scenes the command's project holds: a sheet, a scroll view, text and a 3D layer.
    private let sample = ["skype-action-sheet", "long-list", "pull-to-refresh", "card-flip"]

    private func documentation() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("docs/testing.md"), encoding: .utf8)
    }

    private func run(_ executable: String, _ arguments: [String], in directory: URL, path: String? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        if let path { environment["PATH"] = path + ":" + (environment["PATH"] ?? "/usr/bin:/bin") }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testTheDocumentedCommandRunsHereAndPasses() throws {
        let lines = try documentation().split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains(command), "docs/testing.md shows the job's command on a line of its own")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for folder in ["scenes", "golden"] {
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("scenes/images"),
                                                   withDestinationURL: repository.appendingPathComponent("scenes/images"))
        for name in sample {
            try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("scenes/\(name).yaml"),
                                                       withDestinationURL: repository.appendingPathComponent("scenes/\(name).yaml"))
            try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("golden/\(name)"),
                                                       withDestinationURL: repository.appendingPathComponent("golden/\(name)"))
        }
        let binaries = try FlipbookProcess.executable().deletingLastPathComponent().path
        let (status, output) = try run("/bin/sh", ["-c", command], in: scratch, path: binaries)
        XCTAssertEqual(status, 0, output)
        let scenes = sample
        XCTAssertTrue(output.contains("compare: \(scenes.count) scenes, "), output)
        XCTAssertTrue(output.contains(": 0 failed, 0 missing, 0 obsolete\n"), output)
        let report = try JUnitSummary(data: Data(contentsOf: scratch.appendingPathComponent("report.xml")))
        XCTAssertEqual(report.suites.count, scenes.count)
        XCTAssertEqual(report.failures.count, 0)
        XCTAssertEqual(report.testcases.filter { $0 == "motion" }.count, scenes.count)
        let summary = try String(contentsOf: scratch.appendingPathComponent("summary.md"), encoding: .utf8)
        XCTAssertTrue(summary.hasPrefix("## flipbook compare\n\n✅ compare: \(scenes.count) scenes"), summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent(".flipbook").path), "nothing failed: no failures folder")
    }

    func testTheWorkflowFilesAreTheDocumentedOnesAndPassYamllint() throws {
        let documentation = try documentation()
        let files = ["docs/ci/github-actions.yml", "docs/ci/gitlab-ci.yml"]
        for file in files {
            let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(documentation.contains("```yaml\n" + text + "```"), "docs/testing.md shows \(file) as it is")
            XCTAssertTrue(text.contains("flipbook compare scenes/*.yaml --golden-root golden\n") && text.contains("--junit report.xml --summary summary.md"),
                          "\(file) runs the documented command")
        }
        let (status, output) = try run("/usr/bin/env", ["yamllint", "-s"] + files, in: repository)
        XCTAssertEqual(status, 0, "yamllint (scripts/setup installs it): \(output)")

        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-broken-\(UUID().uuidString).yml")
        try "---\njobs:\n  golden:\n   script: [a]\n  image: x\n".write(to: broken, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: broken) }
        XCTAssertNotEqual(try run("/usr/bin/env", ["yamllint", "-s", broken.path], in: repository).0, 0, "yamllint does fail bad YAML")
    }
}
