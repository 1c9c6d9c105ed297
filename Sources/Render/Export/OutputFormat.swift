/// What an export writes. PNG, SVG and PDF are one file per frame in a directory; APNG, GIF,
/// MP4 and WebM are one animated file, encoded by an ffmpeg process that reads raw frames
/// from a pipe.
public enum OutputFormat: String, CaseIterable, Hashable, Sendable {
    case png, apng, gif, mp4, webm, svg, pdf

    /// Whether each frame is its own file (named by `--pattern` in a directory).
    public var writesOneFilePerFrame: Bool {
        switch self {
        case .png, .svg, .pdf: return true
        case .apng, .gif, .mp4, .webm: return false
        }
    }

    /// Whether frames are drawn as vector documents (Cairo's SVG and PDF surfaces) rather than
    /// rasterised.
    public var isVector: Bool { self == .svg || self == .pdf }

    /// The extension a file of this format gets by default, without the dot.
    public var fileExtension: String {
        switch self {
        case .png, .apng: return "png"
        case .gif: return "gif"
        case .mp4: return "mp4"
        case .webm: return "webm"
        case .svg: return "svg"
        case .pdf: return "pdf"
        }
    }

    /// Every extension (lower case, no dot) a file of this format may carry.
    public var acceptedExtensions: [String] {
        switch self {
        case .apng: return ["png", "apng"]
        case .mp4: return ["mp4", "m4v"]
        default: return [fileExtension]
        }
    }

    /// The format whose files are known by `fileExtension` (any case, no dot): the animated
    /// formats' own extensions and the per-frame ones; `png` means PNG frames, not APNG. nil for
    /// an extension that names no format.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "apng": self = .apng
        case "gif": self = .gif
        case "mp4", "m4v": self = .mp4
        case "webm": self = .webm
        case "svg": self = .svg
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// The extension of the last component of `path` (lower case, no dot), or nil when it has
    /// none (`out/demo`, `.hidden`).
    public static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : ext.lowercased()
    }
}
