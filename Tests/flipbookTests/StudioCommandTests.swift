import Foundation
import XCTest

/// `flipbook studio` as a user runs it, and `render --format html`'s usage errors and bytes.
final class StudioCommandTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-studio-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("tiny.yaml").path, contents: Data(FlipbookProcess.tinyScene.utf8))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    /// A studio started in the scratch folder, its URL line read from standard output.
    private func startStudio(_ arguments: [String]) throws -> (Process, String, Pipe) {
        let process = Process()
        process.executableURL = try FlipbookProcess.executable()
        process.arguments = ["studio"] + arguments
        process.currentDirectoryURL = scratch
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line.append(byte)
        }
        return (process, String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines), err)
    }

    func testPrintsItsURLAloneAndStopsWith130OnCtrlC() throws {
        let (process, url, _) = try startStudio(["tiny.yaml", "--port", "0"])
        XCTAssertNotNil(url.range(of: #"^http://127\.0\.0\.1:[0-9]+/$"#, options: .regularExpression), url)
        let port = Int(url.split(separator: ":").last!.dropLast())!
        let page = try String(contentsOf: URL(string: url)!, encoding: .utf8)
        XCTAssertTrue(page.contains("flipbook studio"))

        // A second studio on the same port: a clear error naming it, exit 75.
        let second = try FlipbookProcess.run(["studio", "tiny.yaml", "--port", String(port)], in: scratch)
        XCTAssertEqual(second.status, 75, second.stderr)
        XCTAssertTrue(second.stderr.contains("port \(port)"), second.stderr)
        XCTAssertEqual(second.stdout, "")

        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
    }

    func testSIGTERMStopsItToo() throws {
        let (process, url, _) = try startStudio(["tiny.yaml", "--port", "0"])
        XCTAssertTrue(url.hasPrefix("http://"))
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
    }

    func testABrokenSceneStillStartsAndShowsItsProblems() throws {
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("broken.yaml").path,
                                           contents: Data(FlipbookProcess.tinyScene.replacingOccurrences(of: "duration: 1", with: "duration: x").utf8))
        let (process, url, _) = try startStudio(["broken.yaml", "--port", "0"])
        defer { process.interrupt(); process.waitUntilExit() }
        let status = try String(contentsOf: URL(string: url + "api/status")!, encoding: .utf8)
        XCTAssertTrue(status.contains(#""line":2"#), status)
        XCTAssertTrue(status.contains(#""version":null"#), status)
    }

    func testUsageAndInputErrors() throws {
        let missing = try FlipbookProcess.run(["studio", "nothing.yaml", "--port", "0"], in: scratch)
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("nothing.yaml"))
        let folder = try FlipbookProcess.run(["studio", ".", "--port", "0"], in: scratch)
        XCTAssertEqual(folder.status, 66, folder.stderr)
        let badPort = try FlipbookProcess.run(["studio", "tiny.yaml", "--port", "70000"], in: scratch)
        XCTAssertEqual(badPort.status, 64, badPort.stderr)
        XCTAssertTrue(badPort.stderr.contains("--port"))
        let badHost = try FlipbookProcess.run(["studio", "tiny.yaml", "--port", "0", "--host", "example.com"], in: scratch)
        XCTAssertEqual(badHost.status, 64, badHost.stderr)
        XCTAssertTrue(badHost.stderr.contains("example.com"))
        let badScale = try FlipbookProcess.run(["studio", "tiny.yaml", "--scale", "0"], in: scratch)
        XCTAssertEqual(badScale.status, 64, badScale.stderr)
    }

    func testTheStudiosTraceIsWhatTracePrints() throws {
        let (process, url, _) = try startStudio(["tiny.yaml", "--port", "0"])
        defer { process.interrupt(); process.waitUntilExit() }
        let studio = try Data(contentsOf: URL(string: url + "api/trace?property=box.frame.x")!)
        let trace = try FlipbookProcess.run(["trace", "tiny.yaml", "--property", "box.frame.x", "--format", "json"], in: scratch)
        XCTAssertEqual(String(decoding: studio, as: UTF8.self), trace.stdout)
    }

    // MARK: render --format html

    func testHTMLIsTheSameBytesTwiceAndLeavesNoTemporaries() throws {
        let first = try FlipbookProcess.run(["render", "tiny.yaml", "--format", "html", "-o", "a.html", "--quiet"], in: scratch)
        XCTAssertEqual(first.status, 0, first.stderr)
        let second = try FlipbookProcess.run(["render", "tiny.yaml", "-o", "b.html", "--quiet"], in: scratch)   // inferred from .html
        XCTAssertEqual(second.status, 0, second.stderr)
        let a = try Data(contentsOf: scratch.appendingPathComponent("a.html"))
        XCTAssertEqual(a, try Data(contentsOf: scratch.appendingPathComponent("b.html")))
        let text = String(decoding: a, as: UTF8.self)
        XCTAssertTrue(text.contains("data:video/mp4;base64,"))
        XCTAssertFalse(text.contains("http://") || text.contains("https://"), "the page must need no network")
        XCTAssertTrue(text.contains(#""table":[[0,0,0.05],[1,0.1,0.15]"#), "timestamps at frame centres")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [])
        let lossless = try FlipbookProcess.run(["render", "tiny.yaml", "--format", "html", "--lossless", "-o", "c.html", "--quiet"], in: scratch)
        XCTAssertEqual(lossless.status, 0, lossless.stderr)
        let c = String(decoding: try Data(contentsOf: scratch.appendingPathComponent("c.html")), as: UTF8.self)
        XCTAssertEqual(c.components(separatedBy: "data:image/png;base64,").count - 1, 11)
    }

    func testHTMLUsageErrors() throws {
        for (arguments, mention) in [(["--lossless", "-o", "x"], "--lossless"),
                                     (["--format", "html", "--pattern", "f%d.png"], "--pattern"),
                                     (["--format", "html", "-o", "x.gif"], ".gif"),
                                     (["--format", "html", "-o", "dir/"], "one file"),
                                     (["--format", "html", "--lossless", "--crf", "20"], "--crf"),
                                     (["--format", "html", "--crf", "99"], "--crf"),
                                     (["--format", "html", "--resume"], "--resume"),
                                     (["--format", "html", "--matte", "#000000"], "--matte")] {
            let r = try FlipbookProcess.run(["render", "tiny.yaml"] + arguments, in: scratch)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(mention), "\(arguments): \(r.stderr)")
        }
    }

    func testHTMLIntoADirectoryIsAnOutputError() throws {
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("taken.html"), withIntermediateDirectories: true)
        let r = try FlipbookProcess.run(["render", "tiny.yaml", "-o", "taken.html"], in: scratch)
        XCTAssertEqual(r.status, 73, r.stderr)
    }
}
