/// Why an export could not start or did not finish. Errors thrown by the frame source and
/// `RenderError`s pass through unchanged.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// The file-name pattern is not a plain file name with one `%d`.
    case invalidPattern(String, reason: String)
    /// The frame list is empty, negative, or not strictly increasing.
    case invalidFrames(reason: String)
    /// The thread count is below 1.
    case invalidThreadCount(Int)
    /// The output directory could not be created; `reason` is the OS's error text.
    case cannotCreateDirectory(path: String, reason: String)
    /// Frame `frame` could not be written to `path` (its final name); `reason` is the OS's
    /// error text or libpng's message.
    case cannotWrite(frame: Int, path: String, reason: String)
    /// An image file an SVG export shares between its frames (`SharedImageFiles`) could not be
    /// written to `path`; `reason` is the OS's error text.
    case cannotWriteImage(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidPattern(let pattern, let reason):
            return "invalid file-name pattern \"\(pattern)\": \(reason)"
        case .invalidFrames(let reason):
            return "invalid frame list: \(reason)"
        case .invalidThreadCount(let count):
            return "invalid thread count \(count): need at least 1"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create output directory \(path): \(reason)"
        case .cannotWrite(let frame, let path, let reason):
            return "cannot write frame \(frame) to \(path): \(reason)"
        case .cannotWriteImage(let path, let reason):
            return "cannot write the image file \(path): \(reason)"
        }
    }
}
