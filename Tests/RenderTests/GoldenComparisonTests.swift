import Foundation
import Motion
import Render
import Scene
import SceneFile
import XCTest

/// The comparison both golden front ends share (`GoldenTests` and `flipbook compare`): the
/// fuzzy rule, the three-panel image, the record modes and the key frames.
final class GoldenComparisonTests: XCTestCase {
    /// A w×h opaque image, every pixel (10, 20, 30).
    private func plain(_ w: Int = 8, _ h: Int = 6) -> PNGImage {
        PNGImage(width: w, height: h, hasAlpha: false, rgba: (0..<w * h).flatMap { _ in [10, 20, 30, 255] as [UInt8] })
    }

    /// `image` with the first `count` pixels' channel `channel` raised by `amount`.
    private func changing(_ image: PNGImage, pixels count: Int, channel: Int = 0, by amount: Int) -> PNGImage {
        var copy = image
        for i in 0..<count { copy.rgba[i * 4 + channel] = UInt8(Int(copy.rgba[i * 4 + channel]) + amount) }
        return copy
    }

    // MARK: The rule

    func testTheProjectsRuleIsChannelsWithinTwoAndAtMostFortyPixels() {
        XCTAssertEqual(GoldenComparison.standard, GoldenComparison(channelTolerance: 2, maximumDifferingPixels: 40))
    }

    func testIdenticalImagesMatchWithNoDifference() {
        let d = GoldenComparison.standard.difference(expected: plain(), actual: plain()).measure
        XCTAssertEqual(d, PixelDifference(differingPixels: 0, largestDifference: 0, expectedWidth: 8, expectedHeight: 6,
                                          actualWidth: 8, actualHeight: 6))
        XCTAssertTrue(GoldenComparison.standard.accepts(d))
    }

    func testAPixelDiffersWhenAnyChannelDiffersByMoreThanTheTolerance() {
        let rule = GoldenComparison.standard
        for channel in 0..<4 {
            let base = channel == 3 ? changing(plain(), pixels: 48, channel: 3, by: -10) : plain()
            let two = rule.difference(expected: base, actual: changing(base, pixels: 5, channel: channel, by: 2)).measure
            XCTAssertEqual(two.differingPixels, 0, "channel \(channel) by 2")
            XCTAssertEqual(two.largestDifference, 2)
            let three = rule.difference(expected: base, actual: changing(base, pixels: 5, channel: channel, by: 3)).measure
            XCTAssertEqual(three.differingPixels, 5, "channel \(channel) by 3")
            XCTAssertEqual(three.largestDifference, 3)
        }
    }

    func testAFrameFailsWhenMoreThanTheAllowedPixelsDiffer() {
        let rule = GoldenComparison.standard
        let forty = rule.difference(expected: plain(), actual: changing(plain(), pixels: 40, by: 100)).measure
        XCTAssertEqual(forty.differingPixels, 40)
        XCTAssertTrue(rule.accepts(forty))
        let fortyOne = rule.difference(expected: plain(), actual: changing(plain(), pixels: 41, by: 100)).measure
        XCTAssertEqual(fortyOne.differingPixels, 41)
        XCTAssertEqual(fortyOne.largestDifference, 100)
        XCTAssertFalse(rule.accepts(fortyOne))
        XCTAssertTrue(GoldenComparison(channelTolerance: 2, maximumDifferingPixels: 41).accepts(fortyOne))
    }

    func testImagesOfDifferentSizesFailAndPixelsOnlyOneHasDiffer() {
        let d = GoldenComparison.standard.difference(expected: plain(8, 6), actual: plain(9, 7)).measure
        XCTAssertFalse(d.sameSize)
        XCTAssertEqual(d.differingPixels, 9 * 7 - 8 * 6)
        XCTAssertFalse(GoldenComparison(channelTolerance: 2, maximumDifferingPixels: 1000).accepts(d), "a size change always fails")
    }

    func testThreePanelShowsExpectedDifferenceAndActual() {
        let expected = plain(), actual = changing(plain(), pixels: 1, by: 200)
        let difference = GoldenComparison.standard.difference(expected: expected, actual: actual)
        let panel = difference.threePanel()
        let gap = ImageDifference.panelGap
        XCTAssertEqual(panel.width, 8 * 3 + 2 * gap)
        XCTAssertEqual(panel.height, 6)
        XCTAssertFalse(panel.hasAlpha)
        XCTAssertEqual(panel[x: 0, y: 0], expected[x: 0, y: 0])
        XCTAssertEqual(panel[x: 2 * (8 + gap), y: 0], actual[x: 0, y: 0])
        XCTAssertEqual(panel[x: 8 + gap, y: 0], RGBA8(r: 255, g: 0, b: 0), "the differing pixel is red")
        XCTAssertEqual(panel[x: 8 + gap + 1, y: 0], RGBA8(r: 191 + 10 / 4, g: 191 + 20 / 4, b: 191 + 30 / 4), "a faded expected elsewhere")
        XCTAssertEqual(panel[x: 8, y: 3], RGBA8(r: 128, g: 128, b: 128), "grey between panels")
        XCTAssertTrue(difference.differs(x: 0, y: 0))
        XCTAssertFalse(difference.differs(x: 1, y: 0))
    }

