#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PNGFile {
    /// Writes a decoded image (a golden, a diff panel) to `path` atomically: to a temporary
    /// dot-name beside it, then renamed. RGBA if the image has alpha, RGB otherwise. Errors
    /// (`PNGError`) name `path`; on failure nothing is left behind.
    public static func write(_ image: PNGImage, to path: String, options: PNGOptions) throws {
        let encoder = try PNGEncoder(options: options)
        let temporary = temporaryPath(for: path)
        do { try encoder.write(image, to: temporary) } catch let error as PNGError {
            OutputFile.remove(temporary)
            throw error.naming(path)
        }
        errno = 0
        guard rename(temporary, path) == 0 else {
            let code = errno == 0 ? EIO : errno
            OutputFile.remove(temporary)
            throw PNGError.cannotOpen(path: path, reason: errorText(code))
        }
    }
}

private extension PNGError {
    /// The same error about `path` instead of the temporary file.
    func naming(_ path: String) -> PNGError {
        switch self {
        case .invalidCompressionLevel: return self
        case .cannotOpen(_, let reason): return .cannotOpen(path: path, reason: reason)
        case .cannotWrite(_, let reason): return .cannotWrite(path: path, reason: reason)
        case .cannotRead(_, let reason): return .cannotRead(path: path, reason: reason)
        case .libpng(_, let message): return .libpng(path: path, message: message)
        case .tooLarge(_, let width, let height, let limit): return .tooLarge(path: path, width: width, height: height, limit: limit)
        }
    }
}
