import Foundation
import XCTest

/// `render --format`: every format from the command line, the names that must agree with it,
/// and ffmpeg missing or failing.
final class FormatCommandTests: XCTestCase {
    private var scratch: URL!
    private var scene: String!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        scene = scratch.appendingPathComponent("tiny.yaml").path
        // The tiny scene with text, so that SVG glyphs and PDF font subsets are covered too.
        let withText = FlipbookProcess.tinyScene.replacingOccurrences(
            of: "    onTap: move\n", with: "    onTap: move\n    label: { text: \"Go\", fontSize: 7, color: \"#ffffff\" }\n")
        XCTAssertNotEqual(withText, FlipbookProcess.tinyScene)
        try withText.write(toFile: scene, atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private typealias Result = FlipbookProcess.Result

    /// Runs flipbook in the scratch directory with `environment` added to this process's.
    private func flipbook(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try FlipbookProcess.executable()
        process.arguments = arguments
        process.currentDirectoryURL = scratch
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    private func render(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
        try flipbook(["render", scene, "--quiet"] + arguments, environment: environment)
    }

    private func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
    private func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
    private func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path(name))) }
    private func files(in name: String = ".") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(name))) ?? []).sorted()
    }

    /// ffprobe's codec, size and decoded frame count of the first video stream.
    private func probe(_ name: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                             "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path(name)]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func requireFFmpeg() throws {
        let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/ffprobe")
        }
        if !found { throw XCTSkip("ffmpeg/ffprobe not installed (scripts/setup installs them)") }
    }

    // MARK: Formats

    func testAnimatedFormatsFromTheOutputNameOrFormat() throws {
        try requireFFmpeg()
        let cases: [([String], String, String)] = [
            (["-o", "a.mp4"], "a.mp4", "h264,40,30,11"),
            (["-o", "a.webm"], "a.webm", "vp9,40,30,11"),
            (["-o", "a.gif"], "a.gif", "gif,40,30,11"),
            (["-o", "a.apng"], "a.apng", "apng,40,30,11"),
            (["--format", "apng", "-o", "b.png"], "b.png", "apng,40,30,11"),
            (["--format", "mp4", "-o", "out/deeper/c.mp4"], "out/deeper/c.mp4", "h264,40,30,11"),
        ]
        for (arguments, file, expected) in cases {
            let r = try flipbook(["render", scene] + arguments)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            XCTAssertEqual(try probe(file), expected, "\(arguments)")
            XCTAssertTrue(r.stdout.contains("rendered 11 frames") && r.stdout.contains("-> \(file)"), r.stdout)
        }
        XCTAssertEqual(files(), ["a.apng", "a.gif", "a.mp4", "a.webm", "b.png", "out", "tiny.yaml"], "no temporaries or palettes")
        XCTAssertEqual(files(in: "out/deeper"), ["c.mp4"], "no manifest beside a video")
    }

    func testAnimatedFormatWithoutOutputGoesToOutSceneName() throws {
        try requireFFmpeg()
        XCTAssertEqual(try render("--format", "gif").status, 0)
        XCTAssertEqual(files(in: "out"), ["tiny.gif"])
    }

    func testSVGAndPDFFramesAtTheScale() throws {
        XCTAssertEqual(try render("--format", "svg", "-o", "svg", "--scale", "2").status, 0)
        XCTAssertEqual(try render("--format", "pdf", "-o", "pdf", "--frames", "2-4").status, 0)
        XCTAssertEqual(try render("--pattern", "s-%d.svg", "-o", "inferred").status, 0, "the pattern names the format")
        let svgs = files(in: "svg").filter { !$0.hasPrefix(".") }
        XCTAssertEqual(svgs, (0...10).map { String(format: "frame-%04d.svg", $0) })
        let svg = String(decoding: try bytes("svg/frame-0005.svg"), as: UTF8.self)
        XCTAssertTrue(svg.hasPrefix("<?xml") && svg.contains(#"width="80px" height="60px""#), svg)
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        XCTAssertEqual(files(in: "pdf").filter { !$0.hasPrefix(".") }, ["frame-0002.pdf", "frame-0003.pdf", "frame-0004.pdf"])
        for name in files(in: "pdf") where name.hasSuffix(".pdf") {
            let pdf = String(decoding: try bytes("pdf/\(name)"), as: UTF8.self)
            XCTAssertTrue(pdf.hasPrefix("%PDF-") && pdf.contains("/Type /Page") && pdf.contains("%%EOF"), name)
        }
        XCTAssertEqual(files(in: "inferred").filter { !$0.hasPrefix(".") }.first, "s-0.svg")
        let manifest = String(decoding: try bytes("svg/.flipbook.json"), as: UTF8.self)
        XCTAssertTrue(manifest.contains(#""format":"svg""#), manifest)
    }

    /// Two processes, one thread and three: the same bytes for every format.
    func testEveryFormatGivesTheSameBytesInAnotherRunWithAnotherThreadCount() throws {
        try requireFFmpeg()
        for format in ["png", "svg", "pdf", "apng", "gif", "mp4", "webm"] {
            let perFrame = ["png", "svg", "pdf"].contains(format)
            var outputs: [[Data]] = []
            for threads in ["1", "3"] {
                let name = perFrame ? "\(format)-\(threads)" : "\(format)-\(threads).\(format)"
                let r = try render("--format", format, "-o", name, "--threads", threads, "--scale", "1.5")
                XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
                let names = perFrame ? files(in: name).filter { !$0.hasPrefix(".") }.map { "\(name)/\($0)" } : [name]
                outputs.append(try names.map(bytes))
            }
            XCTAssertEqual(outputs[0].count, perFrame ? 11 : 1, format)
            XCTAssertTrue(outputs[0] == outputs[1], "\(format): the same bytes")
        }
    }

    // MARK: Bad input

    func testUnknownFormatSuggestsTheClosest() throws {
        let r = try render("--format", "mp5")
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("unknown format 'mp5' (did you mean 'mp4'?)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("png, apng, gif, mp4, webm, svg, pdf"), r.stderr)
        XCTAssertFalse(exists("out"))
    }

    func testNamesThatDisagreeWithTheFormatAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["-o", "x.svg"], "-o x.svg: a .svg name does not match the format png"),
            (["-o", "x.pdf", "--format", "png"], "-o x.pdf: a .pdf name does not match the format png"),
            (["--format", "svg", "--pattern", "f-%04d.png"], "--pattern f-%04d.png: a .png name does not match the format svg"),
            (["--format", "pdf", "-o", "x.svg"], "-o x.svg: a .svg name does not match the format pdf"),
            (["--format", "mp4", "-o", "x.gif"], "-o x.gif: a .gif name does not match the format mp4"),
            (["--format", "gif", "-o", "x.mp4"], "-o x.mp4: a .mp4 name does not match the format gif"),
            (["-o", "x.mp4", "--pattern", "f%d.png"], "--pattern names frame files; mp4 is one file"),
            (["-o", "x.mp4", "--resume"], "--resume keeps frame files; mp4 is one file"),
            (["-o", "x.webm", "--shard", "1/2"], "--shard splits frame files across machines; webm is one file"),
            (["-o", "x.mp4", "--crf", "52"], "--crf for mp4 must be between 0 and 51, got 52"),
            (["-o", "x.gif", "--crf", "20"], "--crf applies to mp4 and webm, not gif"),
            (["-o", "x.apng", "--quality", "low"], "--quality applies to mp4 and webm, not apng"),
            (["-o", "x.mp4", "--crf", "20", "--quality", "low"], "give --crf or --quality, not both"),
            (["-o", "x.webm", "--matte", "#000000"], "--matte applies to mp4"),
            (["-o", "x.mp4", "--matte", "black"], "--matte must be an opaque colour #rrggbb, got 'black'"),
            (["--format", "svg", "--crf", "20"], "--crf applies to mp4 and webm"),
            (["-o", "dir/", "--format", "mp4"], "-o dir/: mp4 is one file"),
            // PNG compression with another format was accepted and ignored (issue 22).
            (["-o", "x.mp4", "--compression", "small"], "--compression small applies to png frames, not mp4 (its encoder has --crf and --quality)"),
            (["--format", "svg", "--compression", "fast"], "--compression fast applies to png frames, not svg"),
        ]
        for (arguments, message) in cases {
            let r = try flipbook(["render", scene] + arguments)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        XCTAssertEqual(files(), ["tiny.yaml"], "nothing written")
    }

    func testMissingFFmpegExits69BeforeAnythingIsWritten() throws {
        let empty = path("empty-bin")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let onPath = try render("-o", "out/a.mp4", environment: ["PATH": empty])
        XCTAssertEqual(onPath.status, 69, onPath.stderr)
        XCTAssertTrue(onPath.stderr.contains("ffmpeg not found (looked for ffmpeg on PATH=\(empty))"), onPath.stderr)
        XCTAssertTrue(onPath.stderr.contains("scripts/setup"), onPath.stderr)
        let given = try render("-o", "out/a.gif", environment: ["FLIPBOOK_FFMPEG": path("nowhere/ffmpeg")])
        XCTAssertEqual(given.status, 69, given.stderr)
        XCTAssertTrue(given.stderr.contains("FLIPBOOK_FFMPEG=\(path("nowhere/ffmpeg"))"), given.stderr)
        XCTAssertFalse(exists("out"))
    }

    func testFFmpegFailingExits74WithItsLastLineAndLeavesNoFile() throws {
        let fake = path("fake-ffmpeg")
        try "#!/bin/sh\nhead -c 5000 <&3 >/dev/null\necho 'Error while encoding: disk on fire' >&2\nexit 1\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        for name in ["out/a.mp4", "out/a.gif", "out/a.webm", "out/a.apng"] {
            // Scale 8: 320 × 240 pixels a frame, 3.4 MB in all: more than the pipe holds, so
            // ffmpeg exits while frames are being written.
            let r = try render("-o", name, "--scale", "8", environment: ["FLIPBOOK_FFMPEG": fake])
            XCTAssertEqual(r.status, 74, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("ffmpeg failed (exit 1) making \(name): Error while encoding: disk on fire"), r.stderr)
            XCTAssertEqual(files(in: "out"), [], "\(name): no partial file under any name")
        }
    }

    /// An ffmpeg that closes its input but never exits (here a wrapper script whose child keeps
    /// stderr open) is killed, with its process group, after a short grace: no hang.
    func testAnFFmpegThatStopsReadingButStaysAliveDoesNotHangTheRender() throws {
        let fake = path("stuck-ffmpeg")
        try "#!/bin/sh\nexec 3<&-\nsleep 600\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let started = Date()
        let r = try render("-o", "out/a.mp4", "--scale", "8", environment: ["FLIPBOOK_FFMPEG": fake])
        XCTAssertEqual(r.status, 74, r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "killed after the grace, not left to hang")
        XCTAssertEqual(files(in: "out"), [])
    }

    func testASceneThatFailsWhileRunningLeavesNoVideo() throws {
        try requireFFmpeg()
        // The binding divides by zero at frame 1 (t = 0.1 s, where box.frame.x is exactly 10).
        let broken = """
        canvas: { size: [40, 30], scale: 1, fps: 10 }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 10, 10], backgroundColor: "#ff0000" }
          - { id: f, frame: [0, 0, 5, 5], backgroundColor: "#0000ff" }
        actions:
          go:
            animations:
              - { property: box.frame.x, to: 20, duration: 0.2, curve: linear }
        input:
          - { run: go, at: 0 }
        bindings:
          f.frame.y: 10 / (10 - box.frame.x)
        """
        try broken.write(toFile: path("broken.yaml"), atomically: true, encoding: .utf8)
        let r = try flipbook(["render", path("broken.yaml"), "-o", "out/b.mp4", "--quiet"])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("at frame 1") && r.stderr.contains("nothing was written to out/b.mp4"), r.stderr)
        XCTAssertEqual(files(in: "out"), [])
    }

    func testInterruptLeavesNoVideo() throws {
        try requireFFmpeg()
        let skype = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/skype-action-sheet.yaml").path
        let process = Process()
        process.executableURL = try FlipbookProcess.executable()
        // A render that cannot finish before the signal arrives.
        process.arguments = ["render", skype, "-o", "out/long.mp4", "--duration", "120", "--scale", "1", "--quiet"]
        process.currentDirectoryURL = scratch
        let err = Pipe()
        process.standardError = err
        try process.run()
        // Wait until ffmpeg has started writing its temporary file.
        let deadline = Date().addingTimeInterval(60)
        while !files(in: "out").contains(where: { $0.hasPrefix(".long.mp4.tmp-") }), Date() < deadline { usleep(20_000) }
        process.interrupt()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("interrupted by signal 2; nothing was written to out/long.mp4"), stderr)
        XCTAssertEqual(files(in: "out"), [], "neither the video nor ffmpeg's temporary file")
    }

    // MARK: encode

    func testEncodingRenderedFramesGivesTheBytesOfADirectRender() throws {
        try requireFFmpeg()
        XCTAssertEqual(try render("-o", "frames", "--scale", "2").status, 0)
        try Data("stray".utf8).write(to: URL(fileURLWithPath: path("frames/frame-0099.png")))  // not the manifest's: ignored
        for format in ["gif", "mp4", "webm", "apng"] {
            XCTAssertEqual(try render("--format", format, "-o", "direct.\(format)", "--scale", "2").status, 0)
            let r = try flipbook(["encode", "frames", "-o", "encoded.\(format)"])
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            XCTAssertEqual(r.stdout, "encoded 11 frames -> encoded.\(format)\n")
            XCTAssertTrue(try bytes("direct.\(format)") == bytes("encoded.\(format)"), "\(format): the same bytes")
        }
        let defaults = try flipbook(["encode", "frames/", "--width", "40", "--fps", "5"])
        XCTAssertEqual(defaults.status, 0, defaults.stderr)
        XCTAssertEqual(try probe("frames.gif"), "gif,40,30,6", "DIR.gif, scaled, 5 of 10 fps")
    }

    func testEncodeRefusesAnIncompleteRender() throws {
        XCTAssertEqual(try render("-o", "frames").status, 0)
        try FileManager.default.removeItem(atPath: path("frames/frame-0004.png"))
        let r = try flipbook(["encode", "frames", "-o", "a.gif"])
        XCTAssertEqual(r.status, 66, r.stderr)
        XCTAssertTrue(r.stderr.contains("frames is not a complete render") && r.stderr.contains("missing: frame-0004.png"), r.stderr)
        XCTAssertFalse(exists("a.gif"))
        XCTAssertEqual(try flipbook(["encode", "frames", "--format", "svg"]).status, 64)
        XCTAssertEqual(try flipbook(["encode", "frames", "-o", "a.webm", "--format", "gif"]).status, 64)
        XCTAssertEqual(try flipbook(["encode", "nowhere"]).status, 66)
    }

    /// Frames of another size, and a manifest's bad pattern, are bad data (65) named by file,
    /// not an I/O failure (74) or a bare "Error:" with exit 1 (issue 22).
    func testEncodeNamesAFrameOfAnotherSizeAndABadPattern() throws {
        XCTAssertEqual(try render("-o", "frames").status, 0)
        XCTAssertEqual(try render("-o", "big", "--scale", "2", "--frames", "3").status, 0)
        try FileManager.default.removeItem(atPath: path("frames/frame-0003.png"))
        try FileManager.default.copyItem(atPath: path("big/frame-0003.png"), toPath: path("frames/frame-0003.png"))
        let sizes = try flipbook(["encode", "frames", "-o", "a.gif"])
        XCTAssertEqual(sizes.status, 65, sizes.stderr)
        XCTAssertTrue(sizes.stderr.contains("frames/frame-0003.png is 80×60 pixels, not the size of the render's other frames"), sizes.stderr)
        XCTAssertFalse(exists("a.gif"))
        let manifest = path("frames/.flipbook.json")
        let text = try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "frame-%04d.png", with: "frame-%d%d.png")
        try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        let pattern = try flipbook(["encode", "frames", "-o", "a.gif"])
        XCTAssertEqual(pattern.status, 65, pattern.stderr)
        XCTAssertTrue(pattern.stderr.contains("frames/.flipbook.json: pattern: invalid file-name pattern"), pattern.stderr)
        XCTAssertFalse(pattern.stderr.contains("Error:"), pattern.stderr)
    }
}
