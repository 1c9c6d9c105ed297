import ArgumentParser
import Foundation
import Motion
import Render
import SceneFile

/// `render --format` and what goes with it: the format inferred from `-o` or `--pattern`, the
/// checks that the names agree with it, and the options of the animated formats.
extension RenderCommand {
    /// `--format`; without it, the format `-o`'s extension names when it is an animated one
    /// (`-o x.mp4`), else the per-frame format `--pattern`'s extension names, else PNG.
    var format: OutputFormat {
        if let formatOption { return OutputFormat(rawValue: formatOption.lowercased()) ?? .png }
        if let output, let ext = OutputFormat.fileExtension(of: output), let named = OutputFormat(fileExtension: ext),
           !named.writesOneFilePerFrame {
            return named
        }
        if let patternOption, let ext = OutputFormat.fileExtension(of: patternOption),
           let named = OutputFormat(fileExtension: ext), named.writesOneFilePerFrame {
            return named
        }
        return .png
    }

    /// `--pattern`, or `frame-%04d.` and the format's extension.
    var pattern: String { patternOption ?? "frame-%04d.\(format.fileExtension)" }

    /// Usage errors (exit 64) before anything is read or written: an unknown format, a name
    /// whose extension disagrees with the format, and options the format does not take.
    func validateFormat() throws {
        if let formatOption, OutputFormat(rawValue: formatOption.lowercased()) == nil {
            let names = OutputFormat.allCases.map(\.rawValue)
            let hint = closestName(to: formatOption.lowercased(), in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw ValidationError("--format: unknown format '\(formatOption)'\(hint); the formats are \(names.joined(separator: ", "))")
        }
        let format = self.format
        if let compressionOption, format != .png {
            throw ValidationError("--compression \(compressionOption.rawValue) applies to png frames, not \(format)"
                                  + (format.writesOneFilePerFrame ? "" : " (its encoder has --crf and --quality)"))
        }
        if let output { try checkExtension(of: output, option: "-o") }
        if let patternOption, format.writesOneFilePerFrame { try checkExtension(of: patternOption, option: "--pattern") }
        if format.writesOneFilePerFrame {
            for (given, option) in [(crf != nil, "--crf"), (quality != nil, "--quality"), (matte != nil, "--matte")] where given {
                throw ValidationError("\(option) applies to mp4 and webm\(option == "--matte" ? " (mp4 only)" : ""), not \(format)")
            }
            return
        }
        if let output, output.hasSuffix("/") || isDirectory(output) {
            throw ValidationError("-o \(output): \(format) is one file; -o names it (e.g. -o out/demo.\(format.fileExtension))")
        }
        if patternOption != nil {
            throw ValidationError("--pattern names frame files; \(format) is one file, named by -o")
        }
        if resume {
            throw ValidationError("--resume keeps frame files; \(format) is one file and is always rendered whole")
        }
        if shard != nil {
            throw ValidationError("--shard splits frame files across machines; \(format) is one file: render it in one run, "
                                  + "or render png frames in shards and encode them once they are all there")
        }
        try checkEncodingOptions(for: format, crf: crf, quality: quality, matte: matte)
    }

    /// An extension that names another format than the one being written is an error:
    /// `-o x.svg` with PNG frames, `--pattern f%d.png` with SVG, `-o x.gif --format mp4`.
    private func checkExtension(of name: String, option: String) throws {
        guard let ext = OutputFormat.fileExtension(of: name), let named = OutputFormat(fileExtension: ext) else { return }
        let format = self.format
        guard !format.acceptedExtensions.contains(ext) else { return }
        var advice: String
        if option == "--pattern" {
            advice = "use a pattern ending in .\(format.fileExtension)"
        } else if format.writesOneFilePerFrame && named.writesOneFilePerFrame {
            advice = "\(format) frames go into a directory: pass a directory, or --format \(named) for \(named) frames"
        } else if format.writesOneFilePerFrame {
            advice = "pass --format \(named), or a directory for \(format) frames"
        } else {
            advice = "name the file .\(format.fileExtension), or pass --format \(named)"
        }
        if formatOption == nil && !format.writesOneFilePerFrame && option == "-o" {
            advice = "name the file .\(format.fileExtension)"
        }
        throw ValidationError("\(option) \(name): a .\(ext) name does not match the format \(format); \(advice)")
    }

    /// For an animated format: where the file goes and how it is encoded; nil for frame
    /// files. Exits 69 when ffmpeg cannot be found and 73 when the name is a directory.
    func animationOptions(sceneName: String, fps: Double) throws -> VideoOptions? {
        let format = self.format
        guard !format.writesOneFilePerFrame else { return nil }
        let path = output ?? "out/\(sceneName).\(format.fileExtension)"
        if isDirectory(path) { throw fail("cannot write \(path): it is a directory", ExitStatus.cannotCreate) }
        let ffmpeg: String
        do { ffmpeg = try FFmpegLocator.locate() } catch { throw fail("\(error)", ExitStatus.unavailable) }
        let crf = self.crf ?? quality.map { $0.crf(for: format) } ?? VideoOptions.defaultCRF(for: format)
        let matte = self.matte.flatMap { Color(hex: $0) } ?? .white
        return VideoOptions(path: path, fps: fps, crf: crf, matte: matte, ffmpeg: ffmpeg)
    }

    /// What to say about an export that failed: for an animated file, an interruption keeps
    /// nothing (there are no complete frames to resume from).
    func failureText(_ error: Error, animation: VideoOptions?) -> String {
        guard let animation, let interrupted = error as? Interruption.Interrupted else { return "\(error)" }
        return "interrupted by signal \(interrupted.signal); nothing was written to \(animation.path)"
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

extension VideoOptions {
    /// The directory the file goes into ("." for a bare name).
    var directory: String {
        let parent = FilePath.parent(of: path)
        return parent.isEmpty ? "." : parent
    }
}

/// Usage errors in the options of the animated formats (`render` and `encode`): a CRF out of
/// the codec's range or for a format without one, both --crf and --quality, a matte that is
/// not an opaque #rrggbb or is given for a format that keeps alpha.
func checkEncodingOptions(for format: OutputFormat, crf: Int?, quality: QualityChoice?, matte: String?) throws {
    if crf != nil && quality != nil { throw ValidationError("give --crf or --quality, not both") }
    if let crf {
        guard let range = VideoOptions.crfRange(for: format) else {
            throw ValidationError("--crf applies to mp4 and webm, not \(format)")
        }
        guard range.contains(crf) else {
            throw ValidationError("--crf for \(format) must be between \(range.lowerBound) and \(range.upperBound), got \(crf)")
        }
    }
    if quality != nil && VideoOptions.crfRange(for: format) == nil {
        throw ValidationError("--quality applies to mp4 and webm, not \(format) (\(format == .gif ? "GIF uses one fixed palette recipe" : "APNG is lossless"))")
    }
    if let matte {
        guard format == .mp4 else {
            throw ValidationError("--matte applies to mp4, which has no alpha; \(format) keeps the canvas's transparency")
        }
        guard let color = Color(hex: matte), color.isOpaque else {
            throw ValidationError("--matte must be an opaque colour #rrggbb, got '\(matte)'")
        }
    }
}

/// `--quality`: a CRF per codec, for those who do not speak CRF.
enum QualityChoice: String, ExpressibleByArgument, CaseIterable {
    case low, medium, high

    func crf(for format: OutputFormat) -> Int? {
        switch (format, self) {
        case (.mp4, .low): return 28
        case (.mp4, .medium): return 23
        case (.mp4, .high): return 18
        case (.webm, .low): return 40
        case (.webm, .medium): return 32
        case (.webm, .high): return 24
        default: return nil
        }
    }
}

/// The exit code for a failure to make an animated file: 69 when ffmpeg is missing or cannot
/// start, 64 for an option the format does not take, 74 when ffmpeg fails.
func animationExitStatus(for error: VideoExportError) -> Int32 {
    switch error {
    case .ffmpegMissing, .cannotStart: return ExitStatus.unavailable
    case .unsupported: return ExitStatus.usage
    case .cannotRename: return ExitStatus.cannotCreate
    case .inputClosed, .ffmpegFailed, .ffmpegStoppedReading, .ffmpegWroteNothing, .frameSizeChanged: return ExitStatus.ioError
    }
}
