import CPNG
import Drawing

/// A decoded PNG held as 8-bit RGBA with straight alpha, rows top to bottom, no padding:
/// what golden tests compare and what a diff image is made of.
public struct PNGImage: Hashable, Sendable {
    /// Pixels.
    public var width: Int
    /// Pixels.
    public var height: Int
    /// Whether the file stores alpha (colour type RGBA/grey-alpha or a tRNS chunk); writing
    /// uses RGBA when true, RGB when false.
    public var hasAlpha: Bool
    /// Whether the file stores colour rather than greyscale.
    public var isColor: Bool
    /// width × height × 4 bytes: r, g, b, a.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, hasAlpha: Bool, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA bytes do not match the size")
        self.width = width; self.height = height; self.hasAlpha = hasAlpha; self.isColor = true; self.rgba = rgba
    }

    /// The renderer's pixels with straight alpha, exactly as `PNGEncoder` would write them.
    public init(_ pixels: PixelBuffer) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(pixels.width * pixels.height * 4)
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let p = pixels.pixel(x: x, y: y)
                bytes.append(p.r); bytes.append(p.g); bytes.append(p.b); bytes.append(p.a)
            }
        }
        self.init(width: pixels.width, height: pixels.height, hasAlpha: !pixels.isOpaque, rgba: bytes)
    }

    /// Reads the PNG file at `path` with libpng (any PNG colour type, expanded to RGBA8). A
    /// file declaring more than `maxPixels` pixels (by default the cap on every image flipbook
    /// reads, `ImageSource.maxPixels`; 0 for none) is refused from its header, before decoding
    /// (`tooLarge`), so a small file that inflates to gigabytes costs nothing. Only a regular
    /// file is opened: a FIFO or a directory is `cannotRead`, naming what it is.
    public init(contentsOfFile path: String, maxPixels: Int = ImageSource.maxPixels) throws {
        if let kind = InputFile.notRegular(path) {
            throw PNGError.cannotRead(path: path, reason: "it is \(kind), not a regular file")
        }
        var decoded = cpng_decoded()
        var status = cpng_status()
        let code = cpng_read_file(path, UInt64(max(maxPixels, 0)), &decoded, &status)
        defer { cpng_decoded_free(&decoded) }
        guard code == Int32(CPNG_OK), let bytes = decoded.rgba else {
            let message = withUnsafeBytes(of: status.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            switch code {
            case Int32(CPNG_ERROR_IO): throw PNGError.cannotRead(path: path, reason: errorText(status.os_errno))
            case Int32(CPNG_ERROR_TOO_LARGE):
                throw PNGError.tooLarge(path: path, width: Int(decoded.width), height: Int(decoded.height), limit: maxPixels)
            default: throw PNGError.libpng(path: path, message: message)
            }
        }
        width = Int(decoded.width)
        height = Int(decoded.height)
        hasAlpha = decoded.has_alpha != 0
        isColor = decoded.is_color != 0
        rgba = Array(UnsafeBufferPointer(start: bytes, count: width * height * 4))
    }

    /// The pixel at column `x`, row `y` (0-based, from the top left).
    public subscript(x x: Int, y y: Int) -> RGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        let i = (y * width + x) * 4
        return RGBA8(r: rgba[i], g: rgba[i + 1], b: rgba[i + 2], a: rgba[i + 3])
    }
}
