import Foundation
import XCTest

/// What CI systems and people at a terminal rely on: --version, errors that say why, JSON
/// progress, scenes on standard input, sheet --frames, a summary line from curve --plot.
final class CommandLineConvenienceTests: RenderDirectoryTestCase {
    func testVersion() throws {
        let r = try flipbook("--version")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, r.stdout)
    }

    func testNegativeNumbersAndReversedRangesSayWhatIsWrong() throws {
        let path = try write(tiny, to: "tiny.yaml")
        let scale = try flipbook("render", path, "--scale", "-1", "-o", "never")
        XCTAssertEqual(scale.status, 64)
        XCTAssertTrue(scale.stderr.contains("--scale must be a number greater than 0, got -1"), scale.stderr)
        let fps = try flipbook("trace", path, "--property", "box.frame.x", "--fps", "-30")
        XCTAssertTrue(fps.stderr.contains("--fps must be a number greater than 0, got -30"), fps.stderr)
        let reversed = try flipbook("render", path, "--frames", "7-3", "-o", "never")
        XCTAssertEqual(reversed.status, 64)
        XCTAssertTrue(reversed.stderr.contains("--frames 7-3 is reversed"), reversed.stderr)
        XCTAssertTrue(reversed.stderr.contains("did you mean 3-7?"), reversed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("never").path))
    }

    func testJSONProgressHasOneObjectPerFrame() throws {
        let path = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("render", path, "-o", "frames", "--progress", "json", "--frames", "2-6", "--threads", "1")
        XCTAssertEqual(r.status, 0, r.stderr)
        let objects = try r.stderr.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
        XCTAssertEqual(objects.map { $0["done"] as? Int }, [1, 2, 3, 4, 5])
        XCTAssertEqual(objects.map { $0["frame"] as? Int }, [2, 3, 4, 5, 6])
        XCTAssertTrue(objects.allSatisfy { $0["total"] as? Int == 5 && $0["fps"] is Double && $0["eta"] is Double })
        let bad = try flipbook("render", path, "-o", "frames", "--progress", "loud")
        XCTAssertEqual(bad.status, 64)
    }

    func testAScaneCanComeFromStandardInput() throws {
        let ok = try flipbook("validate", "-", input: tiny)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.hasPrefix("ok: -:"), ok.stdout)
        let trace = try flipbook("trace", "-", "--property", "box.frame.x", "--frames", "0-1", input: tiny)
        XCTAssertEqual(trace.stdout.split(separator: "\n").count, 3, trace.stdout)
        let bad = try flipbook("validate", "-", input: tiny.replacingOccurrences(of: "duration: 1", with: "duraton: 1"))
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(bad.stderr.contains("<stdin>:2:1: duraton: unknown key"), bad.stderr)
    }

    func testSheetFramesAndCurvePlotSummary() throws {
        let path = try write(tiny, to: "tiny.yaml")
        let sheet = try flipbook("sheet", path, "--frames", "2-5", "--every", "1", "-o", "sheet.png")
        XCTAssertEqual(sheet.status, 0, sheet.stderr)
        XCTAssertTrue(sheet.stdout.hasPrefix("sheet of 4 frames"), sheet.stdout)
        let outside = try flipbook("sheet", path, "--frames", "5-50", "-o", "sheet2.png")
        XCTAssertEqual(outside.status, 64)
        let plot = try flipbook("curve", "easeOutBounce", "--plot", "curve.png")
        XCTAssertEqual(plot.status, 0, plot.stderr)
        XCTAssertTrue(plot.stdout.hasPrefix("plotted easeOutBounce over 1 s (401 samples) -> curve.png ("), plot.stdout)
    }
}
