/// What an export did and where its time went. Stage times are summed over all threads, so
/// with several workers they can exceed the wall time.
public struct ExportStats: Hashable, Sendable {
    /// Frames rendered and written.
    public var framesWritten = 0
    /// Frames skipped because `resume` found their file already there.
    public var framesSkipped = 0
    /// Frames written (counted in `framesWritten`) from the bytes of the frame before them,
    /// because they draw exactly like it: neither drawn nor encoded.
    public var framesRepeated = 0
    /// Worker threads used.
    public var threads = 0
    /// Wall-clock seconds for the whole export.
    public var wallSeconds = 0.0
    /// Milliseconds in the frame source (simulation), on the calling thread.
    public var simulateMilliseconds = 0.0
    /// Milliseconds drawing with Cairo, summed over workers.
    public var drawMilliseconds = 0.0
    /// Milliseconds converting rows and compressing (PNG into memory, then written to the
    /// file), summed over workers.
    public var encodeMilliseconds = 0.0
    /// Milliseconds opening, closing and renaming files, summed over workers.
    public var writeMilliseconds = 0.0

    public init() {}

    /// Frames written per wall-clock second (0 when nothing was written).
    public var framesPerSecond: Double {
        wallSeconds > 0 ? Double(framesWritten) / wallSeconds : 0
    }
}
