import Motion

/// Encodes PNG frames already on disk (a render's directory) into one animated file with the
/// recipes `ExportPipeline` uses (`FFmpegArguments`): `flipbook encode` and `scripts/gif`.
/// One frame is decoded at a time, so memory does not grow with the frame count; a GIF reads
/// the files twice (palette, then GIF).
public struct ImageSequenceEncoder {
    /// APNG, GIF, MP4 or WebM.
    public var format: OutputFormat
    public var options: VideoOptions

    public init(format: OutputFormat, options: VideoOptions) {
        precondition(!format.writesOneFilePerFrame, "\(format) is not an animated format")
        self.format = format
        self.options = options
    }

    /// Encodes the PNG files at `paths`, in order. `check` runs before each frame (it throws to
    /// stop, e.g. on Ctrl-C); `progress` gets (frames done, total) over all passes. On failure
    /// nothing is left under `options.path` and no temporary file remains.
    public func run(paths: [String], check: () throws -> Void = {}, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws {
        let export = ExportOptions(directory: FilePath.parent(of: options.path), format: format, video: options)
        let passes = try ExportDestination.passes(for: export, frames: Array(paths.indices))
        var buffer: [UInt8] = [], argb: [UInt32] = []
        do {
            for (number, pass) in passes.enumerated() {
                guard let sink = pass.sink else { preconditionFailure("an animated format's pass has a sink") }
                for (index, path) in paths.enumerated() {
                    try check()
                    let image = try PNGImage(contentsOfFile: path)
                    let layout = RawFrameLayout(format: format, width: image.width, height: image.height,
                                                transparent: image.hasAlpha)
                    if layout.hasAlpha {
                        try image.rgba.withUnsafeBytes { try sink.write(index: index, layout: layout, bytes: $0) }
                    } else {
                        fillOpaqueARGB32(&argb, from: image)
                        try argb.withUnsafeBytes { raw in
                            guard let base = raw.baseAddress else { return }
                            let pixels = PixelBuffer(baseAddress: base, width: image.width, height: image.height,
                                                     bytesPerRow: image.width * 4, isOpaque: true)
                            try layout.withPacked(pixels, buffer: &buffer) { try sink.write(index: index, layout: layout, bytes: $0) }
                        }
                    }
                    progress?(number * paths.count + index + 1, passes.count * paths.count)
                }
                try pass.finish(isLastPass: number == passes.count - 1)
            }
        } catch {
            passes.forEach { $0.cancel(); $0.discard() }
            throw error
        }
    }

    /// The image as Cairo's opaque ARGB32; a pixel with alpha is composited over the matte
    /// first: c = (c·a + m·(255 − a) + 127) / 255 (only MP4 gets here with alpha).
    private func fillOpaqueARGB32(_ argb: inout [UInt32], from image: PNGImage) {
        let count = image.width * image.height
        if argb.count != count { argb = [UInt32](repeating: 0, count: count) }
        func unit(_ v: Double) -> UInt32 { UInt32((min(max(v.isNaN ? 0 : v, 0), 1) * 255).rounded()) }
        let matte = (unit(options.matte.red), unit(options.matte.green), unit(options.matte.blue))
        image.rgba.withUnsafeBufferPointer { rgba in
            argb.withUnsafeMutableBufferPointer { out in
                for i in 0..<count {
                    var r = UInt32(rgba[4 * i]), g = UInt32(rgba[4 * i + 1]), b = UInt32(rgba[4 * i + 2])
                    let a = UInt32(rgba[4 * i + 3])
                    if a != 255 {
                        r = (r * a + matte.0 * (255 - a) + 127) / 255
                        g = (g * a + matte.1 * (255 - a) + 127) / 255
                        b = (b * a + matte.2 * (255 - a) + 127) / 255
                    }
                    out[i] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }
    }
}
