/// Encodes the pixels a `CairoRenderer` holds as PNG bytes in memory, the way `render`
/// encodes its frames (RGB for opaque pixels, straight-alpha RGBA otherwise), for servers
/// that answer with one frame at a time (the studio). Not thread-safe: one per thread.
public final class RenderedFrameEncoder {
    private let encoder: PNGMemoryEncoder

    /// Throws `PNGError.invalidCompressionLevel` for options outside zlib's levels.
    public init(options: PNGOptions = .fast) throws { encoder = try PNGMemoryEncoder(options: options) }

    /// The PNG file of what `renderer` drew last. Throws `PNGError` when zlib fails.
    public func encode(_ renderer: CairoRenderer) throws -> [UInt8] {
        try renderer.withPixels { try encoder.encode($0) }
    }
}
