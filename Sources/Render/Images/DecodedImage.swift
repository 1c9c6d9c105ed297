import CCairo

/// A decoded image as a Cairo surface (premultiplied ARGB32), shared read-only by every worker.
final class DecodedImage: @unchecked Sendable {
    let surface: OpaquePointer
    /// Pixels.
    let width: Int
    let height: Int

    init(surface: OpaquePointer, width: Int, height: Int) { self.surface = surface; self.width = width; self.height = height }

    deinit { cairo_surface_destroy(surface) }
}
