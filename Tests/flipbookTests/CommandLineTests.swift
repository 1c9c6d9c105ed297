import Foundation
import XCTest

/// Runs the built `flipbook` binary as a user would and checks exit codes, messages and files.
final class CommandLineTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    private var skype: String { repository.appendingPathComponent("scenes/skype-action-sheet.yaml").path }
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private typealias Result = FlipbookProcess.Result

    private func flipbook(_ arguments: String...) throws -> Result { try flipbook(arguments) }

    private func flipbook(_ arguments: [String]) throws -> Result {
        try FlipbookProcess.run(arguments, in: scratch)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = scratch.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    private let tiny = FlipbookProcess.tinyScene

    func testMissingSceneExits66() throws {
        let r = try flipbook("render", "nope.yaml")
        XCTAssertEqual(r.status, 66)
        XCTAssertTrue(r.stderr.contains("nope.yaml: no such file"), r.stderr)
        XCTAssertEqual(try flipbook("validate", "nope.yaml").status, 66)
    }

    func testSyntaxErrorExits65WithLineAndColumn() throws {
        let path = try write("canvas: { size: [40, 30]\nduration: 1\n", to: "broken.yaml")
        let r = try flipbook("render", path, "-o", "out")
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("broken.yaml:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("YAML syntax error"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path))
    }

    func testUnknownKeyExits65WithSuggestion() throws {
        let path = try write(tiny.replacingOccurrences(of: "duration: 1", with: "duraton: 1"), to: "typo.yaml")
        let r = try flipbook("validate", path)
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("typo.yaml:2:1: duraton: unknown key 'duraton'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("did you mean 'duration'?"), r.stderr)
    }

    func testFramesOutsideTheSceneExits64() throws {
        let path = try write(tiny, to: "tiny.yaml")
        for range in ["5-99", "11", "20-"] {
            let r = try flipbook("render", path, "-o", "out", "--frames", range)
            XCTAssertEqual(r.status, 64, range)
            XCTAssertTrue(r.stderr.contains("outside the scene, which has frames 0-10"), r.stderr)
        }
        XCTAssertEqual(try flipbook("render", path, "--frames", "7-3").status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path))
    }

    func testBadOptionsExit64() throws {
        let path = try write(tiny, to: "tiny.yaml")
        for arguments in [["--fps", "0"], ["--scale", "-1"], ["--threads", "0"], ["--pattern", "frame.png"], ["--scale", "2000"]] {
            let r = try flipbook(["render", path, "-o", "out"] + arguments)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path))
    }

    func testUnwritableOutputExits73AndWritesNothing() throws {
        let path = try write(tiny, to: "tiny.yaml")
        let blocker = try write("not a directory", to: "blocker")
        let r = try flipbook("render", path, "-o", blocker + "/frames")
        XCTAssertEqual(r.status, 73, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot create output directory"), r.stderr)
        XCTAssertTrue(r.stderr.contains("a file is in the way") || r.stderr.contains("Not a directory"), r.stderr)
        let onFile = try flipbook("render", path, "-o", blocker)
        XCTAssertEqual(onFile.status, 73, onFile.stderr)
        XCTAssertEqual(files(in: scratch.path), ["blocker", "tiny.yaml"])
    }

    func testRenderWritesEveryFrameAndAManifestThenResumes() throws {
        let path = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("render", path, "-o", "out", "--threads", "2")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("rendered 11 frames"), r.stdout)
        let out = scratch.appendingPathComponent("out").path
        XCTAssertEqual(files(in: out), [".flipbook.json"] + (0...10).map { String(format: "frame-%04d.png", $0) })
        let manifest = try String(contentsOfFile: out + "/.flipbook.json", encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"fps\":10"), manifest)

        try FileManager.default.removeItem(atPath: out + "/frame-0004.png")
        let resumed = try flipbook("render", path, "-o", "out", "--resume")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stdout.contains("rendered 1 frame (10 already there)"), resumed.stdout)
    }

    func testFramesAreByteIdenticalWhateverTheThreadsOrRange() throws {
        for threads in ["1", "2"] {
            let r = try flipbook("render", skype, "-o", "t\(threads)", "--scale", "1", "--frames", "10-40", "--threads", threads, "--quiet")
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
        assertSameFrames("t1", "t2", count: 31)
        let one = scratch.appendingPathComponent("t1").path
        // A frame rendered on its own (mid-spring, after the first tap) matches the same frame of a range.
        let alone = try flipbook("render", skype, "-o", "alone", "--scale", "1", "--frames", "35", "--quiet")
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: scratch.appendingPathComponent("alone/frame-0035.png").path),
                       FileManager.default.contents(atPath: one + "/frame-0035.png"))
    }

    /// Cairo draws through pixman, which picks SIMD paths (MMX, SSE2, SSSE3, AVX2) by CPU at run
    /// time. PIXMAN_DISABLE turns them off, as an older CPU would: the frames must not change.
    /// (Its "fast" C paths run on every CPU, so they are left on: without them pixman's general
    /// path rounds differently and the pixels do change.)
    func testFramesDoNotDependOnPixmansCPUPaths() throws {
        let plain = try flipbook("render", skype, "-o", "plain", "--scale", "1", "--frames", "20-32", "--quiet")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let generic = try FlipbookProcess.run(["render", skype, "-o", "generic", "--scale", "1", "--frames", "20-32", "--quiet"],
                                              in: scratch, environment: ["PIXMAN_DISABLE": "mmx sse2 ssse3 avx2"])
        XCTAssertEqual(generic.status, 0, generic.stderr)
        XCTAssertTrue(generic.stdout.contains("pixman: Disabled sse2 implementation"), "pixman saw the variable: \(generic.stdout)")
        assertSameFrames("plain", "generic", count: 13)
    }

    /// The PNG frames in the scratch folders `a` and `b`: `count` of them, the same names and bytes.
    private func assertSameFrames(_ a: String, _ b: String, count: Int, line: UInt = #line) {
        let one = scratch.appendingPathComponent(a).path, two = scratch.appendingPathComponent(b).path
        let names = files(in: one).filter { $0.hasSuffix(".png") }
        XCTAssertEqual(names.count, count, line: line)
        XCTAssertEqual(names, files(in: two).filter { $0.hasSuffix(".png") }, line: line)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: one + "/" + name), FileManager.default.contents(atPath: two + "/" + name),
                           name, line: line)
        }
    }

    func testInterruptKeepsOnlyCompleteFrames() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook")
        let process = Process()
        process.executableURL = binary
        // A long render that cannot finish before the signal arrives.
        process.arguments = ["render", skype, "-o", "long", "--duration", "120", "--quiet"]
        process.currentDirectoryURL = scratch
        process.standardError = Pipe()
        try process.run()
        let out = scratch.appendingPathComponent("long").path
        let deadline = Date().addingTimeInterval(60)
        while files(in: out).filter({ $0.hasSuffix(".png") }).count < 3, Date() < deadline { usleep(20_000) }
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        let left = files(in: out)
        XCTAssertGreaterThanOrEqual(left.filter { $0.hasSuffix(".png") }.count, 3)
        XCTAssertEqual(left.filter { $0.contains(".tmp") }, [], "temporary files left behind")
        for name in left where name.hasSuffix(".png") {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: out + "/" + name))
            // A complete PNG ends with the IEND chunk.
            XCTAssertEqual(Array(data.suffix(8)), [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], name)
        }
    }

    func testTracePrintsCSVInShortestForm() throws {
        let path = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("trace", path, "--property", "box.frame.x", "--property", "box.position.x", "--frames", "0-3")
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "frame,time,box.frame.x,box.position.x")
        XCTAssertEqual(lines[1], "0,0,0,5")
        XCTAssertEqual(lines[3], "2,0.2,0,5")
        XCTAssertEqual(lines.count, 5)
        let fields = lines[4].split(separator: ",")
        XCTAssertEqual(Double(fields[1]), 0.3)
        XCTAssertGreaterThan(Double(fields[2]) ?? 0, 0)
        let bad = try flipbook("trace", path, "--property", "box.frame.z")
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("did you mean 'box.frame.x'?"), bad.stderr)
    }

    func testOversizedRequestsExit64BeforeAnyWork() throws {
        let path = try write(tiny, to: "tiny.yaml")
        for arguments in [["--duration", "1e300"], ["--fps", "1e300"], ["--threads", "100"], ["--shard", "3/2"], ["--shard", "auto/0"]] {
            let r = try flipbook(["render", path, "-o", "out"] + arguments)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("Error:") || r.stderr.hasPrefix("flipbook: error:"), r.stderr)
        }
        XCTAssertEqual(try flipbook("trace", path, "--property", "box.frame.x", "--fps", "1e300").status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path))
    }

    func testShardsSplitTheFramesIntoContiguousBlocks() throws {
        let path = try write(tiny, to: "tiny.yaml")
        var all: [String] = []
        for shard in 1...3 {
            let r = try flipbook("render", path, "-o", "s\(shard)", "--shard", "\(shard)/3", "--quiet")
            XCTAssertEqual(r.status, 0, r.stderr)
            all += files(in: scratch.appendingPathComponent("s\(shard)").path).filter { $0.hasSuffix(".png") }
        }
        XCTAssertEqual(all, (0...10).map { String(format: "frame-%04d.png", $0) })
    }

    func testManifestIsValidJSONWhateverThePattern() throws {
        let path = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("render", path, "-o", "odd", "--pattern", "a\"b-%02d.png", "--frames", "0-1", "--quiet")
        XCTAssertEqual(r.status, 0, r.stderr)
        let data = try XCTUnwrap(FileManager.default.contents(atPath: scratch.appendingPathComponent("odd/.flipbook.json").path))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["pattern"] as? String, "a\"b-%02d.png")
        XCTAssertEqual(object["lastFrame"] as? Int, 1)
    }

    func testLiteralDivisionByZeroIsCaughtBeforeAnyFrame() throws {
        let scene = tiny + "\nbindings:\n  box.frame.y: 1 / 0\n  box.cornerRadius: 0 / 0\n"
        let path = try write(scene, to: "inf.yaml")
        let r = try flipbook("validate", path)
        XCTAssertEqual(r.status, 65)
        // Both problems in one pass, each located.
        XCTAssertTrue(r.stderr.contains("inf.yaml:15:20: bindings.box.frame.y: division by zero"), r.stderr)
        XCTAssertTrue(r.stderr.contains("inf.yaml:16:25: bindings.box.cornerRadius: division by zero"), r.stderr)
        let render = try flipbook("render", path, "-o", "never", "--quiet")
        XCTAssertEqual(render.status, 65)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("never").path))
        let twice = try flipbook("trace", path, "--property", "box.frame.y", "--property", "box.frame.y")
        XCTAssertEqual(twice.status, 64)
    }

    func testANonFiniteValueWhileRunningStopsWithTheFrameAndKeepsEarlierFrames() throws {
        let scene = tiny.replacingOccurrences(of: "actions:\n", with: "actions:\n  zero:\n    set: { d: 0 }\n")
            .replacingOccurrences(of: "input:\n", with: "input:\n  - { run: zero, at: 0.5 }\n")
            + "\nvariables: { d: 1 }\nbindings:\n  box.cornerRadius: 1 / d\n"
        let path = try write(scene, to: "runtime.yaml")
        let trace = try flipbook("trace", path, "--property", "box.cornerRadius", "--property", "variables.d")
        XCTAssertEqual(trace.status, 65)
        XCTAssertTrue(trace.stderr.contains("runtime.yaml:"), trace.stderr)
        XCTAssertTrue(trace.stderr.contains("expression '1 / d' gave +infinity at frame 5, t = 0.5 s"), trace.stderr)
        let render = try flipbook("render", path, "-o", "partial", "--quiet", "--threads", "1")
        XCTAssertEqual(render.status, 65)
        XCTAssertTrue(render.stderr.contains("frame 5, t = 0.5 s"), render.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("partial").path)
        XCTAssertTrue(files.contains("frame-0004.png"), "\(files)")
        XCTAssertFalse(files.contains("frame-0005.png"), "\(files)")
        XCTAssertFalse(files.contains { $0.hasPrefix(".") && $0 != ".flipbook.json" }, "\(files)")
    }

    /// NaN in an `if:` is a non-finite value like any other: exit 65, the expression located,
    /// the frame and the time, the frames before it kept.
    func testANaNInAConditionStopsWithTheFrameAndExits65() throws {
        let scene = tiny.replacingOccurrences(of: "actions:\n", with: "actions:\n  check:\n    if: \"sqrt(x) > 1\"\n    set: { x: 2 }\n")
            .replacingOccurrences(of: "input:\n", with: "input:\n  - { run: check, at: 0.5 }\n")
            + "\nvariables: { x: -1 }\n"
        let path = try write(scene, to: "nan.yaml")
        let trace = try flipbook("trace", path, "--property", "variables.x")
        XCTAssertEqual(trace.status, 65, trace.stderr)
        XCTAssertTrue(trace.stderr.contains("nan.yaml:10:9: actions.check.if: expression 'sqrt(x) > 1' gave NaN at frame 5, t = 0.5 s"), trace.stderr)
        let render = try flipbook("render", path, "-o", "partial", "--quiet", "--threads", "1")
        XCTAssertEqual(render.status, 65)
        XCTAssertTrue(render.stderr.contains("gave NaN at frame 5, t = 0.5 s"), render.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("partial").path)
        XCTAssertTrue(files.contains("frame-0004.png"), "\(files)")
        XCTAssertFalse(files.contains("frame-0005.png"), "\(files)")
    }

    func testBindingsGiveTheSameValueWhicheverFramesAreAsked() throws {
        // Bound in the "wrong" order: other.frame.x reads other.frame.y, which is bound below it.
        let scene = tiny.replacingOccurrences(of: "views:\n", with: "views:\n  - id: other\n    frame: [0, 20, 5, 5]\n")
            + "\nbindings:\n  other.frame.x: other.frame.y\n  other.frame.y: box.frame.x\n"
        let path = try write(scene, to: "order.yaml")
        let full = try flipbook("trace", path, "--property", "other.frame.x")
        XCTAssertEqual(full.status, 0, full.stderr)
        let single = try flipbook("trace", path, "--property", "other.frame.x", "--frames", "5")
        XCTAssertEqual(single.status, 0, single.stderr)
        let fullRows = full.stdout.split(separator: "\n"), singleRows = single.stdout.split(separator: "\n")
        XCTAssertEqual(fullRows.count, 12)
        XCTAssertEqual(singleRows.count, 2)
        XCTAssertEqual(singleRows.last, fullRows.count > 6 ? fullRows[6] : nil)
        XCTAssertNotEqual(fullRows.last?.split(separator: ",").last, "0", "the binding chain should follow the box")
    }

    func testValidateAcceptsTheDemoScene() throws {
        let r = try flipbook("validate", skype)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("ok: "), r.stdout)
    }
}
