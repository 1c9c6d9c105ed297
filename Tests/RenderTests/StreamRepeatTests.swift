import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// Repeated frames in one ffmpeg stream (APNG, GIF, MP4, WebM): neither drawn nor converted
/// again — the sink sends the packed frame it kept — with files byte-identical to drawing every
/// frame, for any thread count; and the worker of a repeat never waits for its turn.
final class StreamRepeatTests: XCTestCase {
    private var ffmpeg: String { (try? FFmpegLocator.locate()) ?? "/usr/bin/ffmpeg" }

    /// Frame i draws like `SampleFrames.animated(i / 3)`: frames 1, 2, 4, 5, … repeat the one
    /// before (their index and time still differ).
    private func held(_ index: Int, opaque: Bool) -> Frame {
        var frame = SampleFrames.animated(index / 3, opaque: opaque)
        frame.index = index
        frame.time = Double(index) / 60
        return frame
    }

    private func export(_ format: OutputFormat, to path: String, threads: Int, reuse: Bool, opaque: Bool = true,
                        frames: [Int] = Array(0..<12)) throws -> ExportStats {
        let video = VideoOptions(path: path, fps: 30, matte: Palette.white, ffmpeg: ffmpeg)
        var options = ExportOptions(directory: FilePath.parent(of: path), scale: 2, threads: threads, format: format, video: video)
        options.reusesRepeatedFrames = reuse
        return try ExportPipeline(options: options).run(frames: frames) { self.held($0, opaque: opaque) }
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The MP4 (x264 on one thread) is the same file for 1, 2 and 3 workers, with repeats sent
    /// again and with every frame drawn (`--every-frame`).
    func testMP4BytesDoNotDependOnThreadsOrOnReusingRepeats() throws {
        try MediaProbe.requireFFmpeg()
        let directory = try TemporaryDirectory()
        let drawn = directory.file("every.mp4")
        let everyStats = try export(.mp4, to: drawn, threads: 2, reuse: false)
        XCTAssertEqual(everyStats.framesRepeated, 0)
        for threads in [1, 2, 3] {
            let path = directory.file("reuse-\(threads).mp4")
            let stats = try export(.mp4, to: path, threads: threads, reuse: true)
            XCTAssertEqual(stats.framesWritten, 12, "\(threads) threads")
            XCTAssertEqual(stats.framesRepeated, 8, "\(threads) threads: frames 1, 2, 4, 5, 7, 8, 10, 11")
            XCTAssertTrue(try bytes(path) == bytes(drawn), "\(threads) threads: the same MP4 as drawing every frame")
        }
        XCTAssertEqual(try MediaProbe(drawn).frames, 12)
    }

    /// APNG, GIF (two passes, both reusing) and WebM, opaque and transparent (`rgba` packing).
    func testEveryStreamFormatGivesTheSameFileWithRepeatsSentAgain() throws {
        try MediaProbe.requireFFmpeg()
        let directory = try TemporaryDirectory()
        for format in [OutputFormat.apng, .gif, .webm] {
            for opaque in [true, false] {
                let name = "\(opaque ? "opaque" : "clear").\(format.fileExtension)"
                let every = directory.file("every-" + name), reused = directory.file("reused-" + name)
                _ = try export(format, to: every, threads: 1, reuse: false, opaque: opaque)
                let stats = try export(format, to: reused, threads: 3, reuse: true, opaque: opaque)
                XCTAssertEqual(stats.framesRepeated, 8, "\(format), opaque: \(opaque)")
                XCTAssertTrue(try bytes(every) == bytes(reused), "\(format), opaque: \(opaque)")
            }
        }
    }

    /// A range that starts on a repeat draws its first frame.
    func testARangeStartingOnARepeatDrawsItsFirstFrame() throws {
        try MediaProbe.requireFFmpeg()
        let directory = try TemporaryDirectory()
        let every = directory.file("every.mp4"), reused = directory.file("reused.mp4")
        _ = try export(.mp4, to: every, threads: 1, reuse: false, frames: Array(4..<12))
        let stats = try export(.mp4, to: reused, threads: 2, reuse: true, frames: Array(4..<12))
        XCTAssertEqual(stats.framesRepeated, 5, "5, 7, 8, 10, 11; frame 4 starts the range")
        XCTAssertTrue(try bytes(every) == bytes(reused))
    }

    // MARK: - The sink

    /// A stand-in ffmpeg that copies what it reads to the output file (the last argument).
    private func catFFmpeg(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("cat-ffmpeg")
        try "#!/bin/sh\nfor last in \"$@\"; do :; done\ncat <&3 >\"$last\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// Repeats registered before their turn return at once, and the worker that sends the frame
    /// before them sends them, in order; a repeat whose turn it is is sent by its own caller.
    func testRepeatsNeverWaitAndAreSentInOrderAfterTheFrameTheyRepeat() throws {
        let directory = try TemporaryDirectory()
        let output = directory.file("out.raw"), temporary = directory.file("out.tmp")
        let sink = FFmpegSink(executable: try catFFmpeg(in: directory), finalPath: output,
                              temporaryPath: temporary, order: [3, 4, 5, 6, 7, 8]) { _ in [temporary] }
        // Frames of 2 × 2 pixels: bgr0, 16 bytes each.
        let layout = RawFrameLayout(format: .apng, width: 2, height: 2, transparent: false)
        func frame(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: layout.frameBytes) }

        // On this one thread: neither call may wait for frame 3.
        try sink.writeRepeat(index: 5)
        try sink.writeRepeat(index: 4)
        var buffer = frame(0xA)
        try sink.write(index: 3, layout: layout, frame: &buffer)   // sends 3, then 4 and 5
        XCTAssertEqual(buffer, [], "the sink keeps frame 3 and hands back what it kept before")
        try sink.writeRepeat(index: 7)                              // frame 6 is not sent yet
        buffer = frame(0xB)
        try sink.write(index: 6, layout: layout, frame: &buffer)    // sends 6, then 7
        XCTAssertEqual(buffer, frame(0xA), "frame 3's buffer comes back for reuse")
        try sink.writeRepeat(index: 8)                              // its turn: sent by this call
        try sink.finish()

        let expected = [0xA, 0xA, 0xA, 0xB, 0xB, 0xB].flatMap { frame(UInt8($0)) }
        XCTAssertEqual([UInt8](try bytes(output)), expected)
    }

    func testARepeatAfterAFailureThrowsIt() throws {
        let directory = try TemporaryDirectory()
        let sink = FFmpegSink(executable: directory.file("missing"), finalPath: directory.file("a.mp4"),
                              temporaryPath: directory.file("a.tmp"), order: [0, 1]) { _ in [] }
        var buffer = [UInt8](repeating: 0, count: 16)
        let layout = RawFrameLayout(format: .apng, width: 2, height: 2, transparent: false)
        XCTAssertThrowsError(try sink.write(index: 0, layout: layout, frame: &buffer))
        XCTAssertThrowsError(try sink.writeRepeat(index: 1)) { error in
            XCTAssertEqual(error as? VideoExportError, .ffmpegMissing(searched: directory.file("missing")))
        }
    }
}
