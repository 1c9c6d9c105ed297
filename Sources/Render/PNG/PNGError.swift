/// Why a PNG could not be written or read. `reason` texts are the OS's (strerror) or libpng's.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// The compression level is outside 0...9.
    case invalidCompressionLevel(Int)
    /// The file could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// Writing, flushing or closing the file failed (a full disk, an I/O error).
    case cannotWrite(path: String, reason: String)
    /// The file could not be read.
    case cannotRead(path: String, reason: String)
    /// libpng rejected the data (a corrupt file when reading, an internal limit when writing).
    case libpng(path: String, message: String)
    /// The file declares more than `limit` pixels; it was refused before decoding.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)

    /// The path the error is about, if any.
    public var path: String? {
        switch self {
        case .invalidCompressionLevel: return nil
        case .cannotOpen(let path, _), .cannotWrite(let path, _), .cannotRead(let path, _), .libpng(let path, _),
             .tooLarge(let path, _, _, _):
            return path
        }
    }

    /// What went wrong, without the path.
    public var reason: String {
        switch self {
        case .invalidCompressionLevel(let level): return "compression level \(level) is outside 0...9"
        case .cannotOpen(_, let reason), .cannotWrite(_, let reason), .cannotRead(_, let reason): return reason
        case .libpng(_, let message): return "libpng: \(message)"
        case .tooLarge(_, let width, let height, let limit):
            return "the image is \(width)×\(height) pixels, more than the limit of \(limit) pixels (\(limit / 1_000_000) megapixels)"
        }
    }

    public var description: String {
        switch self {
        case .invalidCompressionLevel: return "invalid PNG options: \(reason)"
        case .cannotOpen(let path, let reason): return "cannot create \(path): \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
        case .libpng(let path, let message): return "PNG error in \(path): \(message)"
        case .tooLarge(let path, _, _, _): return "cannot read \(path): \(reason)"
        }
    }
}
