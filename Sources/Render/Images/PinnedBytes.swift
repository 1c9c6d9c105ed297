import CCairo

/// Bytes in one allocation that never moves, so that Cairo can point at them as a surface's
/// MIME data (`cairo_surface_set_mime_data` keeps only the pointer, and the snapshots Cairo's
/// vector surfaces take share it). Immutable; shared read-only.
final class PinnedBytes: @unchecked Sendable {
    private let buffer: UnsafeMutableRawBufferPointer
    /// How many bytes there are.
    let count: Int

    init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        count = bytes.count
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: bytes)
    }

    deinit { buffer.deallocate() }

    /// The bytes as an array.
    var array: [UInt8] { Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) }

    /// Attaches the bytes to `surface` as MIME type `type` (a `CAIRO_MIME_TYPE_…` value); they
    /// stay alive for as long as Cairo holds them.
    func attach(as type: String, to surface: OpaquePointer) {
        let retained = Unmanaged.passRetained(self).toOpaque()
        let status = cairo_surface_set_mime_data(surface, type, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                 UInt(count), { Unmanaged<PinnedBytes>.fromOpaque($0!).release() }, retained)
        // On failure Cairo keeps nothing (and puts the surface in an error state, which the
        // runner's check after the frame reports).
        if status != CAIRO_STATUS_SUCCESS { Unmanaged<PinnedBytes>.fromOpaque(retained).release() }
    }
}
