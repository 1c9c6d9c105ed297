import Foundation

/// Where and how `ExportPipeline` writes frames.
public struct ExportOptions: Hashable, Sendable {
    /// The output directory; created (with its parents) if missing.
    public var directory: String
    /// printf-style file name numbered by the real frame index, e.g. `frame-%04d.png`.
    public var pattern: String
    /// Pixels per point.
    public var scale: Double
    public var png: PNGOptions
    /// Worker threads that draw and encode (at least 1; never more than the frames to write).
    public var threads: Int
    /// Skip frames whose final file already exists and is a complete PNG (the source is still
    /// called for them); a truncated one is written again.
    public var resume: Bool
    /// The pinned fonts text is drawn with.
    public var fonts: FontFiles
    /// What is written: PNG, SVG or PDF files named by `pattern` in `directory`, or one
    /// animated file (APNG, GIF, MP4, WebM) described by `video`.
    public var format: OutputFormat
    /// The animated file: required for APNG, GIF, MP4 and WebM, ignored otherwise.
    public var video: VideoOptions?
    /// Whether a frame identical to the one before is written from the earlier frame's bytes
    /// (PNG, SVG, PDF) or packed pixels (APNG, GIF, MP4, WebM) instead of being drawn and encoded
    /// again (the files are the same either way; `RepeatedFrames`).
    public var reusesRepeatedFrames = true
    /// SVG: whether each frame embeds the image files it draws instead of referring to the
    /// copies written once beside the frames (`SharedImageFiles`). PDF frames always embed them.
    public var embedsImages = false

    public init(directory: String, pattern: String = "frame-%04d.png", scale: Double = 1,
                png: PNGOptions = .fast, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                resume: Bool = false, fonts: FontFiles = .pinned, format: OutputFormat = .png, video: VideoOptions? = nil) {
        self.directory = directory; self.pattern = pattern; self.scale = scale; self.png = png
        self.threads = threads; self.resume = resume; self.fonts = fonts
        self.format = format; self.video = video
    }
}
