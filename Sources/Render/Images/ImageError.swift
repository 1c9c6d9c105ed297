import Drawing

/// Why an image could not be drawn; each names the file and where the scene names it.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be opened (exit 66).
    case missing(path: String, origin: String)
    /// Not a PNG or JPEG, truncated or corrupt (exit 65).
    case unreadable(path: String, origin: String, reason: String)
    /// Declares more than `ImageSource.maxPixels` pixels (exit 65).
    case tooLarge(path: String, origin: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case .missing(let path, let origin): return "\(Self.prefix(origin))image: cannot open \(path)"
        case .unreadable(let path, let origin, let reason): return "\(Self.prefix(origin))image: cannot decode \(path): \(reason)"
        case .tooLarge(let path, let origin, let width, let height):
            return "\(Self.prefix(origin))image: \(path) is \(width)×\(height) pixels, more than the limit of \(ImageSource.maxPixels / 1_000_000) megapixels"
        }
    }

    private static func prefix(_ origin: String) -> String { origin.isEmpty ? "" : "\(origin): " }
}
