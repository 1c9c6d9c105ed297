/// How one frame's pixels travel to ffmpeg as `-f rawvideo`: its size and pixel format.
///
/// - MP4: planar YUV 4:2:0 (BT.709, limited range), converted by the workers
///   (`YUV420Converter`) so that ffmpeg only encodes. H.264 4:2:0 needs even dimensions: an
///   odd width or height gets one more column or row repeating the last, so nothing is
///   resampled. A transparent canvas has been composited over the matte before.
/// - Other formats, opaque frames: as Cairo stores them, 4 bytes a pixel with the alpha byte
///   ignored (ffmpeg's `bgr0` on little-endian machines), sent without any conversion.
/// - Other formats, frames with alpha: `rgba` with straight alpha, unpremultiplied exactly as
///   the PNG encoder does.
struct RawFrameLayout: Hashable {
    enum Packing: Hashable { case cairo, rgba, yuv420p }

    /// Pixels as sent (MP4: rounded up to even).
    let width: Int
    let height: Int
    /// The rendered image's size in pixels.
    let sourceWidth: Int
    let sourceHeight: Int
    let packing: Packing

    /// The layout `format` uses for images of `width`×`height` pixels; `transparent` when the
    /// canvas is not opaque.
    init(format: OutputFormat, width: Int, height: Int, transparent: Bool) {
        sourceWidth = width
        sourceHeight = height
        if format == .mp4 {
            self.width = width + width % 2
            self.height = height + height % 2
            packing = .yuv420p
        } else {
            self.width = width
            self.height = height
            packing = transparent ? .rgba : .cairo
        }
    }

    /// Whether the frames carry alpha.
    var hasAlpha: Bool { packing == .rgba }

    /// ffmpeg's name for the pixel format.
    var pixelFormat: String {
        switch packing {
        case .rgba: return "rgba"
        case .yuv420p: return "yuv420p"
        case .cairo: return UInt32(1).littleEndian == 1 ? "bgr0" : "0rgb"
        }
    }

    /// Bytes of one frame as sent.
    var frameBytes: Int {
        packing == .yuv420p ? YUV420Converter.frameBytes(width: width, height: height) : width * height * 4
    }

    /// Calls `body` with `pixels` in this layout: the renderer's own memory when no
    /// conversion is needed, else `buffer` (grown as needed and reused across frames).
    func withPacked<R>(_ pixels: PixelBuffer, buffer: inout [UInt8], _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(pixels.width == sourceWidth && pixels.height == sourceHeight, "pixels do not match the layout")
        if packing == .cairo, pixels.bytesPerRow == width * 4 {
            return try body(UnsafeRawBufferPointer(start: pixels.baseAddress, count: frameBytes))
        }
        pack(pixels, into: &buffer)
        return try buffer.withUnsafeBytes(body)
    }

    /// `pixels` in this layout, always into `buffer` (resized to `frameBytes` when needed), so
    /// that the frame outlives the renderer's surface (`FFmpegSink.write(index:layout:frame:)`).
    func pack(_ pixels: PixelBuffer, into buffer: inout [UInt8]) {
        precondition(pixels.width == sourceWidth && pixels.height == sourceHeight, "pixels do not match the layout")
        if buffer.count != frameBytes { buffer = [UInt8](repeating: 0, count: frameBytes) }
        buffer.withUnsafeMutableBytes { packed in
            switch packing {
            case .yuv420p: YUV420Converter.convert(pixels, width: width, height: height, into: packed)
            case .rgba: unpremultiply(pixels, into: packed)
            case .cairo: copyRows(pixels, into: packed)
            }
        }
    }

    /// Rows copied as they are, without the surface's row padding.
    private func copyRows(_ pixels: PixelBuffer, into packed: UnsafeMutableRawBufferPointer) {
        guard let destination = packed.baseAddress else { return }
        for y in 0..<height {
            (destination + y * width * 4).copyMemory(from: pixels.baseAddress + y * pixels.bytesPerRow, byteCount: width * 4)
        }
    }

    /// Premultiplied native-endian ARGB32 to straight r, g, b, a bytes:
    /// c = round(c' · 255 / a), as `RGBA8.unpremultiplied` and CPNG compute it.
    private func unpremultiply(_ pixels: PixelBuffer, into packed: UnsafeMutableRawBufferPointer) {
        guard let destination = packed.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        for y in 0..<sourceHeight {
            let source = (pixels.baseAddress + y * pixels.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let row = destination + y * width * 4
            for x in 0..<sourceWidth {
                let value = source[x]
                let alpha = value >> 24
                var r = (value >> 16) & 0xFF, g = (value >> 8) & 0xFF, b = value & 0xFF
                if alpha == 0 {
                    r = 0; g = 0; b = 0
                } else if alpha != 255 {
                    r = min(255, (r * 255 + alpha / 2) / alpha)
                    g = min(255, (g * 255 + alpha / 2) / alpha)
                    b = min(255, (b * 255 + alpha / 2) / alpha)
                }
                let pixel = row + x * 4
                pixel[0] = UInt8(truncatingIfNeeded: r)
                pixel[1] = UInt8(truncatingIfNeeded: g)
                pixel[2] = UInt8(truncatingIfNeeded: b)
                pixel[3] = UInt8(truncatingIfNeeded: alpha)
            }
        }
    }
}
