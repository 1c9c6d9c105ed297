import CPNG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes images as PNG with libpng, converting one row at a time into a row buffer it keeps
/// between images. Opaque images become 8-bit RGB, others 8-bit RGBA with straight alpha.
/// Not thread-safe: make one per worker thread.
public final class PNGEncoder {
    public let options: PNGOptions
    private var rowBuffer: [UInt8] = []

    /// Throws `PNGError.invalidCompressionLevel` for a level outside 0...9.
    public init(options: PNGOptions = .fast) throws {
        try options.validate()
        self.options = options
    }

    /// Writes `pixels` (a renderer's output) to a PNG file at `path`, replacing any file there.
    /// Not atomic: `ExportPipeline` writes to a temporary name and renames.
    public func write(_ pixels: PixelBuffer, to path: String) throws {
        let file = try OutputFile(creating: path)
        do { try encode(pixels, to: file) } catch { file.discard(); throw error }
        do { try file.close() } catch { OutputFile.remove(path); throw error }
    }

    /// Writes a decoded image (straight RGBA bytes) to a PNG file at `path`: RGBA if the image
    /// has alpha, RGB otherwise.
    public func write(_ image: PNGImage, to path: String) throws {
        let file = try OutputFile(creating: path)
        do {
            try image.rgba.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                let source = cpng_image_source(pixels: base, stride: image.width * 4, width: UInt32(image.width),
                                               height: UInt32(image.height), format: CPNG_SOURCE_RGBA8)
                try encode(source, output: image.hasAlpha ? CPNG_OUTPUT_RGBA : CPNG_OUTPUT_RGB, to: file)
            }
        } catch {
            file.discard()
            throw error
        }
        do { try file.close() } catch { OutputFile.remove(path); throw error }
    }

    /// Encodes `pixels` into an open file (the caller closes it).
    func encode(_ pixels: PixelBuffer, to file: OutputFile) throws {
        let source = cpng_image_source(pixels: pixels.baseAddress.assumingMemoryBound(to: UInt8.self),
                                       stride: pixels.bytesPerRow, width: UInt32(pixels.width),
                                       height: UInt32(pixels.height), format: CPNG_SOURCE_ARGB32_PREMULTIPLIED)
        try encode(source, output: pixels.isOpaque ? CPNG_OUTPUT_RGB : CPNG_OUTPUT_RGBA, to: file)
    }

    private func encode(_ source: cpng_image_source, output: cpng_output_format, to file: OutputFile) throws {
        let rowSize = cpng_row_buffer_size(source.width, output)
        if rowBuffer.count < rowSize { rowBuffer = [UInt8](repeating: 0, count: rowSize) }
        var source = source
        var settings = cpng_write_options(compression_level: Int32(options.compressionLevel),
                                          filters: options.filter.libpngBits, output: output)
        var status = cpng_status()
        let code = rowBuffer.withUnsafeMutableBufferPointer { row in
            cpng_write(file.handle, &source, &settings, row.baseAddress, row.count, &status)
        }
        guard code != Int32(CPNG_OK) else { return }
        let message = withUnsafeBytes(of: status.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch code {
        case Int32(CPNG_ERROR_IO): throw PNGError.cannotWrite(path: file.path, reason: errorText(status.os_errno))
        default: throw PNGError.libpng(path: file.path, message: message)
        }
    }
}
