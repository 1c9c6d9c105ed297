import CCairo
import Motion

/// APNG, GIF, MP4 and WebM: rasterise, pack the pixels as ffmpeg reads them
/// (`RawFrameLayout`), then hand the frame to the export's one `FFmpegSink`, which takes the
/// workers' frames in order. A transparent canvas keeps its alpha except in MP4, where it is
/// composited over the matte colour first. A frame that draws like the one before
/// (`FrameEncoding.repeatsPrevious`) is neither drawn nor packed: the sink sends the packed
/// frame it kept again, and the worker moves on at once.
final class VideoFrameOutput: FrameOutput {
    private let renderer: CairoRenderer
    private let sink: FFmpegSink
    private let format: OutputFormat
    private let matte: Color
    /// The packed frame; swapped with the sink's last frame at each write and reused.
    private var buffer: [UInt8] = []

    init(format: OutputFormat, scale: Double, images: ImageLibrary, fonts: FontFiles, matte: Color, sink: FFmpegSink) throws {
        renderer = try CairoRenderer(scale: scale, images: images, fonts: fonts)
        self.format = format
        self.matte = Color(red: matte.red, green: matte.green, blue: matte.blue, alpha: 1)
        self.sink = sink
    }

    func process(_ job: ExportJob, times: inout StageTimes) throws {
        times.startLap()
        if case .repeatsPrevious? = job.encoding {
            try sink.writeRepeat(index: job.index)
            times.lap(\.write)
            return
        }
        try renderer.prepareCanvas(for: job.frame)
        renderer.render(job.frame)
        if format == .mp4 && !job.frame.isOpaque { compositeOverMatte() }
        times.lap(\.draw)
        let layout = RawFrameLayout(format: format, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                    transparent: !job.frame.isOpaque)
        renderer.withPixels { layout.pack($0, into: &buffer) }
        times.lap(\.encode)
        try sink.write(index: job.index, layout: layout, frame: &buffer)
        times.lap(\.write)
    }

    /// Paints the matte under what is drawn (DEST_OVER): every pixel becomes
    /// drawn + (1 − alpha) · matte, opaque.
    private func compositeOverMatte() {
        renderer.withContext { context in
            cairo_set_operator(context, CAIRO_OPERATOR_DEST_OVER)
            CairoCommandRunner.setSource(matte, on: context)
            cairo_paint(context)
        }
    }
}
