import Foundation
import FlipbookTesting
import Render
import Scene
import SceneFile
import XCTest

/// Motion goldens (`motion.csv`), record modes from the environment, and `assertGoldens`.
final class MotionGoldenTests: XCTestCase {
    private func scene(_ text: String) throws -> Scene {
        try SceneDocument.parse(text, file: "test.yaml", defaultName: "test")
    }

    private let springScene = """
    canvas: { size: [40, 30], fps: 10 }
    duration: 1
    views:
      - { id: box, frame: [0, 0, 10, 10], backgroundColor: "#ff0000" }
      - { id: still, frame: [0, 20, 10, 10], backgroundColor: "#00ff00" }
    actions:
      move: { animations: [{ property: box.frame.x, to: 30, duration: 0.5, spring: { damping: 0.7 } }] }
    input: [{ run: move, at: 0.2 }]
    """

    func testByDefaultEveryPropertyThatChangesIsTracedAtEveryFrame() throws {
        let trace = try MotionTrace.record(scene(springScene), names: nil)
        XCTAssertEqual(trace.names, ["box.position.x"])
        XCTAssertEqual(trace.rows.count, 11)
        XCTAssertEqual(trace.times[3], 0.3)
        XCTAssertEqual(trace.rows[0], [5])
        XCTAssertEqual(trace.rows[10][0], 35, accuracy: 1e-6)
    }

    func testTraceNamesFromTheSceneFileAndTheirErrors() throws {
        let traced = try scene(springScene + "\ngolden: { trace: [box.frame.x, still.alpha], motionTolerance: 1e-6 }\n")
        XCTAssertEqual(traced.golden.trace, ["box.frame.x", "still.alpha"])
        XCTAssertEqual(traced.golden.motionTolerance, 1e-6)
        let trace = try MotionTrace.record(traced, names: traced.golden.trace)
        XCTAssertEqual(trace.names, ["box.frame.x", "still.alpha"])
        XCTAssertEqual(trace.rows[0], [0, 1])

        let cases: [(String, String)] = [
            ("golden: { trace: [box.frame.q] }", "test.yaml:9:19: golden.trace[0]: views have no single property 'frame.q'"),
            ("golden: { trace: [] }", "expected at least one property"),
            ("golden: { trace: [box.alpha, box.alpha] }", "'box.alpha' is traced twice"),
            ("golden: { motionTolerance: 2 }", "a relative tolerance between 0 and 1"),
            ("golden: { maxPixels: 1.5 }", "expected a whole number"),
            ("golden: { channelDelta: 300 }", "a channel difference 0-255"),
            ("golden: { perceptual: 2 }", "true, false or a threshold between 0 and 1"),
            ("golden: { maxPixel: 3 }", "did you mean"),
        ]
        for (line, message) in cases {
            XCTAssertThrowsError(try scene(springScene + "\n" + line + "\n"), line) { error in
                XCTAssertTrue("\(error)".contains(message), "\(line): \(error)")
            }
        }
        XCTAssertEqual(try scene(springScene + "\ngolden: { perceptual: true }\n").golden.perceptual, 0.1)
        XCTAssertEqual(try scene(springScene + "\ngolden: { perceptual: false }\n").golden.perceptual, 0)
    }

