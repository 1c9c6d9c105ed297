import Motion

/// The ffmpeg command lines flipbook runs, one recipe per format. Each reads raw frames from
/// file descriptor 3 and is deterministic: one thread everywhere (encoders change their
/// bytes with their thread count), `bitexact` flags and no metadata (no encoder version
/// strings or dates), and colour conversion with swscale's bit-exact, accurately rounded
/// paths.
enum FFmpegArguments {
    /// Encodes the frames into `output` as `format` (APNG, MP4, WebM, or GIF's second pass with
    /// the palette file of `palette(...)`).
    static func encode(_ format: OutputFormat, layout: RawFrameLayout, options: VideoOptions, output: String,
                       palette: String? = nil) -> [String] {
        var arguments = input(layout: layout, fps: options.fps)
        switch format {
        case .mp4:
            let crf = options.crf ?? VideoOptions.defaultCRF(for: .mp4) ?? 18
            // The frames arrive as BT.709 yuv420p already (`YUV420Converter`).
            arguments += filterOption(preparation(format, options))
                + ["-c:v", "libx264", "-preset", VideoOptions.x264Preset, "-crf", "\(crf)",
                          "-x264-params", "threads=1:lookahead-threads=1:sliced-threads=0"]
                + bt709
                // SEI messages: x264 writes its version and settings there.
                + ["-bsf:v", "filter_units=remove_types=6", "-movflags", "+faststart"]
                + deterministic + ["-f", "mp4", output]
        case .webm:
            let crf = options.crf ?? VideoOptions.defaultCRF(for: .webm) ?? 24
            arguments += ["-vf", (preparation(format, options) + [yuv(layout.hasAlpha ? "yuva420p" : "yuv420p")]).joined(separator: ","),
                          "-c:v", "libvpx-vp9", "-crf", "\(crf)", "-b:v", "0", "-deadline", "good", "-cpu-used", "4",
                          "-row-mt", "0", "-tile-columns", "0", "-frame-parallel", "0"]
                + bt709 + deterministic + ["-f", "webm", output]
        case .apng:
            arguments += filterOption(preparation(format, options))
                + ["-pix_fmt", layout.hasAlpha ? "rgba" : "rgb24", "-c:v", "apng", "-pred", "none", "-plays", "0"]
                + deterministic + ["-f", "apng", output]
        case .gif:
            precondition(palette != nil, "a GIF needs the palette of its first pass")
            let filters = preparation(format, options)
            let rate = filters.isEmpty ? "[0:v]" : "[0:v]\(filters.joined(separator: ","))[s];[s]"
            arguments += ["-i", palette ?? "",
                          // Ordered Bayer dithering: no error diffusion, so no frame-to-frame
                          // shimmer; only the changed rectangle is re-encoded per frame.
                          "-filter_complex", "\(rate)[1:v]paletteuse=dither=bayer:bayer_scale=3:diff_mode=rectangle[v]",
                          "-map", "[v]"]
                + deterministic + ["-loop", "0", "-f", "gif", output]
        case .png, .svg, .pdf:
            preconditionFailure("\(format) is written frame by frame, not by ffmpeg")
        }
        return arguments
    }

    /// GIF's first pass: one palette for the whole GIF from what moves (stats_mode=diff; the
    /// first frame counts in full), written as a 16×16 PNG to `output`. Two passes instead of
    /// one filter graph because a graph that splits the stream into palettegen and paletteuse
    /// holds every frame in memory until the palette is known.
    static func palette(layout: RawFrameLayout, options: VideoOptions, output: String) -> [String] {
        let filters = preparation(.gif, options) + ["palettegen=stats_mode=diff"]
        return input(layout: layout, fps: options.fps)
            + ["-vf", filters.joined(separator: ","), "-c:v", "png", "-frames:v", "1", "-update", "1"]
            + deterministic + ["-f", "image2", output]
    }

    /// Raw frames on descriptor 3 at `fps`, one filter thread.
    private static func input(layout: RawFrameLayout, fps: Double) -> [String] {
        ["-hide_banner", "-nostdin", "-loglevel", "error", "-y",
         "-filter_threads", "1", "-filter_complex_threads", "1",
         "-f", "rawvideo", "-pix_fmt", layout.pixelFormat, "-video_size", "\(layout.width)x\(layout.height)",
         "-framerate", fps.shortestText, "-i", "pipe:3"]
    }

    /// RGB to BT.709 limited-range YUV, as players assume for HD video.
    private static func yuv(_ pixelFormat: String) -> String {
        "scale=out_color_matrix=bt709:out_range=tv:flags=bitexact+accurate_rnd,format=\(pixelFormat)"
    }

    private static let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]

    private static let deterministic = ["-threads", "1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]

    /// The filters every format's frames go through first: the fps filter, which drops frames
    /// evenly down to the playback rate (GIF: at most 50 fps), then scaling to `width` pixels
    /// (Lanczos; the height keeps the aspect ratio, rounded to even for MP4).
    static func preparation(_ format: OutputFormat, _ options: VideoOptions) -> [String] {
        var rate = min(options.playbackFPS ?? options.fps, options.fps)
        if format == .gif { rate = min(rate, VideoOptions.maximumGIFFPS) }
        var filters: [String] = []
        if rate < options.fps { filters.append("fps=fps=\(rate.shortestText):round=near") }
        if let width = options.width {
            filters.append("scale=w=\(width):h=\(format == .mp4 ? -2 : -1):flags=lanczos+accurate_rnd+bitexact")
        }
        return filters
    }

    private static func filterOption(_ filters: [String]) -> [String] {
        filters.isEmpty ? [] : ["-vf", filters.joined(separator: ",")]
    }
}
