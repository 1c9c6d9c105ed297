import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

final class ExportPipelineTests: XCTestCase {
    private struct SourceFailure: Error, Equatable { let index: Int }

    private func export(_ frames: [Int], to directory: String, threads: Int, resume: Bool = false,
                        pattern: String = "frame-%04d.png",
                        source: (Int) throws -> Frame = { SampleFrames.animated($0) },
                        progress: ((Int, Int) -> Void)? = nil) throws -> ExportStats {
        let options = ExportOptions(directory: directory, pattern: pattern, scale: 2, threads: threads, resume: resume)
        return try ExportPipeline(options: options).run(frames: frames, source: source, progress: progress)
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testOutputBytesDoNotDependOnThreadCount() throws {
        let one = try TemporaryDirectory(), two = try TemporaryDirectory(), three = try TemporaryDirectory()
        let four = try TemporaryDirectory()
        let frames = [0, 1, 2, 3, 4, 5]
        let stats = try export(frames, to: one.path, threads: 1)
        _ = try export(frames, to: two.path, threads: 2)
        _ = try export(frames, to: three.path, threads: 3)
        _ = try export(frames, to: four.path, threads: 4)
        let names = frames.map { String(format: "frame-%04d.png", $0) }
        XCTAssertEqual(try one.contents(), names, "only final files, no temporaries")
        XCTAssertEqual(try two.contents(), names)
        for name in names {
            XCTAssertEqual(try bytes(one.file(name)), try bytes(two.file(name)), name)
            XCTAssertEqual(try bytes(one.file(name)), try bytes(three.file(name)), name)
            XCTAssertEqual(try bytes(one.file(name)), try bytes(four.file(name)), name)
        }
        XCTAssertNotEqual(try bytes(one.file(names[0])), try bytes(one.file(names[1])), "frames differ")
        XCTAssertEqual(stats.framesWritten, 6)
        XCTAssertEqual(stats.threads, 1)
        XCTAssertGreaterThan(stats.wallSeconds, 0)
        XCTAssertGreaterThan(stats.drawMilliseconds, 0)
        XCTAssertGreaterThan(stats.encodeMilliseconds, 0)
        XCTAssertGreaterThan(stats.writeMilliseconds, 0)
    }

    func testFilesAreNumberedByRealFrameIndexAndDecodeToTheFrame() throws {
        let directory = try TemporaryDirectory()
        _ = try export([3, 10, 11], to: directory.path, threads: 2, pattern: "shot_%03d.png")
        XCTAssertEqual(try directory.contents(), ["shot_003.png", "shot_010.png", "shot_011.png"])
        let renderer = try CairoRenderer(canvasSize: Size(width: 64, height: 48), scale: 2)
        renderer.render(SampleFrames.animated(10))
        XCTAssertEqual(try PNGImage(contentsOfFile: directory.file("shot_010.png")), renderer.withPixels { PNGImage($0) })
    }

    func testSourceIsCalledInOrderAndProgressReachesTotal() throws {
        let directory = try TemporaryDirectory()
        var calls: [Int] = [], reports: [Int] = []
        let stats = try export(Array(0..<20), to: directory.path, threads: 2,
                               source: { calls.append($0); return SampleFrames.animated($0) },
                               progress: { done, total in XCTAssertEqual(total, 20); reports.append(done) })
        XCTAssertEqual(calls, Array(0..<20))
        XCTAssertEqual(reports.last, 20)
        XCTAssertEqual(reports, reports.sorted(), "progress never goes back")
        XCTAssertEqual(Set(reports).count, reports.count, "each count reported once")
        XCTAssertEqual(stats.framesWritten, 20)
    }

    /// What resume takes for a complete PNG: the signature, anything, an IEND chunk.
    private let sentinel = Data(FrameCompleteness.pngSignature + Array("already rendered".utf8) + FrameCompleteness.pngEnd)

    func testResumeSkipsExistingFilesButStillAdvancesTheSource() throws {
        let directory = try TemporaryDirectory()
        try sentinel.write(to: URL(fileURLWithPath: directory.file("frame-0002.png")))
        // A truncated frame is written again.
        try Data("half a frame".utf8).write(to: URL(fileURLWithPath: directory.file("frame-0003.png")))
        var calls: [Int] = []
        let stats = try export(Array(0..<5), to: directory.path, threads: 2, resume: true,
                               source: { calls.append($0); return SampleFrames.animated($0) })
        XCTAssertEqual(calls, [0, 1, 2, 3, 4])
        XCTAssertEqual(try bytes(directory.file("frame-0002.png")), sentinel, "left alone")
        XCTAssertNil(FrameCompleteness.problem(at: directory.file("frame-0003.png"), format: "png"), "written again")
        XCTAssertEqual(stats.framesSkipped, 1)
        XCTAssertEqual(stats.framesWritten, 4)
        XCTAssertEqual(try directory.contents().count, 5)

        _ = try export(Array(0..<5), to: directory.path, threads: 2, resume: false)
        XCTAssertNotEqual(try bytes(directory.file("frame-0002.png")), sentinel, "without resume, overwritten")
    }

    func testResumedFramesAreOnlyAdvancedWhenASkipIsGiven() throws {
        let directory = try TemporaryDirectory()
        try sentinel.write(to: URL(fileURLWithPath: directory.file("frame-0001.png")))
        var built: [Int] = [], advanced: [Int] = []
        let options = ExportOptions(directory: directory.path, pattern: "frame-%04d.png", scale: 1, threads: 1, resume: true)
        let stats = try ExportPipeline(options: options).run(frames: [0, 1, 2],
                                                             source: { built.append($0); return SampleFrames.animated($0) },
                                                             skip: { advanced.append($0) })
        XCTAssertEqual(built, [0, 2])
        XCTAssertEqual(advanced, [1])
        XCTAssertEqual(stats.framesSkipped, 1)
        XCTAssertEqual(try bytes(directory.file("frame-0001.png")), sentinel)
    }

    func testDirectoryUnderARegularFileThrowsAndWritesNothing() throws {
        let parent = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: parent.file("file")))
        let target = parent.file("file/frames")
        XCTAssertThrowsError(try export([0, 1, 2], to: target, threads: 2)) {
            XCTAssertEqual($0 as? ExportError, .cannotCreateDirectory(path: target, reason: "Not a directory"))
        }
        XCTAssertEqual(try parent.contents(), ["file"])
    }

    func testMissingParentDirectoriesAreCreated() throws {
        let parent = try TemporaryDirectory()
        _ = try export([0], to: parent.file("a/b/c/"), threads: 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.file("a/b/c")), ["frame-0000.png"])
    }

    /// A directory squatting on frame 3's final name makes its rename fail.
    func testFailedRenameStopsNamesTheFileAndLeavesNoTemporaries() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("frame-0003.png"), withIntermediateDirectories: false)
        var calls: [Int] = []
        XCTAssertThrowsError(try export(Array(0..<40), to: directory.path, threads: 2,
                                        source: { calls.append($0); return SampleFrames.animated($0) })) {
            XCTAssertEqual($0 as? ExportError,
                           .cannotWrite(frame: 3, path: directory.file("frame-0003.png"), reason: "Is a directory"))
        }
        XCTAssertLessThan(calls.count, 40, "stopped before simulating everything")
        try assertOnlyCompleteFrames(in: directory, ignoring: ["frame-0003.png"])
    }

    /// The temporary name is a link to /dev/full: every write fails with ENOSPC mid-encode.
    func testFullDiskStopsNamesTheFileAndRemovesTheTemporary() throws {
        let directory = try TemporaryDirectory()
        let temporary = directory.file(Temporaries.name(for: "frame-0002.png"))
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: "/dev/full")
        XCTAssertThrowsError(try export(Array(0..<40), to: directory.path, threads: 2)) {
            XCTAssertEqual($0 as? ExportError, .cannotWrite(frame: 2, path: directory.file("frame-0002.png"),
                                                            reason: "No space left on device"))
            XCTAssertEqual(String(describing: $0),
                           "cannot write frame 2 to \(directory.file("frame-0002.png")): No space left on device")
        }
        XCTAssertFalse(try directory.contents().contains(Temporaries.name(for: "frame-0002.png")))
        XCTAssertFalse(try directory.contents().contains("frame-0002.png"))
        try assertOnlyCompleteFrames(in: directory)
    }

    func testSourceErrorPassesThroughAndStopsTheExport() throws {
        let directory = try TemporaryDirectory()
        var calls: [Int] = []
        XCTAssertThrowsError(try export(Array(0..<40), to: directory.path, threads: 2, source: { index in
            calls.append(index)
            if index == 5 { throw SourceFailure(index: index) }
            return SampleFrames.animated(index)
        })) { XCTAssertEqual($0 as? SourceFailure, SourceFailure(index: 5)) }
        XCTAssertEqual(calls, Array(0...5))
        try assertOnlyCompleteFrames(in: directory)
    }

    func testInvalidRequestsThrowBeforeTouchingTheDisk() throws {
        let parent = try TemporaryDirectory()
        let target = parent.file("out")
        XCTAssertThrowsError(try export([2, 1], to: target, threads: 1)) {
            XCTAssertEqual($0 as? ExportError,
                           .invalidFrames(reason: "frame 1 follows 2; frames must be strictly increasing"))
        }
        XCTAssertThrowsError(try export([1, 1], to: target, threads: 1))
        XCTAssertThrowsError(try export([-1, 0], to: target, threads: 1)) {
            XCTAssertEqual($0 as? ExportError, .invalidFrames(reason: "frame -1 is negative"))
        }
        XCTAssertThrowsError(try export([0], to: target, threads: 0)) {
            XCTAssertEqual($0 as? ExportError, .invalidThreadCount(0))
        }
        XCTAssertThrowsError(try export([0], to: target, threads: 1, pattern: "frame.png")) {
            XCTAssertEqual($0 as? ExportError, .invalidPattern("frame.png", reason: "the pattern needs a %d for the frame number"))
        }
        let noFont = ExportOptions(directory: target, fonts: FontFiles(paths: ["/nonexistent/A.ttf", "/nonexistent/B.ttf"]))
        XCTAssertThrowsError(try ExportPipeline(options: noFont).run(frames: [0], source: { SampleFrames.animated($0) })) {
            XCTAssertEqual($0 as? RenderError, .fontMissing(path: "/nonexistent/A.ttf"))
        }
        XCTAssertEqual(try parent.contents(), [], "nothing created")
    }

    func testEmptyFrameListWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let stats = try export([], to: directory.path, threads: 2)
        XCTAssertEqual(stats.framesWritten, 0)
        XCTAssertEqual(try directory.contents(), [])
    }

    /// Peak resident memory for 600 frames stays within 1.2× that for 60: frames in flight are
    /// bounded. Each frame carries a display list of ~200 KB and a 400×400 surface, so an
    /// unbounded queue would add well over 100 MB.
    func testMemoryDoesNotGrowWithFrameCount() throws {
        let directory = try TemporaryDirectory()
        let size = Size(width: 400, height: 400)
        func run(_ count: Int) throws -> Int {
            resetPeakResidentMemory()
            _ = try export(Array(0..<count), to: directory.path, threads: 2,
                           source: { SampleFrames.heavy($0, count: 500, size: size) })
            return try peakResidentKilobytes()
        }
        _ = try run(10)  // warm up allocators and caches
        let peak60 = try run(60)
        let peak600 = try run(600)
        print("peak RSS: 60 frames \(peak60) kB, 600 frames \(peak600) kB")
        XCTAssertLessThanOrEqual(Double(peak600), 1.2 * Double(peak60))
    }

    // MARK: - Helpers

    /// Every file left is a final frame that decodes; no temporary files remain.
    private func assertOnlyCompleteFrames(in directory: TemporaryDirectory, ignoring: Set<String> = [],
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        for name in try directory.contents() where !ignoring.contains(name) {
            XCTAssertFalse(name.contains(".tmp-"), "temporary file \(name) left behind", file: file, line: line)
            XCTAssertNoThrow(try PNGImage(contentsOfFile: directory.file(name)), name, file: file, line: line)
        }
    }

    /// Writing 5 to /proc/self/clear_refs resets VmHWM (Linux ≥ 4.0); if that is not allowed the
    /// peak only grows, which keeps the comparison valid (the 600-frame run comes last).
    private func resetPeakResidentMemory() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    private func peakResidentKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try XCTUnwrap(Int(line.split(separator: " ").dropFirst().first ?? ""))
    }
}
