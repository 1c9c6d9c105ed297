import CCairo

/// How the C allocator treats the large buffers every frame makes and frees (shadow masks,
/// offscreen groups, encoder bands, several megabytes at scale 3). glibc serves blocks above its
/// mmap threshold with a fresh mapping and unmaps them when freed, and gives the top of a heap
/// back past its trim threshold, so each frame touched new pages again: 10% of an export's CPU
/// time went to page faults in the drawing gallery's profile. With both thresholds raised the
/// freed blocks are reused; the process's memory still does not grow with the frame count (the
/// same few buffers come back every frame).
enum FrameBufferAllocation {
    /// Raises the thresholds once per process; no-op where the C library has no `mallopt`.
    static let prepared: Void = {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)   // glibc's largest (HEAP_MAX_SIZE / 2 on 64-bit)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
        #endif
    }()
}
