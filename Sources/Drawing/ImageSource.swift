import Motion

/// An image file a scene draws, as SceneFile found it (its header read, not its pixels).
/// Render decodes it before anything is drawn (`ImageLibrary`: once per file, shared
/// read-only by the workers).
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