    func testCSVIsShortestRoundTripAndReadsBackExactly() throws {
        let trace = MotionTrace(names: ["a.alpha", "b.position.y"], times: [0, 0.1], rows: [[1, 0.1 + 0.2], [-0.0, 1e-300]])
        XCTAssertEqual(trace.csv, "frame,time,a.alpha,b.position.y\n0,0,1,0.30000000000000004\n1,0.1,0,1e-300\n")
        XCTAssertEqual(try MotionTrace(csv: trace.csv, path: "m.csv").rows[0][1].bitPattern, (0.1 + 0.2).bitPattern)
        let bad: [(String, String)] = [
            ("", "m.csv:1: the file is empty"),
            ("frame,t,a\n", "m.csv:1: expected the header frame,time"),
            ("frame,time,a\n0,0,1,2\n", "m.csv:2: expected 3 values, found 4"),
            ("frame,time,a\n1,0,1\n", "m.csv:2: expected frame 0, found '1'"),
            ("frame,time,a\n0,0,x\n", "m.csv:2: expected a number for a, found 'x'"),
            ("frame,time,a\n0,0,nan\n", "found 'nan'"),
        ]
        for (text, message) in bad {
            XCTAssertThrowsError(try MotionTrace(csv: text, path: "m.csv")) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
    }

    func testTheToleranceIsRelativeAboveOneAndAbsoluteBelow() {
        let rule = MotionComparison(tolerance: 1e-9)
        XCTAssertTrue(rule.matches(golden: 1000, actual: 1000 + 0.9e-6))
        XCTAssertFalse(rule.matches(golden: 1000, actual: 1000 + 1.1e-6))
        XCTAssertTrue(rule.matches(golden: 1e-3, actual: 1e-3 + 0.9e-9))
        XCTAssertFalse(rule.matches(golden: 0, actual: 1.1e-9))
        XCTAssertEqual(MotionComparison().tolerance, 1e-9)
    }

    func testAFailureNamesThePropertyTheFirstFrameBothValuesAndHowManyFramesDiffer() {
        let golden = MotionTrace(names: ["a.alpha", "b.alpha"], times: [0, 0.1, 0.2], rows: [[1, 0], [0.5, 0], [0.25, 0]])
        var actual = golden
        actual.rows[1][0] = 0.6; actual.rows[2][0] = 0.3
        XCTAssertEqual(MotionComparison().problems(golden: golden, actual: golden), [])
        let problems = MotionComparison().problems(golden: golden, actual: actual)
        XCTAssertEqual(problems, [.values(MotionDifference(property: "a.alpha", firstFrame: 1, golden: 0.5, actual: 0.6, differingFrames: 2))])
        XCTAssertEqual(problems[0].description, "a.alpha differs from frame 1: golden 0.5, actual 0.6 (2 frames differ)")

        let other = MotionTrace(names: ["b.alpha", "c.alpha"], times: [0, 0.1], rows: [[0, 1], [0, 2]])
        XCTAssertEqual(MotionComparison().problems(golden: golden, actual: other).map(\.description), [
            "the golden has 3 frames, the scene 2",
            "a.alpha is in the golden but the scene has no such property",
            "c.alpha changes now (frame 1: 2) but the golden does not trace it",
        ])
    }

    func testScenesThatStepPhysicsGetTheMeasuredDynamicsTolerance() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let zaker = try SceneDocument.load(path: repository.appendingPathComponent("scenes/zaker-cover.yaml").path)
        XCTAssertEqual(GoldenRunOptions().motionComparison(for: zaker).tolerance, MotionComparison.dynamicsTolerance)
        XCTAssertEqual(MotionComparison.dynamicsTolerance, 1e-4)
        XCTAssertEqual(GoldenRunOptions().motionComparison(for: try scene(springScene)).tolerance, 1e-9)
        let own = try scene(springScene + "\ngolden: { motionTolerance: 1e-3 }\n")
        XCTAssertEqual(GoldenRunOptions().motionComparison(for: own).tolerance, 1e-3)
    }

    // MARK: Record modes from the environment

    func testAnUnknownRecordValueIsAnErrorNotNever() {
        XCTAssertNil(try GoldenRecordMode.fromEnvironment("GOLDEN_RECORD", value: nil))
        XCTAssertNil(try GoldenRecordMode.fromEnvironment("GOLDEN_RECORD", value: ""))
        XCTAssertEqual(try GoldenRecordMode.fromEnvironment("GOLDEN_RECORD", value: "clean"), .clean)
        XCTAssertThrowsError(try GoldenRecordMode.fromEnvironment("GOLDEN_RECORD", value: "yes")) { error in
            XCTAssertEqual("\(error)", "GOLDEN_RECORD=yes is not a record mode; expected one of never, missing, all, failed, clean (or unset)")
        }
    }

    // MARK: FlipbookTesting

    func testAssertGoldensRecordsThenPassesThenFailsWithTheCLIsMessages() throws {
        let directory = try TemporaryDirectory()
        let sceneURL = URL(fileURLWithPath: directory.file("spring.yaml"))
        try springScene.write(to: sceneURL, atomically: true, encoding: .utf8)
        let root = URL(fileURLWithPath: directory.file("golden")), failures = URL(fileURLWithPath: directory.file("failures"))
        XCTAssertThrowsError(try assertGoldens(scene: sceneURL, goldenRoot: root, failures: failures)) { error in
            XCTAssertTrue("\(error)".contains("missing  frame 0: no golden \(root.path)/spring/0000.png"), "\(error)")
        }
        try assertGoldens(scene: sceneURL, goldenRoot: root, record: .missing, failures: failures)
        try assertGoldens(scene: sceneURL, goldenRoot: root, failures: failures)

        try springScene.replacingOccurrences(of: "damping: 0.7", with: "damping: 0.5").write(to: sceneURL, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try assertGoldens(scene: sceneURL, goldenRoot: root, failures: failures)) { error in
            let failure = error as? GoldenTestFailure
            XCTAssertNotNil(failure)
            XCTAssertEqual(failure?.result.failed, 2, "frame 6 and the motion")
            XCTAssertTrue("\(error)".contains("FAILED   motion: box.position.x differs from frame 3"), "\(error)")
            XCTAssertTrue("\(error)".contains("if the change is intended, run again with --record failed"), "\(error)")
        }

        setenv("FLIPBOOK_RECORD", "sometimes", 1)
        defer { unsetenv("FLIPBOOK_RECORD") }
        XCTAssertThrowsError(try assertGoldens(scene: sceneURL, goldenRoot: root, failures: failures)) { error in
            XCTAssertEqual("\(error)", "FLIPBOOK_RECORD=sometimes is not a record mode; expected one of never, missing, all, failed, clean (or unset)")
        }
        setenv("FLIPBOOK_RECORD", "failed", 1)
        try assertGoldens(scene: sceneURL, goldenRoot: root, record: .never, failures: failures)
        unsetenv("FLIPBOOK_RECORD")
        try assertGoldens(scene: sceneURL, goldenRoot: root, failures: failures)
    }
}
