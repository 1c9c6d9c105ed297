/// Where one pass of an export goes: a file per frame (PNG, SVG, PDF), or one ffmpeg process
/// (APNG, GIF, MP4, WebM). Most formats take one pass; a GIF takes two — the palette, then the
/// GIF — so that ffmpeg never holds the frames in memory (see `FFmpegArguments.palette`).
final class ExportDestination {
    private let options: ExportOptions
    let sink: FFmpegSink?
    /// Files to remove once the export is over, whether it succeeded or not.
    private let leftovers: [String]

    private init(options: ExportOptions, sink: FFmpegSink?, leftovers: [String] = []) {
        self.options = options
        self.sink = sink
        self.leftovers = leftovers
    }

    /// The passes that export `frames` with `options`, in order; creates the animated file's
    /// directory. Throws `VideoExportError.unsupported` for a resumed animated file.
    static func passes(for options: ExportOptions, frames: [Int]) throws -> [ExportDestination] {
        let format = options.format
        if format.writesOneFilePerFrame { return [ExportDestination(options: options, sink: nil)] }
        guard let video = options.video else {
            preconditionFailure("ExportOptions.video is required for \(format)")
        }
        guard !options.resume else {
            throw VideoExportError.unsupported("\(format) is one file: it cannot be resumed; render it again")
        }
        let directory = FilePath.parent(of: video.path)
        let name = FilePath.lastComponent(of: video.path)
        try OutputDirectory.create(directory.isEmpty ? "." : directory)
        func inDirectory(_ file: String) -> String { directory.isEmpty ? file : OutputDirectory.path(directory, file) }
        let temporary = inDirectory(Temporaries.name(for: name))
        guard format == .gif else {
            let sink = FFmpegSink(executable: video.ffmpeg, finalPath: video.path, temporaryPath: temporary, order: frames) {
                FFmpegArguments.encode(format, layout: $0, options: video, output: temporary)
            }
            return [ExportDestination(options: options, sink: sink)]
        }
        let palette = inDirectory(Temporaries.name(for: name + ".palette.png"))
        let first = FFmpegSink(executable: video.ffmpeg, finalPath: video.path, temporaryPath: palette,
                               renamesWhenFinished: false, order: frames) {
            FFmpegArguments.palette(layout: $0, options: video, output: palette)
        }
        let second = FFmpegSink(executable: video.ffmpeg, finalPath: video.path, temporaryPath: temporary, order: frames) {
            FFmpegArguments.encode(.gif, layout: $0, options: video, output: temporary, palette: palette)
        }
        return [ExportDestination(options: options, sink: first, leftovers: [palette]),
                ExportDestination(options: options, sink: second, leftovers: [palette])]
    }

    /// The image files an SVG export writes beside its frames; nil when the frames embed their
    /// images (`ExportOptions.embedsImages`, PDF) or are not vector documents.
    func sharedImages(_ images: ImageLibrary) -> SharedImageFiles? {
        options.format == .svg && !options.embedsImages ? SharedImageFiles(images) : nil
    }

    /// One worker's output, drawing images from `images` (SVG: referring to `shared`'s files).
    func makeOutput(images: ImageLibrary, shared: SharedImageFiles? = nil, seed: FirstFrameSeed? = nil) throws -> FrameOutput {
        let format = options.format
        if let sink, let video = options.video {
            return try VideoFrameOutput(format: format, scale: options.scale, images: images, fonts: options.fonts,
                                        matte: video.matte, sink: sink)
        }
        if format.isVector {
            return try VectorFrameOutput(format: format, scale: options.scale, images: images, fonts: options.fonts,
                                         imageMode: shared.map(VectorImages.files) ?? .embedded)
        }
        return try PNGFrameOutput(scale: options.scale, png: options.png, images: images, fonts: options.fonts, seed: seed)
    }

    /// The export failed: wake workers waiting for their turn and stop ffmpeg. Call before
    /// joining the workers.
    func cancel() {
        sink?.cancel()
    }

    /// After a failure, once the workers are joined: remove every partial or intermediate file.
    func discard() {
        sink?.discard()
        leftovers.forEach(OutputFile.remove)
    }

    /// After this pass succeeded: let ffmpeg finish and move its file into place (the
    /// palette pass keeps its file for the next pass).
    func finish(isLastPass: Bool) throws {
        do { try sink?.finish() } catch {
            discard()
            throw error
        }
        if isLastPass { leftovers.forEach(OutputFile.remove) }
    }
}
