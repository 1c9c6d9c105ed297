import CPNG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes rendered frames into PNG bytes in memory, for the export. With no row filter (the
/// fast default) it cuts the rows into bands by content, compresses each independently (at
/// level 1 with flipbook's own deflate) and reuses the compressed bytes of every band whose
/// rows appear in the previous frame, where they were or moved, or earlier in the same frame
/// (see `cpng_memory.h`); other
/// filters go through libpng. Either way the bytes depend only on the pixels and the options, never on
/// which frame came before. Not thread-safe: make one per worker thread.
final class PNGMemoryEncoder {
    let options: PNGOptions
    private let bands: OpaquePointer?
    private var rowBuffer: [UInt8] = []
    /// Bands encoded so far, and how many of them were reused rather than compressed.
    private(set) var bandCount = 0
    private(set) var bandsReused = 0

    /// Throws `PNGError.invalidCompressionLevel` for a level outside 0...9.
    init(options: PNGOptions) throws {
        try options.validate()
        self.options = options
        guard options.filter == .none else {
            bands = nil
            return
        }
        var status = cpng_status()
        guard let encoder = cpng_band_encoder_create(Int32(options.compressionLevel), &status) else {
            throw Self.error(status)
        }
        bands = encoder
    }

    deinit { cpng_band_encoder_free(bands) }

    /// The PNG file for `pixels`: RGB when they are opaque, straight-alpha RGBA otherwise.
    ///
    /// `changedRows` (pixel rows, sorted, not overlapping) says which rows may differ from the
    /// last image this encoder was given; every other row must be byte-identical to that image's
    /// (same size and opacity). nil means unknown: every row may have changed. The hint only
    /// saves work — rows outside it are not hashed again, and bands wholly outside it that sit
    /// where a band of that image sat are reused without comparing pixels — so the bytes are
    /// the same with or without it. Libpng's filtered path ignores it.
    func encode(_ pixels: PixelBuffer, changedRows: [Range<Int>]? = nil) throws -> [UInt8] {
        var source = cpng_image_source(pixels: pixels.baseAddress.assumingMemoryBound(to: UInt8.self),
                                       stride: pixels.bytesPerRow, width: UInt32(pixels.width),
                                       height: UInt32(pixels.height), format: CPNG_SOURCE_ARGB32_PREMULTIPLIED)
        let output = pixels.isOpaque ? CPNG_OUTPUT_RGB : CPNG_OUTPUT_RGBA
        guard let bands else { return try encodeWithLibpng(&source, output: output) }
        var status = cpng_status()
        var result = cpng_band_output()
        let code: Int32
        if let changedRows {
            let bounds = changedRows.flatMap { rows -> [UInt32] in
                precondition(rows.lowerBound >= 0 && rows.upperBound <= pixels.height, "changed rows \(rows) outside the image")
                return [UInt32(rows.lowerBound), UInt32(rows.upperBound)]
            }
            code = bounds.withUnsafeBufferPointer { ranges in
                // A non-nil pointer even for no ranges: "no row changed" is not "unknown".
                withUnsafePointer(to: UInt32(0)) { none in
                    cpng_band_encode_changed(bands, &source, output, ranges.baseAddress ?? none, UInt32(changedRows.count),
                                             &result, &status)
                }
            }
        } else {
            code = cpng_band_encode(bands, &source, output, &result, &status)
        }
        guard code == Int32(CPNG_OK), let bytes = result.bytes else { throw Self.error(status) }
        bandCount += Int(result.bands)
        bandsReused += Int(result.bands_reused)
        return Array(UnsafeBufferPointer(start: bytes, count: result.length))
    }

    /// The usual rows per band for an image `width` pixels wide (about 64 KiB of PNG rows, at
    /// least one); content cuts make bands of an eighth of that to twice that.
    static func bandRows(width: Int, opaque: Bool) -> Int {
        Int(cpng_band_rows(UInt32(width), opaque ? CPNG_OUTPUT_RGB : CPNG_OUTPUT_RGBA))
    }

    /// Caps the band encoder's IDAT chunks at `limit` bytes (PNG allows 2³¹ − 1): for tests of
    /// the splitting, which real frames reach only beyond 700 million pixels.
    func limitChunks(to limit: UInt32) {
        if let bands { cpng_band_encoder_set_chunk_limit(bands, limit) }
    }

    private func encodeWithLibpng(_ source: inout cpng_image_source, output: cpng_output_format) throws -> [UInt8] {
        let rowSize = cpng_row_buffer_size(source.width, output)
        if rowBuffer.count < rowSize { rowBuffer = [UInt8](repeating: 0, count: rowSize) }
        var settings = cpng_write_options(compression_level: Int32(options.compressionLevel),
                                          filters: options.filter.libpngBits, output: output)
        var status = cpng_status()
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = rowBuffer.withUnsafeMutableBufferPointer { row in
            cpng_write_memory(&source, &settings, row.baseAddress, row.count, &bytes, &length, &status)
        }
        guard code == Int32(CPNG_OK), let bytes else { throw Self.error(status) }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Failures here happen in memory, before any file is touched: the export names the file.
    private static func error(_ status: cpng_status) -> PNGError {
        let message = withUnsafeBytes(of: status.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status.code {
        case Int32(CPNG_ERROR_LIBPNG): return .libpng(path: "", message: message)
        case Int32(CPNG_ERROR_ZLIB): return .cannotWrite(path: "", reason: "zlib: \(message)")
        default: return .cannotWrite(path: "", reason: message)
        }
    }
}
