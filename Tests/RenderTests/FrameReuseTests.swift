import Drawing
import Foundation
import Motion
@testable import Render
import Scene
import SceneFile
import XCTest

/// Frames that draw like the frame before are written from its bytes, and bands of unchanged
/// rows are not compressed again; neither may change a byte, whatever the thread count, the
/// frame range or what `--resume` found.
final class FrameReuseTests: XCTestCase {
    /// Frame i draws like `SampleFrames.animated(i / 3)`: frames 1, 2, 4, 5, … repeat the one
    /// before (their index and time still differ).
    private func held(_ index: Int) -> Frame {
        var frame = SampleFrames.animated(index / 3)
        frame.index = index
        frame.time = Double(index) / 60
        return frame
    }

    private func export(_ frames: [Int], to directory: TemporaryDirectory, threads: Int, resume: Bool = false,
                        source: ((Int) throws -> Frame)? = nil) throws -> ExportStats {
        let options = ExportOptions(directory: directory.path, scale: 2, threads: threads, resume: resume)
        return try ExportPipeline(options: options).run(frames: frames, source: source ?? held)
    }

    private func bytes(_ directory: TemporaryDirectory, _ index: Int) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: directory.file(String(format: "frame-%04d.png", index))))
    }

    func testRepeatedFramesAreWrittenFromTheFrameBeforeWhateverTheThreadCount() throws {
        let frames = Array(0..<12)
        var runs: [TemporaryDirectory] = []
        for threads in [1, 2, 4] {
            let directory = try TemporaryDirectory()
            let stats = try export(frames, to: directory, threads: threads)
            XCTAssertEqual(stats.framesWritten, 12)
            XCTAssertEqual(stats.framesRepeated, 8, "frames 1, 2, 4, 5, 7, 8, 10, 11")
            runs.append(directory)
        }
        for index in frames {
            XCTAssertEqual(try bytes(runs[0], index), try bytes(runs[1], index), "frame \(index), 1 and 2 threads")
            XCTAssertEqual(try bytes(runs[0], index), try bytes(runs[2], index), "frame \(index), 1 and 4 threads")
            XCTAssertEqual(try bytes(runs[0], index), try bytes(runs[0], index / 3 * 3), "frame \(index) repeats")
        }
        XCTAssertNotEqual(try bytes(runs[0], 2), try bytes(runs[0], 3))
        let renderer = try CairoRenderer(canvasSize: held(5).size, scale: 2)
        renderer.render(held(5))
        XCTAssertEqual(try PNGImage(contentsOfFile: runs[0].file("frame-0005.png")), renderer.withPixels { PNGImage($0) })
    }

    /// The first frame of a range is always encoded — and gives the bytes the whole run wrote.
    func testARangeStartingOnARepeatGivesTheSameBytes() throws {
        let whole = try TemporaryDirectory(), range = try TemporaryDirectory()
        _ = try export(Array(0..<12), to: whole, threads: 2)
        let stats = try export(Array(4..<12), to: range, threads: 3)
        XCTAssertEqual(stats.framesRepeated, 5, "5, 7, 8, 10, 11; frame 4 starts the range")
        for index in 4..<12 { XCTAssertEqual(try bytes(range, index), try bytes(whole, index), "frame \(index)") }
    }

    /// A frame after one that resume skipped is encoded, never copied from the file on disk
    /// (which may have been edited since).
    func testResumeEncodesTheFrameAfterASkippedOne() throws {
        let whole = try TemporaryDirectory(), resumed = try TemporaryDirectory()
        _ = try export(Array(0..<6), to: whole, threads: 1)
        // Frame 1 on disk is a complete PNG of other pixels; frames 2, 4 and 5 are missing.
        _ = try export([1], to: resumed, threads: 1, source: { _ in SampleFrames.animated(40) })
        for index in [0, 3] {
            try FileManager.default.copyItem(atPath: whole.file(String(format: "frame-%04d.png", index)),
                                             toPath: resumed.file(String(format: "frame-%04d.png", index)))
        }
        let edited = try bytes(resumed, 1)
        XCTAssertNotEqual(edited, try bytes(whole, 1))

        let stats = try export(Array(0..<6), to: resumed, threads: 2, resume: true)
        XCTAssertEqual(stats.framesSkipped, 3)
        XCTAssertEqual(stats.framesWritten, 3)
        XCTAssertEqual(stats.framesRepeated, 1, "frame 5 repeats 4; frames 2 and 4 follow skipped frames")
        XCTAssertEqual(try bytes(resumed, 1), edited, "left alone")
        for index in [2, 4, 5] { XCTAssertEqual(try bytes(resumed, index), try bytes(whole, index), "frame \(index)") }
    }

    /// Only a small square moves (two frames out of three), so workers reuse most bands — each
    /// from whichever frame it encoded last, which depends on scheduling — yet every file is
    /// the same whatever the thread count or range.
    func testBandReuseGivesTheSameBytesWhateverTheThreadsOrRange() throws {
        func moving(_ index: Int) -> Frame {
            var frame = SampleFrames.screen(squareAt: 200 + Double(index - index % 3 / 2) * 9)
            frame.index = index
            return frame
        }
        func run(_ frames: [Int], threads: Int) throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            let options = ExportOptions(directory: directory.path, scale: 1, threads: threads)
            _ = try ExportPipeline(options: options).run(frames: frames, source: moving)
            return directory
        }
        let frames = Array(0..<24)
        let one = try run(frames, threads: 1), two = try run(frames, threads: 2), three = try run(frames, threads: 3)
        let four = try run(frames, threads: 4)
        let range = try run(Array(7..<24), threads: 2)
        for index in frames {
            XCTAssertEqual(try bytes(one, index), try bytes(two, index), "frame \(index), 1 and 2 threads")
            XCTAssertEqual(try bytes(one, index), try bytes(three, index), "frame \(index), 1 and 3 threads")
            XCTAssertEqual(try bytes(one, index), try bytes(four, index), "frame \(index), 1 and 4 threads")
            if index >= 7 { XCTAssertEqual(try bytes(one, index), try bytes(range, index), "frame \(index), range 7-23") }
        }
        let renderer = try CairoRenderer(canvasSize: moving(13).size, scale: 1)
        renderer.render(moving(13))
        XCTAssertEqual(try PNGImage(contentsOfFile: four.file("frame-0013.png")), renderer.withPixels { PNGImage($0) })
    }

    /// The Skype scene at half scale: most frames repeat the one before, and the sheet moves
    /// through a few bands while the rest are reused; bytes equal across threads and ranges.
    func testSkypeSceneBytesDoNotDependOnThreadsOrRange() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/skype-action-sheet.yaml").path
        let scene = try SceneDocument.load(path: path)
        func run(_ frames: [Int], threads: Int) throws -> (TemporaryDirectory, ExportStats) {
            let directory = try TemporaryDirectory()
            var player = try Player(scene: scene)
            let options = ExportOptions(directory: directory.path, scale: 0.5, threads: threads)
            let stats = try ExportPipeline(options: options).run(frames: frames) { try player.frame(at: $0, fps: scene.fps) }
            return (directory, stats)
        }
        let all = Array(0..<scene.frameCount(fps: scene.fps))
        let (one, oneStats) = try run(all, threads: 1)
        let (three, threeStats) = try run(all, threads: 3)
        let (range, _) = try run(Array(70..<130), threads: 2)
        print("Skype at scale 0.5: \(oneStats.framesRepeated) of \(oneStats.framesWritten) frames repeated")
        XCTAssertGreaterThan(oneStats.framesRepeated, all.count / 2)
        XCTAssertEqual(threeStats.framesRepeated, oneStats.framesRepeated, "decided in index order")
        for index in all {
            XCTAssertEqual(try bytes(one, index), try bytes(three, index), "frame \(index)")
            if (70..<130).contains(index) { XCTAssertEqual(try bytes(one, index), try bytes(range, index), "frame \(index)") }
        }
    }

    // MARK: - Handing bytes from one worker to another

    private func job(_ index: Int, _ encoding: FrameEncoding?) -> ExportJob {
        ExportJob(index: index, frame: held(index), finalPath: "/out/frame-\(index).png", temporaryPath: "/out/.tmp",
                  encoding: encoding)
    }

    func testARepeatWaitsForTheBytesOfTheFrameItRepeats() throws {
        let slot = EncodedFrameSlot()
        let waited = expectation(description: "the repeat got the bytes")
        Thread {
            XCTAssertEqual(try? RepeatedFrames.bytes(for: self.job(1, .repeatOf(slot))) { XCTFail("drawn"); return [] }, [7, 8, 9])
            waited.fulfill()
        }.start()
        let bytes = try RepeatedFrames.bytes(for: job(0, .encode(publishingTo: slot))) {
            Thread.sleep(forTimeInterval: 0.05)
            return [7, 8, 9]
        }
        XCTAssertEqual(bytes, [7, 8, 9])
        wait(for: [waited], timeout: 5)
    }

    /// The encoding job's failure names its own file, and the repeats waiting for it get it.
    func testARepeatOfAFrameThatFailedFailsWithItsError() throws {
        let slot = EncodedFrameSlot()
        let expected = ExportError.cannotWrite(frame: 3, path: "/out/frame-3.png", reason: "libpng: no luck")
        XCTAssertThrowsError(try RepeatedFrames.bytes(for: job(3, .encode(publishingTo: slot))) {
            throw PNGError.libpng(path: "", message: "no luck")
        }) { XCTAssertEqual($0 as? ExportError, expected) }
        XCTAssertThrowsError(try RepeatedFrames.bytes(for: job(4, .repeatOf(slot))) { [] }) {
            XCTAssertEqual($0 as? ExportError, expected)
        }
        slot.fill(.success([1]))
        XCTAssertThrowsError(try slot.bytes(), "filled once; later fills are ignored")
    }

    func testOnlyTheFrameJustBeforeCountsAndOnlyWhenEnabled() {
        var repeats = RepeatedFrames(enabled: true)
        func kind(_ encoding: FrameEncoding?) -> String {
            switch encoding {
            case .encode?: return "encode"
            case .repeatOf?: return "repeat"
            case .repeatsPrevious?: return "stream repeat"
            case nil: return "plain"
            }
        }
        var kinds = [0, 1, 3, 4, 5].map { kind(repeats.encoding(for: held($0))) }
        repeats.breakChain()
        kinds.append(kind(repeats.encoding(for: held(2))))
        kinds.append(kind(repeats.encoding(for: held(0))))
        XCTAssertEqual(kinds, ["encode", "repeat", "encode", "repeat", "repeat", "encode", "repeat"])

        var off = RepeatedFrames(enabled: false)
        XCTAssertEqual([0, 1].map { kind(off.encoding(for: held($0))) }, ["plain", "plain"])
        var stream = RepeatedFrames(mode: .stream)
        XCTAssertEqual([0, 1, 2, 3].map { kind(stream.encoding(for: held($0))) },
                       ["plain", "stream repeat", "stream repeat", "plain"], "a stream's sink keeps the frame: no slot")
        var options = ExportOptions(directory: "out")
        let modes = OutputFormat.allCases.map { format -> RepeatedFrames.Mode in
            options.format = format
            return RepeatedFrames.mode(for: options)
        }
        XCTAssertEqual(modes, [.files, .stream, .stream, .stream, .stream, .files, .files], "png apng gif mp4 webm svg pdf")
        options.reusesRepeatedFrames = false
        XCTAssertEqual(RepeatedFrames.mode(for: options), .off, "--every-frame")
        var other = held(1)
        other.background = Palette.white
        XCTAssertFalse(held(0).drawsLike(other), "the background is drawn")
        other = held(1)
        other.size = Size(width: 64, height: 49)
        XCTAssertFalse(held(0).drawsLike(other), "so is the size")
    }
}
