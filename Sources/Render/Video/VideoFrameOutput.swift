import CCairo
import Motion

/// APNG, GIF, MP4 and WebM: rasterise, pack the pixels as ffmpeg reads them
/// (`RawFrameLayout`), then hand the frame to the export's one `FFmpegSink`, which takes the
/// workers' frames in order. A transparent canvas keeps its alpha except in MP4, where it is
/// composited over the matte colour first.
final class VideoFrameOutput: FrameOutput {
    private let renderer: CairoRenderer
    private let sink: FFmpegSink
    private let format: OutputFormat
    private let matte: Color
    /// Packed pixels when they cannot be sent straight from the surface; reused.
    private var buffer: [UInt8] = []

    init(format: OutputFormat, scale: Double, images: ImageLibrary, fonts: FontFiles, matte: Color, sink: FFmpegSink) throws {
        renderer = try CairoRenderer(scale: scale, images: images, fonts: fonts)
        self.format = format
        self.matte = Color(red: matte.red, green: matte.green, blue: matte.blue, alpha: 1)
        self.sink = sink
    }

    func process(_ job: ExportJob, times: inout StageTimes) throws {
        times.startLap()
        try renderer.prepareCanvas(for: job.frame)
        renderer.render(job.frame)
        if format == .mp4 && !job.frame.isOpaque { compositeOverMatte() }
        times.lap(\.draw)
        let layout = RawFrameLayout(format: format, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                    transparent: !job.frame.isOpaque)
        try renderer.withPixels { pixels in
            try layout.withPacked(pixels, buffer: &buffer) { bytes in
                times.lap(\.encode)
                try sink.write(index: job.index, layout: layout, bytes: bytes)
                times.lap(\.write)
            }
        }
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
