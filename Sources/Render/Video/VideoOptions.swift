import Foundation
import Motion

/// How an animated file (APNG, GIF, MP4, WebM) is made.
public struct VideoOptions: Hashable, Sendable {
    /// The file to write. It is written under a temporary name in the same directory and
    /// renamed when ffmpeg succeeds, so nothing ever sits half-written under this name.
    public var path: String
    /// Frames per second of the frames given: the animation's rate (GIF plays at most 50).
    public var fps: Double
    /// Constant rate factor: MP4 (x264) 0...51, WebM (VP9) 0...63; lower is better and
    /// bigger. nil: `defaultCRF`.
    public var crf: Int?
    /// What MP4, which has no alpha, composites a transparent canvas over (its alpha is ignored).
    public var matte: Color
    /// The ffmpeg executable (see `FFmpegLocator`).
    public var ffmpeg: String
    /// Frames per second the file plays at, when lower than `fps`: frames are dropped evenly.
    /// nil: `fps` (a GIF never plays faster than `maximumGIFFPS`).
    public var playbackFPS: Double?
    /// Pixels the file is scaled to across (Lanczos; the height keeps the aspect ratio, even for
    /// MP4, which needs an even width too). nil: the frames' own size.
    public var width: Int?

    public init(path: String, fps: Double, crf: Int? = nil, matte: Color = .white, ffmpeg: String,
                playbackFPS: Double? = nil, width: Int? = nil) {
        self.path = path; self.fps = fps; self.crf = crf; self.matte = matte; self.ffmpeg = ffmpeg
        self.playbackFPS = playbackFPS; self.width = width
    }

    /// The CRF `format` uses when none is given: 18 for MP4 (x264's "visually lossless" end,
    /// which keeps text and hairlines sharp; x264's own default is 23), 24 for WebM (about the
    /// same quality in VP9's scale). nil for formats without one.
    public static func defaultCRF(for format: OutputFormat) -> Int? {
        switch format {
        case .mp4: return 18
        case .webm: return 24
        default: return nil
        }
    }

    /// The CRF range of `format`, nil for formats without one.
    public static func crfRange(for format: OutputFormat) -> ClosedRange<Int>? {
        switch format {
        case .mp4: return 0...51
        case .webm: return 0...63
        default: return nil
        }
    }

    /// The x264 preset MP4 is encoded with: at 1170×2532 pixels and one thread it encodes
    /// about 1.5× as fast as `medium`, with half the memory and a file as small (docs/architecture.md).
    public static let x264Preset = "veryfast"

    /// The highest GIF frame rate: GIF delays are hundredths of a second, and 2/100 s is the
    /// shortest every viewer plays.
    public static let maximumGIFFPS = 50.0
}

/// Finds the ffmpeg executable: `$FLIPBOOK_FFMPEG` when set (a path), else the first
/// executable named ffmpeg in a directory of `$PATH`.
public enum FFmpegLocator {
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let given = environment["FLIPBOOK_FFMPEG"], !given.isEmpty {
            guard isExecutableFile(given) else { throw VideoExportError.ffmpegMissing(searched: "FLIPBOOK_FFMPEG=\(given)") }
            return given
        }
        let path = environment["PATH"] ?? ""
        for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = OutputDirectory.path(String(directory), "ffmpeg")
            if isExecutableFile(candidate) { return candidate }
        }
        throw VideoExportError.ffmpegMissing(searched: "ffmpeg on PATH=\(path)")
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }
}
