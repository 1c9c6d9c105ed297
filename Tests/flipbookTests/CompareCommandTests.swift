import Foundation
import XCTest

/// `flipbook compare`, run as a user would: matching, changed and missing goldens, the record
/// modes, the JUnit report and every error path.
final class CompareCommandTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FlipbookProcess.tinyScene.write(toFile: path("tiny.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func flipbook(_ arguments: String...) throws -> FlipbookProcess.Result {
        try FlipbookProcess.run(arguments, in: scratch)
    }

    private func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    private func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(directory))) ?? []).sorted()
    }

    private func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    /// The tiny scene has 11 frames and no keyFrames: four spread evenly.
    private let goldens = ["0000.png", "0003.png", "0006.png", "0010.png", "motion.csv"]

    /// Records every golden of the tiny scene into `g/`.
    private func recordGoldens() throws {
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g", "--record", "missing")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(files(in: "g"), goldens)
    }

    /// Puts frame 0's golden in place of frame 6's: the box is at x = 0, not near 30.
    private func breakGoldenOfFrame6() throws {
        try FileManager.default.removeItem(atPath: path("g/0006.png"))
        try FileManager.default.copyItem(atPath: path("g/0000.png"), toPath: path("g/0006.png"))
    }

    // MARK: Passing and failing

    func testRecordMissingWritesEveryGoldenAndThenAllMatch() throws {
        let recorded = try flipbook("compare", "tiny.yaml", "--golden", "g", "--record", "missing")
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(recorded.stdout.contains("recorded frame 3: g/0003.png (new)"), recorded.stdout)
        XCTAssertTrue(recorded.stdout.contains("tiny: 4 key frames and motion at scale 1 against g (channels ±2, ≤ 40 px): 0 match, 5 recorded"), recorded.stdout)
        XCTAssertEqual(files(in: "g"), goldens)

        let r = try flipbook("compare", "tiny.yaml", "--golden", "g/")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            ok       frame 0: 0 pixels differ by more than 2 (allowed 40)
            ok       frame 3: 0 pixels differ by more than 2 (allowed 40)
            ok       frame 6: 0 pixels differ by more than 2 (allowed 40)
            ok       frame 10: 0 pixels differ by more than 2 (allowed 40)
            ok       motion: 1 property × 11 frames within 1e-09
            tiny: 4 key frames and motion at scale 1 against g (channels ±2, ≤ 40 px): 5 match

            """)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(files(in: "."), ["g", "tiny.yaml"], "no failure directory when everything matches")
    }

    func testAChangedGoldenFailsWithAPanelAndExit1() throws {
        try recordGoldens()
        try breakGoldenOfFrame6()
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g")
        XCTAssertEqual(r.status, 1, r.stderr)
        let failed = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.hasPrefix("FAILED") }, r.stdout)
        XCTAssertTrue(failed.hasPrefix("FAILED   frame 6: "), String(failed))
        XCTAssertTrue(failed.hasSuffix("expected | difference | actual: .flipbook/failures/tiny/0006.png"), String(failed))
        let count = try XCTUnwrap(Int(failed.split(separator: " ").first { Int($0) != nil } ?? ""))
        XCTAssertGreaterThan(count, 40)
        XCTAssertTrue(r.stdout.contains("4 match, 1 failed"), r.stdout)
        XCTAssertTrue(r.stderr.contains("1 of 5 checks do not match") && r.stderr.contains("--record failed"), r.stderr)
        XCTAssertEqual(files(in: ".flipbook/failures/tiny"), ["0006.png"])
        XCTAssertTrue(try pngSize(".flipbook/failures/tiny/0006.png") == (150 * 3 + 2 * 4, 30 + 30), "captions over expected | difference | actual")
        XCTAssertEqual(files(in: "g"), goldens, "goldens untouched")
    }

    func testOutputChoosesThePanelDirectoryAndAMatchRemovesAStalePanel() throws {
        try recordGoldens()
        let good = try XCTUnwrap(contents("g/0006.png"))
        try breakGoldenOfFrame6()
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g", "-o", "diffs/tiny")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("expected | difference | actual: diffs/tiny/0006.png"), r.stdout)
        XCTAssertEqual(files(in: "diffs/tiny"), ["0006.png"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path(".flipbook")))

        try good.write(to: URL(fileURLWithPath: path("g/0006.png")))
        let again = try flipbook("compare", "tiny.yaml", "--golden", "g", "-o", "diffs/tiny")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("diffs/tiny")), "the panel of a frame that matches again is removed, and its empty folder")
    }

    func testAnotherScaleFailsOnSize() throws {
        try recordGoldens()
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g", "--scale", "2")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("FAILED   frame 0: size 80×60 px, golden 40×30 px (rendered at scale 2)"), r.stdout)
        XCTAssertTrue(try pngSize(".flipbook/failures/tiny/0000.png") == (150 * 3 + 2 * 4, 30 + 60))
    }

    // MARK: Record modes

    func testRecordFailedRewritesOnlyTheMismatchingGolden() throws {
        try recordGoldens()
        let before = goldens.map { contents("g/\($0)") }
        try breakGoldenOfFrame6()
        _ = try flipbook("compare", "tiny.yaml", "--golden", "g")
        XCTAssertEqual(files(in: ".flipbook/failures/tiny"), ["0006.png"])

        let r = try flipbook("compare", "tiny.yaml", "--golden", "g", "--record", "failed")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("recorded") }.count, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("recorded frame 6: g/0006.png (replaced; "), r.stdout)
        XCTAssertTrue(r.stdout.contains("4 match, 1 recorded"), r.stdout)
        XCTAssertEqual(goldens.map { contents("g/\($0)") }, before, "the golden is the frame again; the others are untouched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path(".flipbook")), "its stale panel is removed, and no empty folder is left")
    }

    func testRecordMissingWritesOnlyAbsentGoldensAndStillFailsAMismatch() throws {
        try recordGoldens()
        try breakGoldenOfFrame6()
        try FileManager.default.removeItem(atPath: path("g/0010.png"))
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g", "--record", "missing")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("recorded frame 10: g/0010.png (new)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("FAILED   frame 6:"), r.stdout)
        XCTAssertTrue(r.stdout.contains("3 match, 1 failed, 1 recorded"), r.stdout)
        XCTAssertEqual(contents("g/0006.png"), contents("g/0000.png"), "a mismatching golden is not rewritten")
    }

    func testRecordAllRewritesEveryGolden() throws {
        try recordGoldens()
        try breakGoldenOfFrame6()
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g", "--record", "all")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("recorded") }.count, 5, r.stdout)
        XCTAssertTrue(r.stdout.contains("recorded frame 0: g/0000.png (replaced; it matched)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("0 match, 5 recorded"), r.stdout)
        XCTAssertNotEqual(contents("g/0006.png"), contents("g/0000.png"))
        XCTAssertEqual(try flipbook("compare", "tiny.yaml", "--golden", "g").status, 0)
    }

    // MARK: Missing goldens

    func testNoGoldensWithoutRecordSaysHowToRecordThemAndWritesNothing() throws {
        for golden in ["g", "empty"] {
            if golden == "empty" { try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: true) }
            let r = try flipbook("compare", "tiny.yaml", "--golden", golden, "--junit", "report.xml")
            XCTAssertEqual(r.status, 66, r.stderr)
            XCTAssertEqual(r.stdout, "")
            XCTAssertTrue(r.stderr.contains("no goldens for tiny in \(golden) (looked for 0000.png, 0003.png, 0006.png, 0010.png and motion.csv)"), r.stderr)
            XCTAssertTrue(r.stderr.contains("flipbook compare tiny.yaml --golden \(golden) --record missing"), r.stderr)
        }
        XCTAssertEqual(files(in: "."), ["empty", "tiny.yaml"], "no goldens, panels or report written")
    }

    func testSomeGoldensMissingFailsThoseFrames() throws {
        try recordGoldens()
        try FileManager.default.removeItem(atPath: path("g/0003.png"))
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("missing  frame 3: no golden g/0003.png"), r.stdout)
        XCTAssertTrue(r.stdout.contains("4 match, 1 missing"), r.stdout)
        XCTAssertTrue(r.stderr.contains("1 golden is missing; record it with --record missing"), r.stderr)
    }

    func testAnUnreadableGoldenFailsItsFrame() throws {
        try recordGoldens()
        try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: path("g/0003.png")))
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("FAILED   frame 3: cannot read the golden g/0003.png: "), r.stdout)
    }

    // MARK: JUnit

    func testJUnitReportHasOneTestcasePerKeyFrameAndTheFailure() throws {
        try recordGoldens()
        try breakGoldenOfFrame6()
        try FileManager.default.removeItem(atPath: path("g/0010.png"))
        let r = try flipbook("compare", "tiny.yaml", "--golden", "g", "--junit", "reports/junit.xml")
        XCTAssertEqual(r.status, 1)
        let report = try JUnitSummary(data: XCTUnwrap(contents("reports/junit.xml")))
        XCTAssertEqual(report.suites, [JUnitSummary.Suite(name: "tiny", tests: "5", failures: "2", errors: "0")])
        XCTAssertEqual(report.testcases, ["frame 0", "frame 3", "frame 6", "frame 10", "motion"])
        XCTAssertEqual(report.failures.map(\.type), ["mismatch", "missing"])
        let mismatch = report.failures[0].message
        XCTAssertTrue(mismatch.contains("pixels differ by more than 2") && mismatch.contains("allowed 40"), mismatch)
        XCTAssertTrue(mismatch.hasSuffix("expected | difference | actual: .flipbook/failures/tiny/0006.png"), mismatch)
        XCTAssertEqual(report.failures[1].message, "no golden g/0010.png")
        XCTAssertEqual(files(in: "reports"), ["junit.xml"], "written atomically: no temporary left")

        _ = try flipbook("compare", "tiny.yaml", "--golden", "g", "--record", "missing")
        let passing = try flipbook("compare", "tiny.yaml", "--golden", "g", "--record", "failed", "--junit", "reports/junit.xml")
        XCTAssertEqual(passing.status, 0, passing.stderr)
        let fixed = try JUnitSummary(data: XCTUnwrap(contents("reports/junit.xml")))
        XCTAssertEqual(fixed.suites, [JUnitSummary.Suite(name: "tiny", tests: "5", failures: "0", errors: "0")])
        XCTAssertEqual(fixed.failures.count, 0)
        XCTAssertEqual(fixed.systemOut.count, 1, "the recorded frame says so")
    }

    func testJUnitEscapesWhatItQuotes() throws {
        let golden = "g & <x> \"q\" 'r'"
        XCTAssertEqual(try flipbook("compare", "tiny.yaml", "--golden", golden, "--record", "missing").status, 0)
        try FileManager.default.removeItem(atPath: path("\(golden)/0003.png"))
        let r = try flipbook("compare", "tiny.yaml", "--golden", golden, "--junit", "j.xml")
        XCTAssertEqual(r.status, 1, r.stderr)
        let report = try JUnitSummary(data: XCTUnwrap(contents("j.xml")))
        XCTAssertEqual(report.failures.map(\.message), ["no golden \(golden)/0003.png"])
    }

    // MARK: Determinism

    func testTheSameRunGivesTheSameOutputReportAndPanels() throws {
        try recordGoldens()
        try breakGoldenOfFrame6()
        let first = try flipbook("compare", "tiny.yaml", "--golden", "g", "--junit", "a.xml")
        let firstPanel = contents(".flipbook/failures/tiny/0006.png")
        let second = try flipbook("compare", "tiny.yaml", "--golden", "g", "--junit", "b.xml")
        XCTAssertEqual(first.status, 1)
        XCTAssertEqual(second.status, first.status)
        XCTAssertEqual(second.stdout, first.stdout)
        XCTAssertEqual(second.stderr, first.stderr)
        XCTAssertNotNil(firstPanel)
        XCTAssertEqual(contents(".flipbook/failures/tiny/0006.png"), firstPanel)
        XCTAssertEqual(contents("a.xml"), contents("b.xml"))
    }

    // MARK: Bad input

    func testBadAndMissingScenesExit65And66() throws {
        try "canvas: { size: [40, 30] }\nduration: 1\nviews: [{ id: a, frame: [0, 0, 1, 1], colour: red }]\n"
            .write(toFile: path("bad.yaml"), atomically: true, encoding: .utf8)
        let bad = try flipbook("compare", "bad.yaml", "--golden", "g", "--record", "missing")
        XCTAssertEqual(bad.status, 65, bad.stderr)
        let missing = try flipbook("compare", "nope.yaml", "--golden", "g", "--record", "missing")
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertEqual(files(in: "."), ["bad.yaml", "tiny.yaml"])
    }

    func testUsageErrorsExit64() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: path("file")))
        let cases: [[String]] = [
            ["compare", "tiny.yaml"],                                        // no --golden
            ["compare", "tiny.yaml", "--golden", "g", "--record", "never"],
            ["compare", "tiny.yaml", "--golden", "g", "--record", "some"],
            ["compare", "tiny.yaml", "--golden", "g", "--scale", "0"],
            ["compare", "tiny.yaml", "--golden", "g", "--scale", "-1"],
            ["compare", "tiny.yaml", "--golden", "file"],
        ]
        for arguments in cases {
            let r = try FlipbookProcess.run(arguments, in: scratch)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
        }
        XCTAssertEqual(files(in: "g"), [])
    }

    func testAGoldenDirectoryThatCannotBeCreatedExits73() throws {
        try Data().write(to: URL(fileURLWithPath: path("file")))
        let r = try flipbook("compare", "tiny.yaml", "--golden", "file/g", "--record", "missing")
        XCTAssertEqual(r.status, 73, r.stderr)
        XCTAssertTrue(r.stderr.contains("file/g"), r.stderr)
    }

    /// Width and height from a PNG's IHDR chunk.
    private func pngSize(_ name: String) throws -> (Int, Int) {
        let bytes = [UInt8](try XCTUnwrap(contents(name), "\(name) missing"))
        XCTAssertEqual(Array(bytes[12..<16]), Array("IHDR".utf8))
        func uint32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (uint32(16), uint32(20))
    }
}
