/// Why an animated file (APNG, GIF, MP4, WebM) could not be made.
public enum VideoExportError: Error, Equatable, CustomStringConvertible {
    /// No ffmpeg executable: `searched` is the path tried or the PATH that was searched.
    case ffmpegMissing(searched: String)
    /// ffmpeg exists but could not be started; `reason` is the OS's error text.
    case cannotStart(executable: String, reason: String)
    /// ffmpeg stopped reading frames (it exited early); `reason` is the OS's error text.
    case inputClosed(reason: String)
    /// ffmpeg exited with `status` (128 + N for signal N) while making `path`; `lastLine` is
    /// the last line it printed on standard error.
    case ffmpegFailed(path: String, status: Int32, lastLine: String?)
    /// ffmpeg exited with status 0 before it had read every frame.
    case ffmpegStoppedReading(path: String, lastLine: String?)
    /// ffmpeg exited with status 0 but left no file (or an empty one) where it was told to write.
    case ffmpegWroteNothing(path: String, lastLine: String?)
    /// The finished file could not be moved to its final name.
    case cannotRename(path: String, reason: String)
    /// Every frame of an animation must have the size of the first.
    case frameSizeChanged(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// Options that only make sense for frame files (`resume`).
    case unsupported(String)

    public var description: String {
        switch self {
        case .ffmpegMissing(let searched):
            return "ffmpeg not found (looked for \(searched)); install it with scripts/setup (Debian package ffmpeg) "
                + "or set FLIPBOOK_FFMPEG to its path"
        case .cannotStart(let executable, let reason):
            return "cannot start \(executable): \(reason)"
        case .inputClosed(let reason):
            return "ffmpeg stopped reading frames: \(reason)"
        case .ffmpegFailed(let path, let status, let lastLine):
            let said = lastLine.map { ": \($0)" } ?? " (it printed nothing)"
            return "ffmpeg failed (exit \(status)) making \(path)\(said); nothing was written to \(path)"
        case .ffmpegStoppedReading(let path, let lastLine):
            let said = lastLine.map { "; it said: \($0)" } ?? " and printed nothing"
            return "ffmpeg exited with status 0 before it read every frame of \(path)\(said); nothing was written to \(path)"
        case .ffmpegWroteNothing(let path, let lastLine):
            let said = lastLine.map { "; it said: \($0)" } ?? " and printed nothing"
            return "ffmpeg exited with status 0 but wrote no file for \(path)\(said); nothing was written to \(path)"
        case .cannotRename(let path, let reason):
            return "cannot move the finished file into place at \(path): \(reason)"
        case .frameSizeChanged(let frame, let width, let height, let expectedWidth, let expectedHeight):
            return "frame \(frame) is \(width)×\(height) pixels but the animation is \(expectedWidth)×\(expectedHeight)"
        case .unsupported(let what):
            return what
        }
    }
}
