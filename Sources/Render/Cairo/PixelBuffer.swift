/// A borrowed view of a rendered image in Cairo's ARGB32 layout: one native-endian UInt32 per
/// pixel (alpha in the top byte), colour premultiplied by alpha, rows `bytesPerRow` apart.
/// Valid only inside the closure that receives it.
public struct PixelBuffer {
    /// The first byte of the top row.
    public let baseAddress: UnsafeRawPointer
    /// Pixels.
    public let width: Int
    /// Pixels.
    public let height: Int
    /// Bytes from one row to the next (at least 4 × width).
    public let bytesPerRow: Int
    /// Whether every pixel is known to be opaque (the frame's background was).
    public let isOpaque: Bool

    public init(baseAddress: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, isOpaque: Bool) {
        precondition(width > 0 && height > 0 && bytesPerRow >= width * 4, "invalid pixel buffer geometry")
        self.baseAddress = baseAddress; self.width = width; self.height = height
        self.bytesPerRow = bytesPerRow; self.isOpaque = isOpaque
    }

    /// The pixel at column `x`, row `y` (0-based, from the top left) as Cairo stores it.
    public func premultipliedPixel(x: Int, y: Int) -> RGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        let value = baseAddress.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
        return RGBA8(r: UInt8(truncatingIfNeeded: value >> 16), g: UInt8(truncatingIfNeeded: value >> 8),
                     b: UInt8(truncatingIfNeeded: value), a: UInt8(truncatingIfNeeded: value >> 24))
    }

    /// The pixel at column `x`, row `y` with straight alpha, exactly as the PNG encoder writes it.
    public func pixel(x: Int, y: Int) -> RGBA8 {
        premultipliedPixel(x: x, y: y).unpremultiplied
    }
}
