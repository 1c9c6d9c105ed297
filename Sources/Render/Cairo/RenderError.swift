import Motion

/// Why a renderer could not be made, or a vector document finished: never because of what a
/// frame draws.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// A pinned font file is not on disk.
    case fontMissing(path: String)
    /// fontconfig could not load a font file (not a font, or damaged).
    case fontUnreadable(path: String)
    /// The scale factor is not finite and positive.
    case invalidScale(Double)
    /// The canvas is empty, not finite, or too large for Cairo (32767 pixels a side) at `scale`.
    case invalidCanvas(size: Size, scale: Double)
    /// Cairo could not finish frame `frameIndex`'s SVG or PDF document.
    case cairo(status: String, frameIndex: Int)

    public var description: String {
        switch self {
        case .fontMissing(let path):
            return "font file not found: \(path); run scripts/setup to install it (Debian packages \(FontFiles.packages))"
        case .fontUnreadable(let path):
            return "fontconfig could not load the font \(path); reinstall it with scripts/setup (Debian packages \(FontFiles.packages))"
        case .invalidScale(let scale):
            return "invalid scale \(scale): the scale factor must be finite and positive"
        case .invalidCanvas(let size, let scale):
            return "cannot make a canvas of \(size.width)×\(size.height) points at scale \(scale): "
                + "each side must round to 1...32767 pixels"
        case .cairo(let status, let frameIndex):
            return "Cairo failed to finish the document of frame \(frameIndex): \(status)"
        }
    }
}
