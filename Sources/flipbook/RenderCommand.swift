import ArgumentParser
import Foundation
import Motion
import Render
import Scene
import SceneFile

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene's frames to PNG, SVG or PDF files, or to an APNG, GIF, MP4 or WebM file.",
        discussion: """
            Frames are named by their real index (frame-0000.png, ...) and each is written to a \
            temporary name and renamed, so an interrupted render leaves only complete frames; \
            --resume skips those. A summary line ends the run.
            """)

    @Argument(help: "The scene file (YAML or JSON).")
    var scene: String

    @Option(name: [.short, .customLong("output")], help: "Output directory for png, svg and pdf frames (default: out/<scene name>); the file for apng, gif, mp4 and webm (default: out/<scene name>.<ext>).")
    var output: String?

    @Option(name: .customLong("format"), help: "png, apng, gif, mp4, webm, svg, pdf or html (default: from -o's extension when it is .apng, .gif, .mp4, .webm or .html, else png). html: one self-contained page that plays the frames (docs/studio.md).")
    var formatOption: String?

    @Option(parsing: .unconditional, help: "MP4/WebM constant rate factor, lower is better and bigger: MP4 (x264) 0-51, default 18; WebM (VP9) 0-63, default 24.")
    var crf: Int?

    @Option(help: "MP4/WebM quality: low, medium or high (CRF 28, 23, 18 for MP4; 40, 32, 24 for WebM). Default: high.")
    var quality: QualityChoice?

    @Option(help: "MP4 only (it has no alpha): the colour a transparent canvas is composited over, #rrggbb (default: #ffffff).")
    var matte: String?

    @Option(parsing: .unconditional, help: "Frames per second (default: the scene's canvas.fps).")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Pixels per point (default: the scene's canvas.scale).")
    var scale: Double?

    @Option(help: "Frames to render: A-B, A- (to the end) or N (default: all).")
    var frames: FrameRange?

    @Option(name: .customLong("threads"), parsing: .unconditional, help: "Worker threads that draw and encode (default: the number of cores, at most 64).")
    var threadOption: Int?

    /// `--threads`, or the number of cores.
    var threads: Int { threadOption ?? min(ProcessInfo.processInfo.activeProcessorCount, Self.maximumThreads) }

    @Option(name: .customLong("pattern"), help: "File-name pattern with one %d, numbered by frame index (default: frame-%04d.png, .svg or .pdf).")
    var patternOption: String?

    @Option(parsing: .unconditional, help: "Seconds to render instead of the scene's duration.")
    var duration: Double?

    @Option(name: .customLong("compression"), help: "PNG compression: fast (level 1 with flipbook's own deflate, no filter; the default) or small (zlib level 9, adaptive filters). PNG frames only.")
    var compressionOption: CompressionChoice?
    var compression: CompressionChoice { compressionOption ?? .fast }

    @Option(help: "Render only part I of N (1-based) of the selected frames, as contiguous blocks, to split a render across machines; auto or auto/N reads I (and N) from Slurm, Kubernetes, AWS Batch or GNU Parallel (docs/farm.md).")
    var shard: ShardSpecification?

    @Flag(help: "Keep the complete frames already there and render the rest; refuses when the directory's manifests record another scene, fps, scale, size, pattern or format.")
    var resume = false

    @Flag(help: "No progress bar and no summary line.")
    var quiet = false

    @Option(name: .customLong("progress"), help: "Progress on standard error: auto (a bar on a terminal), bar, json (one object a line: frame, done, total, fps, eta in seconds) or none.")
    var progressMode: ProgressMode = .auto

    @Flag(help: "Print per-stage timings and peak memory to standard error (for scripts/bench).")
    var timings = false

    @Flag(help: "Draw and encode every frame, even one identical to the frame before (which is otherwise copied); the files are the same. For benchmarks.")
    var everyFrame = false

    @Flag(help: "html only: embed each frame as a PNG instead of an H.264 video (bigger, exact pixels).")
    var lossless = false

    @Flag(help: "svg only: embed each image file in every frame that draws it, instead of referring to the one copy written to images/SHA256.EXT beside the frames (the default). PDF frames always embed their images, a JPEG unchanged.")
    var embedImages = false

    @Flag(help: "Draw each scripted finger as a translucent circle where it touches, as the iOS Simulator's Show Touches does, so a video of a gesture shows the gesture.")
    var showTouches = false

    func validate() throws {
        try requirePositive(fps, "--fps")
        try requirePositive(scale, "--scale")
        try requirePositive(duration, "--duration")
        if let duration, duration > SceneDocument.maximumDuration {
            throw ValidationError("--duration may be at most \(SceneDocument.maximumDuration.shortestText) s (a day), got \(duration.shortestText)")
        }
        if !(1...Self.maximumThreads).contains(threads) {
            throw ValidationError("--threads must be between 1 and \(Self.maximumThreads), got \(threads)")
        }
        if embedImages, writesHTML || format != .svg {
            throw ValidationError("--embed-images applies to svg frames, not \(writesHTML ? "html" : format.rawValue)"
                                  + (format == .pdf && !writesHTML ? " (a PDF frame always embeds its images)" : ""))
        }
        if writesHTML { return try validateHTML() }
        if lossless { throw ValidationError("--lossless applies to --format html") }
        do { _ = try FrameNamePattern(pattern) } catch { throw ValidationError("--pattern: \(error)") }
        try validateFormat()
    }

    /// More threads than this only costs memory: each holds a frame-sized surface.
    static let maximumThreads = 64
    /// The surfaces of all workers together may use at most this much memory.
    static let maximumSurfaceBytes = 2 * 1024 * 1024 * 1024

    func run() throws {
        if writesHTML { return try runHTML() }
        FontFiles.pinned.prepareInBackground()
        // --duration replaces the file's before the scene is checked: an event past it is a
        // located error, and nothing (no directory, no manifest) is written.
        var scene = try loadScene(self.scene, duration: duration)
        if let duration { scene.duration = duration }   // already so, unless it makes too many frames (exit 64 below)
        let fps = self.fps ?? scene.fps
        let scale = self.scale ?? scene.scale
        let pixels = SceneDocument.checkFrameSize(scene.size, scale: scale)
        if let problem = pixels.problem {
            throw fail("--scale \(scale.shortestText): \(problem)", ExitStatus.usage)
        }
        if pixels.width * pixels.height * 4 * threads > Self.maximumSurfaceBytes {
            throw fail("--threads \(threads): \(threads) frames of \(pixels.width)×\(pixels.height) pixels need more than "
                       + "\(Self.maximumSurfaceBytes >> 30) GiB; use fewer threads", ExitStatus.usage)
        }
        let shard = try self.shard?.resolve(environment: ProcessInfo.processInfo.environment)
        let indices = try frameIndices(scene: scene, fps: fps, frames: frames, shard: shard)
        guard !indices.isEmpty else { return try noteEmptyShard(shard, scene: scene, fps: fps) }
        do { try FontFiles.pinned.checkPresent() } catch {
            throw fail("\(error)", ExitStatus.osFile)
        }
        let images = try decodeImages(scene)
        let animation = try animationOptions(sceneName: scene.name, fps: fps)
        let directory = animation?.directory ?? output ?? "out/\(scene.name)"
        let manifest = animation != nil ? nil : try checkedManifest(scene: scene, fps: fps, scale: scale, frames: indices, shard: shard,
                                                                     directory: directory, format: format.rawValue, images: images)
        try prepare(directory: directory)
        if let manifest { try begin(manifest, frames: indices, in: directory) }

        var options = ExportOptions(directory: directory, pattern: pattern, scale: scale, png: compression.options,
                                    threads: threads, resume: resume, format: format, video: animation)
        options.reusesRepeatedFrames = !everyFrame
        options.embedsImages = embedImages
        var player = try makePlayer(scene)
        player.showsTouches = showTouches
        var progress = ProgressBar(mode: progressMode, quiet: quiet, frames: indices)
        let interruption = Interruption()
        let stats: ExportStats
        do {
            stats = try ExportPipeline(options: options, images: images).run(frames: indices, source: { index in
                try interruption.check()
                return try player.frame(at: index, fps: fps)
            }, skip: { index in
                try interruption.check()
                do { try player.advance(to: Double(index) / fps) } catch let error as SceneRuntimeError { throw error.at(frame: index) }
            }, progress: { done, total in progress.update(done: done, total: total) })
        } catch let error as SceneRuntimeError {
            progress.finish()
            throw fail("\(error); " + (animation.map { "nothing was written to \($0.path)" } ?? "the frames before it are written"),
                       ExitStatus.dataError)
        } catch {
            progress.finish()
            // A signal ends ffmpeg (ChildProcesses.killAll), which the export then sees fail:
            // report the interruption, not the killed ffmpeg.
            let reported: Error
            do { try interruption.check(); reported = error } catch { reported = error }
            throw fail(failureText(reported, animation: animation), exportExitStatus(for: reported))
        }
        progress.finish()

        if !quiet {
            func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
            let skipped = stats.framesSkipped > 0 ? " (\(stats.framesSkipped) already there)" : ""
            print("rendered \(count(stats.framesWritten, "frame"))\(skipped) in \(String(format: "%.2f", stats.wallSeconds)) s, "
                  + "\(String(format: "%.1f", stats.framesPerSecond)) frames/s, \(count(stats.threads, "thread")) -> \(animation?.path ?? directory + "/")")
        }
        fflush(stdout)
        if timings { printTimings(stats, imagesDecoded: images.count) }
    }

    /// Creates the output directory and proves it is writable before any frame is simulated.
    private func prepare(directory: String) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw fail("cannot use \(directory) as the output directory: it is a file", ExitStatus.cannotCreate)
        }
        if let problem = makeDirectories(directory) {
            throw fail("cannot create output directory \(directory): \(problem)", ExitStatus.cannotCreate)
        }
        let probe = "\(directory)/.flipbook-probe-\(getpid())"
        guard manager.createFile(atPath: probe, contents: Data()) else {
            throw fail("cannot write into the output directory \(directory): \(String(cString: strerror(errno)))", ExitStatus.cannotCreate)
        }
        try? manager.removeItem(atPath: probe)
        // What a killed render of this host left (a frame or a truncated, playable video under
        // its temporary name) goes now, whatever the format and with or without --resume.
        Resume.removeAbandonedTemporaries(in: directory, quiet: quiet)
        Resume.removeAbandonedTemporaries(in: (directory as NSString).appendingPathComponent(SharedImageFiles.directoryName), quiet: quiet)
    }

    private func printTimings(_ stats: ExportStats, imagesDecoded: Int) {
        let n = Double(max(stats.framesWritten, 1))
        func ms(_ total: Double) -> String { String(format: "%.2fms", total / n) }
        let line = "timings: frames=\(stats.framesWritten) repeated=\(stats.framesRepeated) threads=\(stats.threads) wall=\(String(format: "%.3f", stats.wallSeconds))s "
            + "fps=\(String(format: "%.1f", stats.framesPerSecond)) simulate=\(ms(stats.simulateMilliseconds)) "
            + "draw=\(ms(stats.drawMilliseconds)) encode=\(ms(stats.encodeMilliseconds)) write=\(ms(stats.writeMilliseconds)) "
            + "imagesDecoded=\(imagesDecoded) peakRSS=\(peakResidentKiB())KiB\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

enum CompressionChoice: String, ExpressibleByArgument, CaseIterable {
    case fast, small
    var options: PNGOptions { self == .fast ? .fast : .smallFiles }
}

/// The exit code for an export failure: 73 when the output cannot be created, 74 for I/O,
/// 72 when the pinned font is missing, 130 when interrupted.
func exportExitStatus(for error: Error) -> Int32 {
    switch error {
    case is Interruption.Interrupted: return 130
    case is SceneRuntimeError: return ExitStatus.dataError
    case RenderError.fontMissing, RenderError.fontUnreadable: return ExitStatus.osFile
    case ExportError.cannotCreateDirectory: return ExitStatus.cannotCreate
    case ExportError.cannotWrite: return ExitStatus.ioError
    case let error as VideoExportError: return animationExitStatus(for: error)
    default: return ExitStatus.ioError
    }
}

/// `mkdir -p`, returning the OS's reason on failure (nil on success).
func makeDirectories(_ path: String) -> String? {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        return isDirectory.boolValue ? nil : "a file is in the way"
    }
    let parent = FilePath.parent(of: path)
    if !parent.isEmpty, parent != path, let problem = makeDirectories(parent) { return problem }
    if mkdir(path, 0o777) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
    return nil
}

/// Peak resident memory of this process (VmHWM), in KiB; 0 if unknown.
func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}