    // MARK: GoldenCheck: record modes, panels, unreadable goldens

    private func makeCheck(_ directory: TemporaryDirectory, _ mode: GoldenRecordMode) -> GoldenCheck {
        GoldenCheck(goldenDirectory: directory.file("golden"), failureDirectory: directory.file("failures"), recordMode: mode)
    }

    private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func testGoldenFilesAreNamedWithFourDigits() {
        XCTAssertEqual(GoldenCheck.fileName(frame: 0), "0000.png")
        XCTAssertEqual(GoldenCheck.fileName(frame: 97), "0097.png")
        XCTAssertEqual(GoldenCheck.fileName(frame: 12345), "12345.png")
        let check = GoldenCheck(goldenDirectory: "golden/x", failureDirectory: "golden/x-failures")
        XCTAssertEqual(check.goldenPath(frame: 18), "golden/x/0018.png")
        XCTAssertEqual(check.panelPath(frame: 18), "golden/x-failures/0018.png")
    }

    func testNeverReportsAMissingGoldenAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let result = try makeCheck(directory, .never).check(plain(), frame: 3)
        XCTAssertEqual(result.outcome, .missing)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.goldenPath, directory.file("golden/0003.png"))
        XCTAssertEqual(try directory.contents(), [])
    }

    func testMissingRecordsOnlyAbsentGoldensAndStillComparesTheOthers() throws {
        let directory = try TemporaryDirectory()
        let check = makeCheck(directory, .missing)
        XCTAssertEqual(try check.check(plain(), frame: 1).outcome, .recorded(previously: .absent))
        XCTAssertEqual(try PNGImage(contentsOfFile: directory.file("golden/0001.png")), plain(), "the golden holds the image")

        let changed = changing(plain(), pixels: 48, by: 50)
        let result = try check.check(changed, frame: 1)
        guard case .mismatched(let d, let panel) = result.outcome else { return XCTFail("\(result)") }
        XCTAssertEqual(d.differingPixels, 48)
        XCTAssertEqual(panel, directory.file("failures/0001.png"))
        XCTAssertEqual(try PNGImage(contentsOfFile: panel).width, ImageDifference.minimumColumnWidth * 3 + 2 * ImageDifference.panelGap)
        XCTAssertEqual(try PNGImage(contentsOfFile: directory.file("golden/0001.png")), plain(), "not rewritten")
        XCTAssertEqual(try directory.contents(), ["failures", "golden"], "no temporary files left")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.file("golden")), ["0001.png"])
    }

    func testAllRewritesEveryGoldenAndSaysWhatItWas() throws {
        let directory = try TemporaryDirectory()
        _ = try makeCheck(directory, .missing).check(plain(), frame: 1)
        _ = try makeCheck(directory, .missing).check(plain(), frame: 2)
        let all = makeCheck(directory, .all)
        let same = try all.check(plain(), frame: 1)
        guard case .recorded(.matched(let d)) = same.outcome else { return XCTFail("\(same)") }
        XCTAssertEqual(d.differingPixels, 0)
        let changed = changing(plain(), pixels: 48, by: 50)
        XCTAssertEqual(try all.check(changed, frame: 2).outcome, .recorded(previously: .mismatched(
            PixelDifference(differingPixels: 48, largestDifference: 50, expectedWidth: 8, expectedHeight: 6, actualWidth: 8, actualHeight: 6))))
        XCTAssertEqual(try PNGImage(contentsOfFile: directory.file("golden/0002.png")), changed)
        XCTAssertEqual(try all.check(plain(), frame: 3).outcome, .recorded(previously: .absent))
    }

    func testFailedRewritesOnlyMismatchingAndMissingGoldens() throws {
        let directory = try TemporaryDirectory()
        let nearly = changing(plain(), pixels: 3, by: 1)
        _ = try makeCheck(directory, .missing).check(nearly, frame: 1)
        _ = try makeCheck(directory, .missing).check(plain(), frame: 2)
        let before = bytes(directory.file("golden/0001.png"))

        let failed = makeCheck(directory, .failed)
        let kept = try failed.check(plain(), frame: 1)
        guard case .matched(let d) = kept.outcome else { return XCTFail("\(kept)") }
        XCTAssertEqual(d.largestDifference, 1)
        XCTAssertEqual(bytes(directory.file("golden/0001.png")), before, "a golden within tolerance is kept as it is")

        let changed = changing(plain(), pixels: 48, by: 50)
        guard case .recorded(.mismatched) = try failed.check(changed, frame: 2).outcome else { return XCTFail() }
        XCTAssertEqual(try PNGImage(contentsOfFile: directory.file("golden/0002.png")), changed)
        XCTAssertEqual(try failed.check(plain(), frame: 3).outcome, .recorded(previously: .absent))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("failures")), "no panel for a recorded frame")
    }

    func testAnUnreadableGoldenFailsAndFailedRecordsOverIt() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("golden"), withIntermediateDirectories: true)
        try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: directory.file("golden/0004.png")))
        let result = try makeCheck(directory, .never).check(plain(), frame: 4)
        guard case .unreadable(let reason) = result.outcome else { return XCTFail("\(result)") }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertFalse(result.passed)
        guard case .recorded(.unreadable) = try makeCheck(directory, .failed).check(plain(), frame: 4).outcome else { return XCTFail() }
        XCTAssertEqual(try PNGImage(contentsOfFile: directory.file("golden/0004.png")), plain())
    }

    func testAPanelIsRemovedOnceTheFrameMatchesAgain() throws {
        let directory = try TemporaryDirectory()
        let check = makeCheck(directory, .never)
        _ = try makeCheck(directory, .missing).check(plain(), frame: 5)
        _ = try check.check(changing(plain(), pixels: 48, by: 50), frame: 5)
        XCTAssertTrue(FileManager.default.fileExists(atPath: check.panelPath(frame: 5)))
        XCTAssertTrue(try check.check(plain(), frame: 5).passed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: check.panelPath(frame: 5)))
    }

    func testTheSameCheckGivesTheSameResultAndPanelBytes() throws {
        let directory = try TemporaryDirectory()
        _ = try makeCheck(directory, .missing).check(plain(), frame: 6)
        let check = makeCheck(directory, .never), changed = changing(plain(), pixels: 45, channel: 1, by: 9)
        let first = try check.check(changed, frame: 6)
        let firstPanel = bytes(check.panelPath(frame: 6))
        let second = try check.check(changed, frame: 6)
        XCTAssertEqual(first, second)
        XCTAssertNotNil(firstPanel)
        XCTAssertEqual(bytes(check.panelPath(frame: 6)), firstPanel)
    }

    func testAGoldenDirectoryBlockedByAFileIsAnError() throws {
        let directory = try TemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: directory.file("golden")))
        XCTAssertThrowsError(try makeCheck(directory, .missing).check(plain(), frame: 0)) { error in
            guard case ExportError.cannotCreateDirectory(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, directory.file("golden"))
        }
    }

    // MARK: Key frames, rendered

    private func scene(duration: Double, fps: Double, keyFrames: String = "") throws -> Scene {
        try SceneDocument.parse("""
            canvas: { size: [40, 30], fps: \(fps) }
            duration: \(duration)
            \(keyFrames)
            views:
              - { id: box, frame: [0, 0, 10, 10], backgroundColor: "#ff0000" }
            actions:
              move: { animations: [{ property: box.frame.x, to: 30, duration: 1 }] }
            input:
              - { run: move, at: 0 }
            """, file: "test.yaml")
    }

    func testKeyFramesAreTheScenesOrFourSpreadEvenly() throws {
        XCTAssertEqual(KeyFrameRenderer.keyFrames(of: try scene(duration: 1, fps: 10, keyFrames: "keyFrames: [7, 2]")), [7, 2])
        XCTAssertEqual(KeyFrameRenderer.keyFrames(of: try scene(duration: 1, fps: 10)), [0, 3, 6, 10])
        XCTAssertEqual(KeyFrameRenderer.keyFrames(of: try scene(duration: 0.1, fps: 10)), [0, 1])
        XCTAssertEqual(KeyFrameRenderer.keyFrames(of: try scene(duration: 0.05, fps: 10)), [0])
    }

    func testRenderedKeyFramesMatchWhatWasRecordedAndAMovedBoxDoesNot() throws {
        let directory = try TemporaryDirectory()
        let tiny = try scene(duration: 1, fps: 10)
        var renderer = try KeyFrameRenderer(scene: tiny, scale: 1)
        for frame in KeyFrameRenderer.keyFrames(of: tiny) {
            XCTAssertEqual(try makeCheck(directory, .missing).check(renderer.image(frame: frame), frame: frame).outcome, .recorded(previously: .absent))
        }
        for frame in KeyFrameRenderer.keyFrames(of: tiny).reversed() {
            guard case .matched(let d) = try makeCheck(directory, .never).check(renderer.image(frame: frame), frame: frame).outcome else {
                return XCTFail("frame \(frame)")
            }
            XCTAssertEqual(d.differingPixels, 0, "rendering is deterministic whatever the order")
        }
        let result = try makeCheck(directory, .never).check(renderer.image(frame: 10), frame: 6)
        guard case .mismatched(let d, _) = result.outcome else { return XCTFail("\(result)") }
        XCTAssertGreaterThan(d.differingPixels, 100, "the 10×10 box moved by more than its width")

        var double = try KeyFrameRenderer(scene: tiny, scale: 2)
        let big = try makeCheck(directory, .never).check(double.image(frame: 0), frame: 0)
        guard case .mismatched(let s, _) = big.outcome else { return XCTFail("\(big)") }
        XCTAssertEqual([s.actualWidth, s.actualHeight, s.expectedWidth, s.expectedHeight], [80, 60, 40, 30])
    }
}
