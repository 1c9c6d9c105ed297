import Motion

/// An image file a scene draws, as SceneFile found it: the decoding itself is Render's
/// (decoded once per process, shared by the workers).
public struct ImageSource: Hashable, Sendable {
    /// The file's absolute path (a scene's `image:` is relative to the scene file).
    public var path: String
    /// Pixels, as the file's header declares them.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Pixels per point: 2 or 3 for a name ending `@2x` or `@3x` (as UIImage reads it), else 1.
    public var scale: Double
    /// Where the scene names it ("file:line:column"), for errors found when it is decoded.
    public var origin: String

    public init(path: String, pixelWidth: Int, pixelHeight: Int, scale: Double = 1, origin: String = "") {
        self.path = path; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.scale = scale; self.origin = origin
    }

    /// The most pixels (width × height) an image may declare: 40 megapixels (160 MB decoded).
    /// Larger files are refused before decoding, since a small compressed file can declare a
    /// huge image (a 400 KB PNG can decode to 12000 × 12000).
    public static let maxPixels = 40_000_000

    /// The image's size in points.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }
}

/// How a UIImageView places its image in its bounds (UIView.ContentMode).
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight

    /// The rectangle the image of `size` points is drawn into within `bounds`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        let w = size.width, h = size.height
        guard w > 0, h > 0 else { return Rect(x: bounds.minX, y: bounds.minY, width: 0, height: 0) }
        switch self {
        case .scaleToFill: return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            return Rect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.midX - w / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h
            default: y = bounds.midY - h / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}

/// A UIImageView's image and content mode.
public struct ViewImage: Hashable, Sendable {
    public var source: ImageSource
    public var contentMode: ContentMode
    public init(source: ImageSource, contentMode: ContentMode = .scaleToFill) {
        self.source = source; self.contentMode = contentMode
    }
}
