import CCairo
import CJPEG
import CPNG
import Drawing
import Foundation

/// Decodes image files (PNG with libpng, JPEG with libjpeg-turbo) into premultiplied Cairo
/// surfaces, for `ImageLibrary`.
enum ImageDecoder {
    /// Decodes `source` by its first bytes' signature into premultiplied ARGB32.
    static func decode(_ source: ImageSource) throws(ImageError) -> DecodedImage {
        let path = source.path
        if let kind = InputFile.notRegular(path) {
            throw ImageError.unreadable(path: path, origin: source.origin, reason: "it is \(kind), not a regular file")
        }
        // The whole file: its bytes travel unchanged into vector outputs (`ImageFile`).
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw ImageError.missing(path: path, origin: source.origin)
        }
        let signature = contents.prefix(8)
        let kind: ImageFile.Kind
        let limit = ImageSource.maxPixels
        var width = 0, height = 0
        var rgba: UnsafeMutablePointer<UInt8>?
        if signature.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            kind = .png
            var decoded = cpng_decoded(), status = cpng_status()
            let code = cpng_read_file(path, UInt64(limit), &decoded, &status)
            width = Int(decoded.width); height = Int(decoded.height)
            if code == Int32(CPNG_ERROR_TOO_LARGE) {
                throw ImageError.tooLarge(path: path, origin: source.origin, width: width, height: height)
            }
            guard code == Int32(CPNG_OK), decoded.rgba != nil else {
                cpng_decoded_free(&decoded)
                throw ImageError.unreadable(path: path, origin: source.origin, reason: "PNG: " + message(status.message))
            }
            rgba = decoded.rgba
        } else if signature.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = .jpeg
            var decoded = cjpeg_decoded(), status = cjpeg_status()
            let code = cjpeg_read_file(path, UInt64(limit), &decoded, &status)
            width = Int(decoded.width); height = Int(decoded.height)
            if code == Int32(CJPEG_ERROR_TOO_LARGE) {
                throw ImageError.tooLarge(path: path, origin: source.origin, width: width, height: height)
            }
            guard code == Int32(CJPEG_OK), decoded.rgba != nil else {
                cjpeg_decoded_free(&decoded)
                throw ImageError.unreadable(path: path, origin: source.origin, reason: "JPEG: " + message(status.message))
            }
            rgba = decoded.rgba
        } else {
            throw ImageError.unreadable(path: path, origin: source.origin, reason: "not a PNG or JPEG file")
        }
        defer { free(rgba) }
        let image = try surface(rgba!, width: width, height: height, source: source)
        return DecodedImage(surface: image, width: width, height: height, file: ImageFile(kind: kind, bytes: PinnedBytes(contents)))
    }

    /// Straight RGBA bytes as a premultiplied ARGB32 surface (rounded: c·a/255).
    private static func surface(_ rgba: UnsafeMutablePointer<UInt8>, width: Int, height: Int, source: ImageSource) throws(ImageError) -> OpaquePointer {
        guard width <= 32767, height <= 32767,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw ImageError.tooLarge(path: source.path, origin: source.origin, width: width, height: height)
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        data.withMemoryRebound(to: UInt8.self, capacity: stride * height) { bytes in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(bytes + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let p = rgba + (y * width + x) * 4
                    let a = UInt32(p[3])
                    func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    row[x] = a << 24 | pre(p[0]) << 16 | pre(p[1]) << 8 | pre(p[2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    private static func message<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
