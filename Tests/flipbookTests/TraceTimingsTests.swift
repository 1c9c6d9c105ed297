import Foundation
import XCTest

/// `flipbook trace --timings`: the simulation cost line scripts/bench reads, and that it
/// leaves the trace itself unchanged.
final class TraceTimingsTests: RenderDirectoryTestCase {
    /// The `key=value` fields of the one `timings:` line on standard error.
    private func timings(_ result: FlipbookProcess.Result, file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("timings: ") }
        XCTAssertEqual(lines.count, 1, result.stderr, file: file, line: line)
        let text = try XCTUnwrap(lines.first, file: file, line: line)
        var fields: [String: String] = [:]
        for pair in text.dropFirst("timings: ".count).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            XCTAssertEqual(parts.count, 2, "\(pair)", file: file, line: line)
            fields[parts[0]] = parts.last
        }
        return fields
    }

    private func milliseconds(_ text: String?) -> Double? {
        guard let text, text.hasSuffix("ms") else { return nil }
        return Double(text.dropLast(2))
    }

    func testTimingsPrintTheSameTraceAndCountEveryFrameBuilt() throws {
        let path = try write(FlipbookProcess.tinyScene, to: "tiny.yaml")
        let plain = try flipbook("trace", path, "--property", "box.frame.x")
        let timed = try flipbook("trace", path, "--property", "box.frame.x", "--timings")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(timed.status, 0, timed.stderr)
        XCTAssertEqual(timed.stdout, plain.stdout)
        XCTAssertEqual(plain.stderr, "", "no timings line without --timings")

        let fields = try timings(timed)
        XCTAssertEqual(fields["frames"], "11")
        XCTAssertEqual(fields["framesBuilt"], "11")
        // t = 0 when the Player is made, the tap at 0.2 s, then frames 1...10 (frame 0 is t = 0).
        XCTAssertEqual(fields["instants"], "12")
        XCTAssertEqual(fields["events"], "1")
        XCTAssertEqual(fields["checkpointsRestored"], "0")
        // The box alone: the same number of drawing commands in every frame.
        let commands = try XCTUnwrap(Int(fields["commands"] ?? ""))
        XCTAssertGreaterThan(commands, 0)
        XCTAssertEqual(commands % 11, 0)
        let perFrame = try XCTUnwrap(milliseconds(fields["simulate"]))
        let total = try XCTUnwrap(milliseconds(fields["total"]))
        XCTAssertGreaterThan(total, 0)
        XCTAssertEqual(perFrame, total / 11, accuracy: 0.0001, "simulate is the mean of total over the frames")
        XCTAssertNotNil(Int(fields["peakRSS"]?.replacingOccurrences(of: "KiB", with: "") ?? ""), "\(fields)")

        let json = try flipbook("trace", path, "--property", "box.frame.x", "--format", "json", "--timings")
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stdout, try flipbook("trace", path, "--property", "box.frame.x", "--format", "json").stdout)
    }

    func testARangeLateInTheSceneCostsOneReplay() throws {
        // 10 s at 10 fps: frames 0-100; the Player keeps a checkpoint every second on the way.
        let path = try write(FlipbookProcess.tinyScene.replacingOccurrences(of: "duration: 1", with: "duration: 10"), to: "long.yaml")
        let single = try timings(try flipbook("trace", path, "--property", "box.frame.x", "--frames", "99", "--timings"))
        let range = try timings(try flipbook("trace", path, "--property", "box.frame.x", "--frames", "91-99", "--timings"))
        let singleInstants = try XCTUnwrap(Int(single["instants"] ?? "")), rangeInstants = try XCTUnwrap(Int(range["instants"] ?? ""))
        // The replay to 9.9 s: t = 0, the tap at 0.2 s, the checkpoints at 1...9 s, then 9.9 s.
        XCTAssertEqual(singleInstants, 12)
        // Frames 91...98 add one instant each; replaying for every frame would cost 9 × 12.
        XCTAssertEqual(rangeInstants - singleInstants, 8)
        XCTAssertEqual(range["checkpointsRestored"], "0")
        XCTAssertEqual(range["framesBuilt"], "9")
    }

    func testASceneThatFailsWhileRunningExits65WithoutATimingsLine() throws {
        let scene = FlipbookProcess.tinyScene
            .replacingOccurrences(of: "actions:\n", with: "actions:\n  zero:\n    set: { d: 0 }\n")
            .replacingOccurrences(of: "input:\n", with: "input:\n  - { run: zero, at: 0.5 }\n")
            + "\nvariables: { d: 1 }\nbindings:\n  box.cornerRadius: 1 / d\n"
        let path = try write(scene, to: "runtime.yaml")
        let r = try flipbook("trace", path, "--property", "box.cornerRadius", "--timings")
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("expression '1 / d' gave +infinity at frame 5, t = 0.5 s"), r.stderr)
        XCTAssertFalse(r.stderr.contains("timings:"), r.stderr)
    }
}
