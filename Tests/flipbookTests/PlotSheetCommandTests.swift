import Foundation
import XCTest

/// `flipbook plot` and `flipbook sheet`, run as a user would: the PNG they write and every
/// error path, with nothing left behind on failure.
final class PlotSheetCommandTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func flipbook(_ arguments: String...) throws -> FlipbookProcess.Result {
        try FlipbookProcess.run(arguments, in: scratch)
    }

    private func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    @discardableResult
    private func write(_ text: String, to name: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    private func files(in directory: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory ?? scratch.path)) ?? []).sorted()
    }

    /// Width and height from a PNG's IHDR chunk, after checking the signature and that the
    /// file ends with an IEND chunk (so it was written completely).
    private func pngSize(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> (Int, Int) {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path(name)), "\(name) missing", file: file, line: line)
        let bytes = [UInt8](data)
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature", file: file, line: line)
        XCTAssertEqual(Array(bytes[12..<16]), Array("IHDR".utf8), file: file, line: line)
        XCTAssertEqual(Array(bytes.suffix(8)), [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "IEND", file: file, line: line)
        func uint32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (uint32(16), uint32(20))
    }

    private let tiny = FlipbookProcess.tinyScene

    // MARK: plot

    func testPlotWritesAChartOfTheRequestedSize() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("plot", scene, "--property", "box.frame.x", "--property", "box.position.x", "-o", "plot.png")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("plotted 2 properties over 11 frames"), r.stdout)
        XCTAssertTrue(try pngSize("plot.png") == (1600, 1000), "800×500 points at scale 2")

        let small = try flipbook("plot", scene, "--property", "box.alpha", "-o", "charts/small.png", "--width", "400",
                                 "--height", "300", "--scale", "1", "--frames", "2-6", "--fps", "20")
        XCTAssertEqual(small.status, 0, small.stderr)
        XCTAssertTrue(small.stdout.contains("over 5 frames"), small.stdout)
        XCTAssertTrue(try pngSize("charts/small.png") == (400, 300))
        XCTAssertEqual(files(), ["charts", "plot.png", "tiny.yaml"], "no temporary files left")
    }

    func testPlotUnknownPropertyExits64WithSuggestion() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("plot", scene, "--property", "box.frame.z", "-o", "plot.png")
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("did you mean 'box.frame.x'?"), r.stderr)
        XCTAssertEqual(files(), ["tiny.yaml"])
    }

    func testPlotUsageErrorsExit64() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        let cases: [[String]] = [
            ["--property", "box.frame.x"],                                      // no -o
            ["-o", "plot.png"],                                                 // no --property
            ["--property", "box.frame.x", "--property", "box.frame.x", "-o", "plot.png"],
            ["--property", "box.frame.x", "-o", "plot.png", "--frames", "5-99"],
            ["--property", "box.frame.x", "-o", "plot.png", "--scale", "0"],
            ["--property", "box.frame.x", "-o", "plot.png", "--scale", "100"],
            ["--property", "box.frame.x", "-o", "plot.png", "--width", "10"],
            ["--property", "box.frame.x", "-o", "plot.png", "--fps", "-1"],
        ]
        for arguments in cases {
            let r = try FlipbookProcess.run(["plot", scene] + arguments, in: scratch)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
        }
        XCTAssertEqual(files(), ["tiny.yaml"])
    }

    func testPlotUnwritableOutputExits73() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        try write("not a directory", to: "blocker")
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        for output in ["blocker/plot.png", "folder", "/proc/flipbook-plot.png"] {
            let r = try flipbook("plot", scene, "--property", "box.frame.x", "-o", output)
            XCTAssertEqual(r.status, 73, "\(output): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("cannot"), r.stderr)
        }
        XCTAssertEqual(files(), ["blocker", "folder", "tiny.yaml"])
        XCTAssertEqual(files(in: path("folder")), [])
    }

    func testPlotBadSceneExits65AndMissingSceneExits66() throws {
        let broken = try write("canvas: { size: [40, 30]\nduration: 1\n", to: "broken.yaml")
        let bad = try flipbook("plot", broken, "--property", "box.frame.x", "-o", "plot.png")
        XCTAssertEqual(bad.status, 65, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("broken.yaml:"), bad.stderr)
        let missing = try flipbook("plot", "nope.yaml", "--property", "box.frame.x", "-o", "plot.png")
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertEqual(files(), ["broken.yaml"])
    }

    // MARK: sheet

    func testSheetOfASceneHasOneCellPerFrame() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("sheet", scene, "-o", "sheet.png")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("sheet of 11 frames"), r.stdout)
        // 6 columns of 160 × 120 pt cells (the scene is 40 × 30), 2 rows, 12 pt gaps,
        // 18 pt labels, a 30 pt header and 16 pt margins, at 1 pixel per point.
        XCTAssertTrue(try pngSize("sheet.png") == (16 + 6 * 160 + 5 * 12 + 16, 16 + 30 + 2 * (120 + 18) + 12 + 16))

        let sparse = try flipbook("sheet", scene, "-o", "sparse.png", "--every", "5", "--columns", "2", "--cell-width", "80")
        XCTAssertEqual(sparse.status, 0, sparse.stderr)
        XCTAssertTrue(sparse.stdout.contains("sheet of 3 frames"), sparse.stdout)
        XCTAssertTrue(try pngSize("sparse.png") == (16 + 2 * 80 + 12 + 16, 16 + 30 + 2 * (60 + 18) + 12 + 16))
        XCTAssertEqual(files(), ["sheet.png", "sparse.png", "tiny.yaml"])
    }

    func testSheetDefaultsToAtMost24Cells() throws {
        let scene = try write(tiny.replacingOccurrences(of: "duration: 1", with: "duration: 10"), to: "long.yaml")
        let r = try flipbook("sheet", scene, "-o", "sheet.png", "--cell-width", "40")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("sheet of 21 frames"), "101 frames, every 5th: \(r.stdout)")
    }

    func testSheetOfADirectoryUsesItsPNGsInOrder() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        let render = try flipbook("render", scene, "-o", "frames", "--quiet")
        XCTAssertEqual(render.status, 0, render.stderr)
        try write("junk", to: "frames/.frame-0099.png.tmp-1")
        try write("notes", to: "frames/notes.txt")
        let r = try flipbook("sheet", "frames", "-o", "sheet.png", "--every", "2", "--columns", "3")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("sheet of 6 files"), "frames 0, 2, ... 10: \(r.stdout)")
        XCTAssertTrue(try pngSize("sheet.png") == (16 + 3 * 160 + 2 * 12 + 16, 16 + 30 + 2 * (120 + 18) + 12 + 16))
    }

    func testSheetOfADirectoryWithoutPNGsExits66() throws {
        try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: false)
        try write("notes", to: "empty/notes.txt")
        try write("junk", to: "empty/.hidden.png")
        let r = try flipbook("sheet", "empty", "-o", "sheet.png")
        XCTAssertEqual(r.status, 66, r.stderr)
        XCTAssertTrue(r.stderr.contains("contains no PNG files"), r.stderr)
        XCTAssertEqual(files(), ["empty"])
    }

    func testSheetWithAnUnreadablePNGExits65NamingIt() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        XCTAssertEqual(try flipbook("render", scene, "-o", "frames", "--quiet").status, 0)
        try write("this is not a PNG", to: "frames/frame-0004.png")
        let r = try flipbook("sheet", "frames", "-o", "sheet.png")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("frame-0004.png"), r.stderr)
        XCTAssertEqual(files(), ["frames", "tiny.yaml"], "nothing written")
    }

    func testSheetUsageErrorsExit64() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        for arguments in [["-o", "s.png", "--columns", "0"], ["-o", "s.png", "--every", "0"], ["--columns", "3"],
                          ["-o", "s.png", "--cell-width", "0"], ["-o", "s.png", "--fps", "0"],
                          ["-o", "s.png", "--every", "1", "--columns", "1", "--cell-width", "4096", "--fps", "1000"]] {
            let r = try FlipbookProcess.run(["sheet", scene] + arguments, in: scratch)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
        }
        XCTAssertEqual(files(), ["tiny.yaml"])
    }

    func testSheetUnwritableOutputAndMissingInput() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        try write("not a directory", to: "blocker")
        let blocked = try flipbook("sheet", scene, "-o", "blocker/sheet.png")
        XCTAssertEqual(blocked.status, 73, blocked.stderr)
        let missing = try flipbook("sheet", "nope.yaml", "-o", "sheet.png")
        XCTAssertEqual(missing.status, 66, missing.stderr)
        let broken = try write("canvas: [\n", to: "broken.yaml")
        XCTAssertEqual(try flipbook("sheet", broken, "-o", "sheet.png").status, 65)
        XCTAssertEqual(files(), ["blocker", "broken.yaml", "tiny.yaml"])
    }
}
