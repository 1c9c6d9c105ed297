import Motion

/// Why a `CairoRenderer` could not be created or could not draw a frame.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// A pinned font file is not on disk.
    case fontMissing(path: String)
    /// FreeType could not load a font file; `freeTypeError` is its FT_Error code.
    case fontUnreadable(path: String, freeTypeError: Int32)
    /// The scale factor is not finite and positive.
    case invalidScale(Double)
    /// The canvas is empty, not finite, or too large for Cairo (32767 pixels a side) at `scale`.
    case invalidCanvas(size: Size, scale: Double)
    /// Cairo entered an error state while drawing frame `frameIndex`.
    case cairo(status: String, frameIndex: Int)

    public var description: String {
        switch self {
        case .fontMissing(let path):
            return "font file not found: \(path); run scripts/setup to install it (Debian package fonts-dejavu-core)"
        case .fontUnreadable(let path, let code):
            return "FreeType could not load the font \(path) (FT_Error \(code)); reinstall fonts-dejavu-core with scripts/setup"
        case .invalidScale(let scale):
            return "invalid scale \(scale): the scale factor must be finite and positive"
        case .invalidCanvas(let size, let scale):
            return "cannot make a canvas of \(size.width)×\(size.height) points at scale \(scale): "
                + "each side must round to 1...32767 pixels"
        case .cairo(let status, let frameIndex):
            return "Cairo failed while drawing frame \(frameIndex): \(status)"
        }
    }
}
