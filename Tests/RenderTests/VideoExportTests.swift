import Foundation
import Motion
@testable import Render
import XCTest

/// APNG, GIF, MP4 and WebM through `ExportPipeline`: what ffmpeg makes of the frames, that the
/// bytes depend only on the frames and options, and that a failure leaves nothing behind.
final class VideoExportTests: XCTestCase {
    private var ffmpeg: String { (try? FFmpegLocator.locate()) ?? "/usr/bin/ffmpeg" }

    /// Exports frames 0..<count of `SampleFrames.animated` at 2× into `name` in `directory`.
    @discardableResult
    private func export(_ format: OutputFormat, to directory: TemporaryDirectory, name: String, count: Int = 12,
                        threads: Int = 2, fps: Double = 30, opaque: Bool = true, size: Size = Size(width: 64, height: 48),
                        executable: String? = nil, crf: Int? = nil) throws -> ExportStats {
        let video = VideoOptions(path: directory.file(name), fps: fps, crf: crf, matte: Palette.white, ffmpeg: executable ?? ffmpeg)
        let options = ExportOptions(directory: directory.path, scale: 2, threads: threads, format: format, video: video)
        return try ExportPipeline(options: options).run(frames: Array(0..<count)) {
            SampleFrames.animated($0, size: size, opaque: opaque)
        }
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testEachFormatIsWhatFFprobeSays() throws {
        try MediaProbe.requireFFmpeg()
        let directory = try TemporaryDirectory()
        let expected: [(OutputFormat, String, String)] = [(.apng, "apng", "rgb24"), (.gif, "gif", "bgra"),
                                                         (.mp4, "h264", "yuv420p"), (.webm, "vp9", "yuv420p")]
        for (format, codec, pixelFormat) in expected {
            let stats = try export(format, to: directory, name: "a.\(format.fileExtension)")
            let probe = try MediaProbe(directory.file("a.\(format.fileExtension)"))
            XCTAssertEqual(probe.codec, codec, "\(format)")
            XCTAssertEqual(probe.pixelFormat, pixelFormat, "\(format)")
            XCTAssertEqual([probe.width, probe.height], [128, 96], "\(format): the frame size at scale 2")
            XCTAssertEqual(probe.frames, 12, "\(format)")
            XCTAssertEqual(stats.framesWritten, 12, "\(format)")
        }
        XCTAssertEqual(try directory.contents(), ["a.gif", "a.mp4", "a.png", "a.webm"], "no temporaries or palettes left")
        let mp4 = try MediaProbe(directory.file("a.mp4"))
        XCTAssertEqual(mp4.fields["color_space"], "bt709")
        XCTAssertEqual(mp4.fields["color_range"], "tv")
    }

    func testSameFramesGiveSameBytesWhateverTheThreadCount() throws {
        try MediaProbe.requireFFmpeg()
        let one = try TemporaryDirectory(), three = try TemporaryDirectory()
        for format in [OutputFormat.apng, .gif, .mp4, .webm] {
            let name = "a.\(format.fileExtension)"
            try export(format, to: one, name: name, threads: 1)
            try export(format, to: three, name: name, threads: 3)
            XCTAssertTrue(try bytes(one.file(name)) == bytes(three.file(name)), "\(format): 1 vs 3 threads, a second run")
        }
    }

    func testNoVersionStringsOrDatesInTheFiles() throws {
        try MediaProbe.requireFFmpeg()
        let directory = try TemporaryDirectory()
        for format in [OutputFormat.mp4, .webm] {
            try export(format, to: directory, name: "a.\(format.fileExtension)")
            let text = String(decoding: try bytes(directory.file("a.\(format.fileExtension)")), as: UTF8.self)
            XCTAssertFalse(text.contains("x264 - core"), "\(format): x264's settings SEI is removed")
            XCTAssertNil(text.range(of: #"Lav[fc]\d"#, options: .regularExpression), "\(format): no libav versions")
        }
    }

    func testMP4HasEvenDimensionsAndCompositesTransparencyOverTheMatte() throws {
        try MediaProbe.requireFFmpeg()
        let directory = try TemporaryDirectory()
        // 33 × 21 points at scale 2 is 66 × 42: even; 32.5 × 20.5 is 65 × 41: padded to 66 × 42.
        try export(.mp4, to: directory, name: "odd.mp4", opaque: false, size: Size(width: 32.5, height: 20.5))
        let probe = try MediaProbe(directory.file("odd.mp4"))
        XCTAssertEqual([probe.width, probe.height], [66, 42])
        let pixels = try MediaProbe.firstFrameRGBA(directory.file("odd.mp4"))
        // The bottom-right corner is transparent in the frame: white matte (limited-range
        // round trip: within 3).
        let corner = (41 * 66 + 65) * 4
        for channel in 0..<3 { XCTAssertGreaterThanOrEqual(pixels[corner + channel], 252) }
    }

    func testTransparentCanvasKeepsAlphaInWebMAPNGAndGIF() throws {
        try MediaProbe.requireFFmpeg()
        let directory = try TemporaryDirectory()
        for format in [OutputFormat.webm, .apng, .gif] {
            try export(format, to: directory, name: "t.\(format.fileExtension)", count: 3, opaque: false)
        }
        XCTAssertEqual(try MediaProbe(directory.file("t.webm")).fields["tags_alpha_mode"], "1")
        XCTAssertEqual(try MediaProbe(directory.file("t.png")).pixelFormat, "rgba")
        // The bottom-right pixel is transparent, the rectangle's (opacity 0.8) is not.
        let webm = try MediaProbe.firstFrameRGBA(directory.file("t.webm"), decoder: "libvpx-vp9")
        let apng = try MediaProbe.firstFrameRGBA(directory.file("t.png"))
        let gif = try MediaProbe.firstFrameRGBA(directory.file("t.gif"))
        let corner = (95 * 128 + 127) * 4 + 3, rectangle = (15 * 128 + 20) * 4 + 3
        for (name, pixels) in [("webm", webm), ("apng", apng), ("gif", gif)] {
            XCTAssertEqual(pixels[corner], 0, name)
            XCTAssertGreaterThan(pixels[rectangle], 150, name)
        }
        XCTAssertEqual(apng[rectangle], 204, "APNG keeps alpha exactly (0.8 × 255)")
        XCTAssertEqual(gif[rectangle], 255, "GIF has 1-bit alpha")
    }

    func testGIFPlaysAtMostFiftyFramesPerSecond() throws {
        try MediaProbe.requireFFmpeg()
        let directory = try TemporaryDirectory()
        try export(.gif, to: directory, name: "fast.gif", count: 60, fps: 60)
        try export(.gif, to: directory, name: "slow.gif", count: 20, fps: 20)
        XCTAssertEqual(try MediaProbe(directory.file("fast.gif")).frames, 50, "one second at 60 fps: 50 frames, dropped evenly")
        XCTAssertEqual(try MediaProbe(directory.file("slow.gif")).frames, 20, "at 20 fps nothing is dropped")
    }

    func testMissingFFmpegThrowsAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        XCTAssertThrowsError(try export(.mp4, to: directory, name: "a.mp4", executable: directory.file("no-ffmpeg"))) { error in
            XCTAssertEqual(error as? VideoExportError, .ffmpegMissing(searched: directory.file("no-ffmpeg")))
        }
        XCTAssertEqual(try directory.contents(), [])
        XCTAssertThrowsError(try FFmpegLocator.locate(environment: ["PATH": directory.path])) { error in
            XCTAssertEqual(error as? VideoExportError, .ffmpegMissing(searched: "ffmpeg on PATH=\(directory.path)"))
        }
        XCTAssertThrowsError(try FFmpegLocator.locate(environment: ["FLIPBOOK_FFMPEG": "/nonexistent", "PATH": "/usr/bin"]))
    }

    /// A stand-in ffmpeg that reads `bytes` bytes of frames, says why it gives up and exits 1.
    private func failingFFmpeg(in directory: TemporaryDirectory, after bytes: Int) throws -> String {
        let path = directory.file("fake-ffmpeg")
        try "#!/bin/sh\nhead -c \(bytes) <&3 >/dev/null\necho 'first line' >&2\necho 'pipe:3: Invalid data found' >&2\nexit 1\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func testFFmpegFailingMidWriteReportsItsLastLineAndLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        // 40 frames of 1000 × 800 pixels (3.2 MB each as bgr0) overflow any pipe buffer:
        // ffmpeg exits while frames are still being written.
        let fake = try failingFFmpeg(in: directory, after: 100_000)
        for format in [OutputFormat.mp4, .gif, .webm] {
            XCTAssertThrowsError(try export(format, to: directory, name: "a.\(format.fileExtension)", count: 40,
                                            size: Size(width: 500, height: 400), executable: fake)) { error in
                XCTAssertEqual(error as? VideoExportError,
                               .ffmpegFailed(path: directory.file("a.\(format.fileExtension)"), status: 1,
                                             lastLine: "pipe:3: Invalid data found"), "\(format)")
            }
            XCTAssertEqual(try directory.contents(), ["fake-ffmpeg"], "\(format): no partial file, no temporaries")
        }
    }

    func testFFmpegFailingAtTheEndLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let fake = try failingFFmpeg(in: directory, after: 100_000_000)  // reads everything, then fails
        XCTAssertThrowsError(try export(.apng, to: directory, name: "a.png", count: 3, executable: fake)) { error in
            XCTAssertEqual(error as? VideoExportError,
                           .ffmpegFailed(path: directory.file("a.png"), status: 1, lastLine: "pipe:3: Invalid data found"))
        }
        XCTAssertEqual(try directory.contents(), ["fake-ffmpeg"])
    }

    func testASourceThatFailsLeavesNoVideo() throws {
        try MediaProbe.requireFFmpeg()
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        let video = VideoOptions(path: directory.file("a.mp4"), fps: 30, ffmpeg: ffmpeg)
        let options = ExportOptions(directory: directory.path, scale: 1, threads: 2, format: .mp4, video: video)
        XCTAssertThrowsError(try ExportPipeline(options: options).run(frames: Array(0..<30)) { index in
            if index == 20 { throw Stop() }
            return SampleFrames.animated(index)
        }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(try directory.contents(), [])
    }

    func testResumingAnAnimatedFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let video = VideoOptions(path: directory.file("a.gif"), fps: 30, ffmpeg: ffmpeg)
        let options = ExportOptions(directory: directory.path, resume: true, format: .gif, video: video)
        XCTAssertThrowsError(try ExportPipeline(options: options).run(frames: [0]) { SampleFrames.animated($0) }) { error in
            guard case .unsupported = error as? VideoExportError else { return XCTFail("\(error)") }
        }
    }

    func testArgumentsPinThreadsAndStripMetadata() {
        let layout = RawFrameLayout(format: .mp4, width: 65, height: 41, transparent: false)
        let video = VideoOptions(path: "x", fps: 60, crf: 20, ffmpeg: "ffmpeg")
        for format in [OutputFormat.apng, .gif, .mp4, .webm] {
            let arguments = FFmpegArguments.encode(format, layout: layout, options: video, output: "out", palette: "p.png")
            let text = arguments.joined(separator: " ")
            for required in ["-threads 1", "-filter_threads 1", "-filter_complex_threads 1", "-fflags +bitexact",
                             "-flags:v +bitexact", "-map_metadata -1", "-i pipe:3", "-framerate 60"] {
                XCTAssertTrue(text.contains(required), "\(format): \(required) in \(text)")
            }
        }
        let mp4 = FFmpegArguments.encode(.mp4, layout: layout, options: video, output: "out").joined(separator: " ")
        for required in ["-preset veryfast", "-crf 20", "-movflags +faststart", "-pix_fmt yuv420p -video_size 66x42",
                         "threads=1:lookahead-threads=1"] {
            XCTAssertTrue(mp4.contains(required), required)
        }
        let webm = FFmpegArguments.encode(.webm, layout: layout, options: VideoOptions(path: "x", fps: 60, ffmpeg: "f"),
                                          output: "out").joined(separator: " ")
        XCTAssertTrue(webm.contains("-crf 24 -b:v 0"), "the default CRF")
        XCTAssertTrue(webm.contains("-row-mt 0 -tile-columns 0 -frame-parallel 0"))
        let palette = FFmpegArguments.palette(layout: layout, options: video, output: "p.png").joined(separator: " ")
        XCTAssertTrue(palette.contains("fps=fps=50:round=near,palettegen=stats_mode=diff"), palette)
        let gif = FFmpegArguments.encode(.gif, layout: layout, options: video, output: "o", palette: "p.png").joined(separator: " ")
        XCTAssertTrue(gif.contains("paletteuse=dither=bayer:bayer_scale=3:diff_mode=rectangle"), gif)
    }
}
