import ArgumentParser
import Foundation
import Motion
import Render
import SceneFile

/// `flipbook encode DIR`: a directory of PNG frames (a render, or shards of one) into one
/// APNG, GIF, MP4 or WebM file, with the recipes `render --format` uses. scripts/gif runs it.
struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode a directory of PNG frames into one APNG, GIF, MP4 or WebM file.",
        discussion: """
            Reads exactly the frames the directory's manifests name (every shard's), in frame order, and \
            refuses when one is missing or incomplete (flipbook verify DIR lists them); stray files are \
            ignored. A directory without a manifest: every .png in it (no dot-files), numbers in names \
            compared as numbers. The same ffmpeg recipes as render --format; ffmpeg missing exits 69, \
            ffmpeg failing 74, and nothing is left under the output name.
            """)

    @Argument(help: "The directory of PNG frames.")
    var directory: String

    @Option(name: [.short, .customLong("output")], help: "The file to write (default: DIR.<ext> beside DIR).")
    var output: String?

    @Option(name: .customLong("format"), help: "apng, gif, mp4 or webm (default: from -o's extension, else gif).")
    var formatOption: String?

    @Option(parsing: .unconditional, help: "Frames per second to play at; frames are dropped evenly to reach it (default: the frames' rate; GIF at most 50).")
    var fps: Double?

    @Option(name: .customLong("input-fps"), parsing: .unconditional, help: "The rate the frames were rendered at (default: the manifest's fps, else 60).")
    var inputFPS: Double?

    @Option(parsing: .unconditional, help: "Scale to this many pixels across, keeping the aspect ratio (Lanczos; default: the frames' size).")
    var width: Int?

    @Option(parsing: .unconditional, help: "MP4/WebM constant rate factor, as for render.")
    var crf: Int?

    @Option(help: "MP4/WebM quality: low, medium or high, as for render.")
    var quality: QualityChoice?

    @Option(help: "MP4 only: the colour transparent frames are composited over, #rrggbb (default: #ffffff).")
    var matte: String?

    @Flag(help: "No summary line.")
    var quiet = false

    /// `--format`, else `-o`'s extension, else GIF.
    var format: OutputFormat {
        if let formatOption, let format = OutputFormat(rawValue: formatOption.lowercased()) { return format }
        if let output, let ext = OutputFormat.fileExtension(of: output), let named = OutputFormat(fileExtension: ext),
           !named.writesOneFilePerFrame {
            return named
        }
        return .gif
    }

    func validate() throws {
        let animated = OutputFormat.allCases.filter { !$0.writesOneFilePerFrame }.map(\.rawValue)
        if let formatOption {
            guard let format = OutputFormat(rawValue: formatOption.lowercased()), !format.writesOneFilePerFrame else {
                let hint = closestName(to: formatOption.lowercased(), in: animated).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("--format: encode makes one file: \(animated.joined(separator: ", ")); got '\(formatOption)'\(hint)")
            }
        }
        if let output, let ext = OutputFormat.fileExtension(of: output), OutputFormat(fileExtension: ext) != nil,
           !format.acceptedExtensions.contains(ext) {
            throw ValidationError("-o \(output): a .\(ext) name does not match the format \(format); name the file .\(format.fileExtension)")
        }
        try requirePositive(fps, "--fps")
        try requirePositive(inputFPS, "--input-fps")
        if let width, !(2...32767).contains(width) || (format == .mp4 && width % 2 == 1) {
            throw ValidationError("--width must be a whole number of pixels from 2 to 32767\(format == .mp4 ? ", even for mp4" : ""), got \(width)")
        }
        try checkEncodingOptions(for: format, crf: crf, quality: quality, matte: matte)
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw fail("no such directory: \(directory)", ExitStatus.noInput)
        }
        let (paths, recordedFPS) = try frames()
        let path = output ?? defaultOutput()
        var isDirectoryOutput: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectoryOutput), isDirectoryOutput.boolValue {
            throw fail("cannot write \(path): it is a directory", ExitStatus.cannotCreate)
        }
        let ffmpeg: String
        do { ffmpeg = try FFmpegLocator.locate() } catch { throw fail("\(error)", ExitStatus.unavailable) }
        let options = VideoOptions(path: path, fps: inputFPS ?? recordedFPS ?? 60,
                                   crf: crf ?? quality.flatMap { $0.crf(for: format) } ?? VideoOptions.defaultCRF(for: format),
                                   matte: matte.flatMap { Color(hex: $0) } ?? .white, ffmpeg: ffmpeg, playbackFPS: fps, width: width)
        Resume.removeAbandonedTemporaries(in: FilePath.parent(of: path), quiet: quiet)   // a killed encode's file
        let interruption = Interruption()
        do {
            try ImageSequenceEncoder(format: format, options: options).run(paths: paths, check: { try interruption.check() })
        } catch let error as Interruption.Interrupted {
            throw fail("interrupted by signal \(error.signal); nothing was written to \(path)", 130)
        } catch let error as VideoExportError {
            do { try interruption.check() } catch let signal as Interruption.Interrupted {
                throw fail("interrupted by signal \(signal.signal); nothing was written to \(path)", 130)
            }
            throw fail("\(error)", animationExitStatus(for: error))
        } catch {
            throw fail("\(error); nothing was written to \(path)", ExitStatus.dataError)
        }
        if !quiet { print("encoded \(paths.count) frame\(paths.count == 1 ? "" : "s") -> \(path)") }
    }

    /// The frame files to read and the rate the manifest records (nil without one).
    private func frames() throws -> (paths: [String], fps: Double?) {
        guard !ManifestSet(directory: directory).isEmpty else {
            let files = try FrameFiles(directory: directory)
            guard !files.names.isEmpty else { throw fail("no PNG frames in \(directory)", ExitStatus.noInput) }
            return (files.names.map(files.path), nil)
        }
        let verification = DirectoryVerification(directory: directory)
        guard let reference = verification.reference.first?.manifest, let range = verification.expected else {
            throw fail("\(directory): " + verification.lines(limit: 5).joined(separator: "; "), ExitStatus.noInput)
        }
        guard OutputFormat(rawValue: reference.format) == .png else {
            throw fail("\(directory) holds \(reference.format) frames; encode reads PNG frames", ExitStatus.usage)
        }
        let names: FrameNamePattern
        do { names = try FrameNamePattern(reference.pattern) } catch {
            let manifest = verification.reference.first?.name ?? Manifest.fileName
            throw fail("\((directory as NSString).appendingPathComponent(manifest)): pattern: \(error)", ExitStatus.dataError)
        }
        let expected = Set(range.map(names.fileName(for:)))
        if let wrong = verification.wrongSize.first {
            throw fail("\((directory as NSString).appendingPathComponent(wrong.name)) is \(wrong.width)×\(wrong.height) pixels, not the size of the "
                       + "render's other frames (flipbook verify \(directory) lists every such frame)", ExitStatus.dataError)
        }
        // Stray files outside the frames do not matter: only the frames are read.
        let complete = verification.manifestProblems.isEmpty && verification.missing.isEmpty && verification.truncated.isEmpty
            && !verification.foreign.contains { expected.contains($0.name) }
        guard complete else {
            throw fail("\(directory) is not a complete render (flipbook verify \(directory) lists everything): "
                       + verification.lines(limit: 3).prefix(6).joined(separator: "; "), ExitStatus.noInput)
        }
        return (range.map { (directory as NSString).appendingPathComponent(names.fileName(for: $0)) }, reference.fps)
    }

    /// DIR.<ext> beside DIR: out/demo → out/demo.gif.
    private func defaultOutput() -> String {
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "." || trimmed == ".." || FilePath.lastComponent(of: trimmed).isEmpty {
            trimmed = FileManager.default.currentDirectoryPath
        }
        return trimmed + "." + format.fileExtension
    }
}
