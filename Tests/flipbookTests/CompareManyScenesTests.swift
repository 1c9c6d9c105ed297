import Foundation
import Render
import XCTest

/// `flipbook compare SCENE... --golden-root DIR` as CI runs it: several scenes in one run, one
/// summary, one JUnit file, a Markdown summary and GitHub annotations; motion goldens, obsolete
/// goldens, tolerances and every exit code.
final class CompareManyScenesTests: XCTestCase {
    private var scratch: URL!

    /// A red box a tap springs to the right (damping 0.7); four key frames spread evenly.
    static let sceneA = "name: a\n" + FlipbookProcess.tinyScene

    /// The same motion with key frames only before the tap and once it has settled, so a
    /// change of damping draws the same key frames and only the motion golden sees it.
    static func sceneB(damping: Double = 0.7) -> String {
        """
        canvas: { size: [40, 30], scale: 1, fps: 10 }
        duration: 1
        views:
          - id: box
            frame: [0, 0, 10, 10]
            backgroundColor: "#0000ff"
            onTap: move
        actions:
          move:
            animations:
              - { property: box.frame.x, to: 30, duration: 0.5, spring: { damping: \(damping) } }
        input:
          - { tap: box, at: 0.2 }
        keyFrames: [0, 10]
        """
    }

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-compare-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try write(Self.sceneA, to: "a.yaml")
        try write(Self.sceneB(), to: "b.yaml")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func write(_ text: String, to name: String) throws {
        let url = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func flipbook(_ arguments: String...) throws -> FlipbookProcess.Result {
        try FlipbookProcess.run(arguments, in: scratch)
    }

    private func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
    private func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
    private func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(directory))) ?? []).sorted()
    }

    private func recordBoth() throws {
        let r = try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden", "--record", "missing")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(files(in: "golden"), ["a", "b"])
        XCTAssertEqual(files(in: "golden/a"), ["0000.png", "0003.png", "0006.png", "0010.png", "motion.csv"])
        XCTAssertEqual(files(in: "golden/b"), ["0000.png", "0010.png", "motion.csv"])
        XCTAssertTrue(r.stdout.hasSuffix("compare: 2 scenes, 6 frames: 0 failed, 0 missing, 0 obsolete, 8 recorded\n"), r.stdout)
    }

    /// Changes `count` pixels of a golden (from the top left) by `amount` in colour channel
    /// `channel`: up from a dark value, down from a light one.
    private func changeGolden(_ name: String, pixels count: Int = 1, channel: Int = 1, by amount: Int = 100) throws {
        var image = try PNGImage(contentsOfFile: path(name))
        for i in 0..<count {
            let value = Int(image.rgba[i * 4 + channel])
            image.rgba[i * 4 + channel] = UInt8(value < 128 ? value + amount : value - amount)
        }
        try PNGFile.write(image, to: path(name), options: .fast)
    }

    // MARK: Several scenes, one failing

    func testSeveralScenesOneRunWithAOnePixelChangeAndADampingChangeOnlyMotionCatches() throws {
        try recordBoth()
        XCTAssertEqual(try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden", "--max-pixels", "0").status, 0)
        try changeGolden("golden/a/0006.png")
        try write(Self.sceneB(damping: 0.4), to: "b.yaml")

        let r = try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden/", "--max-pixels", "0",
                             "--junit", "out/report.xml", "--summary", "out/summary.md", "--annotations", "github")
        XCTAssertEqual(r.status, 1, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("FAILED   frame 6: 1 pixels differ by more than 2 (largest difference 100; allowed 0); "
                                     + "expected | difference | actual: .flipbook/failures/a/0006.png"), r.stdout)
        XCTAssertTrue(lines.contains("ok       frame 10: 0 pixels differ by more than 2 (allowed 0)"), r.stdout)
        let motion = try XCTUnwrap(lines.first { $0.hasPrefix("FAILED   motion: ") }, r.stdout)
        XCTAssertTrue(motion.hasPrefix("FAILED   motion: box.position.x differs from frame 3: golden "), motion)
        XCTAssertTrue(motion.contains(" frames differ) (tolerance 1e-09 relative)"), motion)
        XCTAssertTrue(lines.contains("b: 2 key frames and motion at scale 1 against golden/b (channels ±2, ≤ 0 px): 2 match, 1 failed"), r.stdout)
        XCTAssertTrue(lines.contains("compare: 2 scenes, 6 frames: 2 failed, 0 missing, 0 obsolete"), r.stdout)
        XCTAssertTrue(r.stderr.contains("2 of 8 checks do not match their goldens"), r.stderr)
        XCTAssertEqual(files(in: ".flipbook/failures"), ["a"], "panels only for what failed")

        let report = try JUnitSummary(data: XCTUnwrap(FileManager.default.contents(atPath: path("out/report.xml"))))
        XCTAssertEqual(report.suites, [JUnitSummary.Suite(name: "a", tests: "5", failures: "1", errors: "0"),
                                       JUnitSummary.Suite(name: "b", tests: "3", failures: "1", errors: "0")])
        XCTAssertEqual(report.testcases, ["frame 0", "frame 3", "frame 6", "frame 10", "motion", "frame 0", "frame 10", "motion"])
        XCTAssertEqual(report.failures.map(\.type), ["mismatch", "mismatch"])
        XCTAssertTrue(report.failures[1].message.hasPrefix("box.position.x differs from frame 3"), report.failures[1].message)

        let summary = try String(contentsOfFile: path("out/summary.md"), encoding: .utf8)
        XCTAssertTrue(summary.contains("❌ compare: 2 scenes, 6 frames: 2 failed, 0 missing, 0 obsolete"), summary)
        XCTAssertTrue(summary.contains("### a — 1 not passed"), summary)
        XCTAssertTrue(summary.contains("| frame 6 | **FAILED** | channels ±2, ≤ 0 px | 1 pixels differ"), summary)
        XCTAssertTrue(summary.contains("[expected \\| difference \\| actual](../.flipbook/failures/a/0006.png)"), summary)
        XCTAssertTrue(summary.contains("| motion | **FAILED** | within 1e-09 | box.position.x differs from frame 3"), summary)

        // a.yaml has no keyFrames: its name line (1); b's motion: the animation's line (11).
        let annotations = lines.filter { $0.hasPrefix("::") }
        XCTAssertEqual(annotations.count, 2, r.stdout)
        XCTAssertTrue(annotations[0].hasPrefix("::error file=a.yaml,line=1,title=golden a frame 6::1 pixels differ"), annotations[0])
        XCTAssertTrue(annotations[1].hasPrefix("::error file=b.yaml,line=11,title=golden b motion::box.position.x differs from frame 3"), annotations[1])

        let again = try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden/", "--max-pixels", "0",
                                 "--junit", "out/report2.xml", "--summary", "out/summary2.md", "--annotations", "github")
        XCTAssertEqual(again.stdout, r.stdout, "the same run prints the same")
        XCTAssertEqual(FileManager.default.contents(atPath: path("out/report.xml")), FileManager.default.contents(atPath: path("out/report2.xml")))
    }

    func testAKeyFramesLineIsWhereAFrameFailurePoints() throws {
        try recordBoth()
        try changeGolden("golden/b/0010.png", pixels: 50)
        let r = try flipbook("compare", "b.yaml", "a.yaml", "--golden-root", "golden", "--annotations", "github")
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("::error file=b.yaml,line=14,title=golden b frame 10::50 pixels differ"), r.stdout)
    }

    func testPlotDrawsTheGoldenAgainstTheActualValuesOfAFailedProperty() throws {
        try recordBoth()
        try write(Self.sceneB(damping: 0.4), to: "b.yaml")
        let r = try flipbook("plot", "b.yaml", "--property", "box.position.x", "--golden", "golden/b", "-o", "plot.png", "--scale", "1")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "plotted 1 property over 11 frames -> plot.png (800×500 px)\n")
        let chart = try PNGImage(contentsOfFile: path("plot.png"))
        XCTAssertEqual([chart.width, chart.height], [800, 500])
        let file = try flipbook("plot", "b.yaml", "--property", "box.position.x", "--golden", "golden/b/motion.csv", "-o", "plot2.png", "--scale", "1")
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: path("plot.png")), FileManager.default.contents(atPath: path("plot2.png")))

        let untraced = try flipbook("plot", "b.yaml", "--property", "box.alpha", "--golden", "golden/b", "-o", "x.png")
        XCTAssertEqual(untraced.status, 64, untraced.stderr)
        XCTAssertTrue(untraced.stderr.contains("--golden golden/b/motion.csv does not trace box.alpha"), untraced.stderr)
        XCTAssertEqual(try flipbook("plot", "b.yaml", "--property", "box.position.x", "--golden", "none.csv", "-o", "x.png").status, 66)
        try write("frame,time,box.position.x\n0,0,oops\n", to: "bad.csv")
        let bad = try flipbook("plot", "b.yaml", "--property", "box.position.x", "--golden", "bad.csv", "-o", "x.png")
        XCTAssertEqual(bad.status, 65, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("bad.csv:2: expected a number for box.position.x, found 'oops'"), bad.stderr)
        XCTAssertFalse(exists("x.png"))
    }

    // MARK: Missing, obsolete, clean

    func testAMissingGoldenFailsWithExit1() throws {
        try recordBoth()
        try FileManager.default.removeItem(atPath: path("golden/b/0010.png"))
        try FileManager.default.removeItem(atPath: path("golden/a/motion.csv"))
        let r = try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden")
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("missing  motion: no golden golden/a/motion.csv"), r.stdout)
        XCTAssertTrue(r.stdout.contains("missing  frame 10: no golden golden/b/0010.png"), r.stdout)
        XCTAssertTrue(r.stdout.contains("compare: 2 scenes, 6 frames: 0 failed, 2 missing, 0 obsolete"), r.stdout)
        XCTAssertTrue(r.stderr.contains("2 goldens are missing; record them with --record missing"), r.stderr)
    }

    func testASceneWithNoGoldensExits66AndWritesNothing() throws {
        try recordBoth()
        try write(Self.sceneA, to: "c.yaml")
        let r = try flipbook("compare", "a.yaml", "c.yaml", "--golden-root", "golden", "--junit", "r.xml")
        XCTAssertEqual(r.status, 66, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("no goldens for a in golden/c (looked for 0000.png, 0003.png, 0006.png, 0010.png and motion.csv)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("flipbook compare c.yaml --golden-root golden --record missing"), r.stderr)
        XCTAssertFalse(exists("r.xml"))
        XCTAssertFalse(exists("golden/c"))
    }

    func testObsoleteGoldensAreListedFailOnlyUnderStrictAndRecordCleanRemovesThem() throws {
        try recordBoth()
        try FileManager.default.copyItem(atPath: path("golden/a/0000.png"), toPath: path("golden/a/0269.png"))
        try write("old", to: "golden/b/notes.txt")
        try write("not compared", to: "golden/other/0001.png")

        let r = try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden", "--junit", "r.xml")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("obsolete golden/a/0269.png (nothing claims it; --record clean removes it)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("obsolete golden/b/notes.txt"), r.stdout)
        XCTAssertFalse(r.stdout.contains("other"), "folders of scenes not in the run are left alone")
        XCTAssertTrue(r.stdout.contains("compare: 2 scenes, 6 frames: 0 failed, 0 missing, 2 obsolete"), r.stdout)

        let strict = try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden", "--strict", "--annotations", "github")
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("2 obsolete goldens (--strict); remove them with --record clean"), strict.stderr)
        XCTAssertTrue(strict.stdout.contains("::error file=a.yaml,line=1,title=golden a obsolete::golden/a/0269.png is obsolete"), strict.stdout)

        let clean = try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden", "--record", "clean")
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertTrue(clean.stdout.contains("removed  golden/a/0269.png (obsolete)"), clean.stdout)
        XCTAssertTrue(clean.stdout.contains("compare: 2 scenes, 6 frames: 0 failed, 0 missing, 0 obsolete, 2 removed"), clean.stdout)
        XCTAssertEqual(files(in: "golden/a"), ["0000.png", "0003.png", "0006.png", "0010.png", "motion.csv"])
        XCTAssertEqual(files(in: "golden/b"), ["0000.png", "0010.png", "motion.csv"])
        XCTAssertEqual(files(in: "golden/other"), ["0001.png"], "not passed in this run: untouched")
        XCTAssertEqual(try flipbook("compare", "a.yaml", "b.yaml", "--golden-root", "golden", "--strict").status, 0)
    }

    // MARK: Tolerances

    func testMaxPixelsFlagAndTheScenesOwnSettingWhichWins() throws {
        try recordBoth()
        try changeGolden("golden/a/0003.png", pixels: 5)
        XCTAssertEqual(try flipbook("compare", "a.yaml", "--golden-root", "golden").status, 0, "5 ≤ 40 by default")
        let strict = try flipbook("compare", "a.yaml", "--golden-root", "golden", "--max-pixels", "4")
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdout.contains("FAILED   frame 3: 5 pixels differ by more than 2 (largest difference 100; allowed 4)"), strict.stdout)

        try write(Self.sceneA + "\ngolden: { maxPixels: 5 }\n", to: "a.yaml")
        let scene = try flipbook("compare", "a.yaml", "--golden-root", "golden", "--max-pixels", "4")
        XCTAssertEqual(scene.status, 0, "the scene's maxPixels wins over the flag: \(scene.stdout)")
        XCTAssertTrue(scene.stdout.contains("(channels ±2, ≤ 5 px)"), scene.stdout)
    }

    func testChannelDeltaFlagAndSceneSetting() throws {
        try recordBoth()
        try changeGolden("golden/a/0003.png", pixels: 60, channel: 2, by: 5)
        let r = try flipbook("compare", "a.yaml", "--golden-root", "golden")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("FAILED   frame 3: 60 pixels differ by more than 2 (largest difference 5; allowed 40)"), r.stdout)
        let loose = try flipbook("compare", "a.yaml", "--golden-root", "golden", "--channel-delta", "5")
        XCTAssertEqual(loose.status, 0, loose.stdout)
        XCTAssertTrue(loose.stdout.contains("ok       frame 3: 0 pixels differ by more than 5 (allowed 40)"), loose.stdout)
        try write(Self.sceneA + "\ngolden: { channelDelta: 4 }\n", to: "a.yaml")
        let scene = try flipbook("compare", "a.yaml", "--golden-root", "golden", "--channel-delta", "5")
        XCTAssertEqual(scene.status, 1, "the scene's channelDelta 4 wins")
        XCTAssertTrue(scene.stdout.contains("(channels ±4, ≤ 40 px)"), scene.stdout)
    }

    func testPerceptualModeIgnoresAnInvisibleChangeAndCatchesAVisibleOne() throws {
        try recordBoth()
        // White to (255, 251, 251) over 60 pixels: channels differ by more than 2; YIQ δ ≈ 3 < 352.
        try changeGolden("golden/a/0003.png", pixels: 60, channel: 1, by: 4)
        try changeGolden("golden/a/0003.png", pixels: 60, channel: 2, by: 4)
        XCTAssertEqual(try flipbook("compare", "a.yaml", "--golden-root", "golden").status, 1)
        let perceptual = try flipbook("compare", "a.yaml", "--golden-root", "golden", "--perceptual")
        XCTAssertEqual(perceptual.status, 0, perceptual.stdout)
        XCTAssertTrue(perceptual.stdout.contains("ok       frame 3: 0 pixels differ perceptually (threshold 0.1) (allowed 40)"), perceptual.stdout)
        XCTAssertTrue(perceptual.stdout.contains("(perceptual 0.1, ≤ 40 px)"), perceptual.stdout)

        try changeGolden("golden/a/0006.png", pixels: 60, channel: 1, by: 200)
        let visible = try flipbook("compare", "a.yaml", "--golden-root", "golden", "--threshold", "0.2")
        XCTAssertEqual(visible.status, 1, visible.stdout)
        XCTAssertTrue(visible.stdout.contains("FAILED   frame 6: "), visible.stdout)
        XCTAssertTrue(visible.stdout.contains("differ perceptually (threshold 0.2)"), visible.stdout)

        try write(Self.sceneA + "\ngolden: { perceptual: false }\n", to: "a.yaml")
        let off = try flipbook("compare", "a.yaml", "--golden-root", "golden", "--perceptual")
        XCTAssertTrue(off.stdout.contains("FAILED   frame 3: 60 pixels differ by more than 2"), "the scene turns it off: \(off.stdout)")
    }

    // MARK: Bad usage and bad scenes

    func testABadGoldenRootExits64() throws {
        try write("", to: "file")
        for arguments in [["a.yaml", "--golden-root", "file"], ["a.yaml", "--golden-root", "nowhere"],
                          ["a.yaml", "b.yaml", "--golden", "g"], ["a.yaml", "--golden-root", "g", "--golden", "g"],
                          ["a.yaml"], ["a.yaml", "--golden-root", "g", "--max-pixels", "-1"],
                          ["a.yaml", "--golden-root", "g", "--channel-delta", "256"], ["a.yaml", "--golden-root", "g", "--threshold", "0"],
                          ["a.yaml", "--golden-root", "g", "--annotations", "gitlab"], ["a.yaml", "--golden-root", "g", "--record", "never"]] {
            let r = try FlipbookProcess.run(["compare"] + arguments, in: scratch)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
        }
        let file = try flipbook("compare", "a.yaml", "--golden-root", "file")
        XCTAssertTrue(file.stderr.contains("the golden root file is not a directory"), file.stderr)
        let missing = try flipbook("compare", "a.yaml", "--golden-root", "nowhere")
        XCTAssertTrue(missing.stderr.contains("the golden root nowhere does not exist"), missing.stderr)
        XCTAssertEqual(try flipbook("compare", "a.yaml", "--golden-root", "nowhere", "--record", "missing").status, 0, "created when recording")
        XCTAssertEqual(files(in: "nowhere"), ["a"])
    }

    func testTwoScenesWithTheSameFileNameAreAUsageError() throws {
        try write(Self.sceneA, to: "one/a.yaml")
        try FileManager.default.createDirectory(atPath: path("golden"), withIntermediateDirectories: true)
        let r = try flipbook("compare", "a.yaml", "one/a.yaml", "--golden-root", "golden", "--record", "missing")
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertTrue(r.stderr.contains("a.yaml and one/a.yaml would share the golden folder 'a'"), r.stderr)
        XCTAssertEqual(files(in: "golden"), [])
    }

    func testAnInvalidSceneExits65WithItsLocationAndNothingIsWritten() throws {
        try write("canvas: { size: [40, 30] }\nduration: 1\ngolden: { maxPixels: -3 }\n", to: "bad.yaml")
        try FileManager.default.createDirectory(atPath: path("golden"), withIntermediateDirectories: true)
        let r = try flipbook("compare", "a.yaml", "bad.yaml", "--golden-root", "golden", "--record", "missing")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("bad.yaml:3:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("golden.maxPixels"), r.stderr)
        XCTAssertEqual(files(in: "golden"), [])
    }
}
