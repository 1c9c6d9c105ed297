#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an export worker does with each frame it takes: draw it and deliver it (a file of its
/// own, or the next frame of an ffmpeg stream). One per worker thread.
protocol FrameOutput: AnyObject {
    /// Draws and delivers `job`'s frame, adding the time spent to `times`.
    func process(_ job: ExportJob, times: inout StageTimes) throws
}

/// Nanoseconds spent in each stage, and a stopwatch that charges the time since its last lap.
struct StageTimes {
    var draw: UInt64 = 0
    var encode: UInt64 = 0
    var write: UInt64 = 0
    private var start: UInt64 = 0

    /// Starts timing the next stage.
    mutating func startLap() { start = MonotonicClock.nanoseconds() }

    /// Charges the time since the last lap to `stage` and starts the next.
    mutating func lap(_ stage: WritableKeyPath<StageTimes, UInt64>) {
        let now = MonotonicClock.nanoseconds()
        self[keyPath: stage] &+= now &- start
        start = now
    }
}

/// Writing one frame's own file: into the temporary file, closed, then renamed to its final
/// name; on any failure the temporary file is removed and the error names the frame's file.
enum FrameFile {
    static func write(_ job: ExportJob, times: inout StageTimes, encode: (OutputFile) throws -> Void) throws {
        defer { times.lap(\.write) }
        let file: OutputFile
        do { file = try OutputFile(creating: job.temporaryPath) } catch { throw failure(job, error) }
        times.lap(\.write)
        do {
            try encode(file)
        } catch {
            file.discard()
            throw failure(job, error)
        }
        times.lap(\.encode)
        do { try file.close() } catch {
            OutputFile.remove(job.temporaryPath)
            throw failure(job, error)
        }
        errno = 0
        guard rename(job.temporaryPath, job.finalPath) == 0 else {
            let code = errno == 0 ? EIO : errno
            OutputFile.remove(job.temporaryPath)
            throw ExportError.cannotWrite(frame: job.index, path: job.finalPath, reason: errorText(code))
        }
    }

    private static func failure(_ job: ExportJob, _ error: Error) -> Error {
        guard let png = error as? PNGError else { return error }
        return ExportError.cannotWrite(frame: job.index, path: job.finalPath, reason: png.reason)
    }
}

/// PNG files: rasterise (only the rows that changed since the worker's last frame), then encode
/// into memory (`PNGMemoryEncoder`, which reuses the compressed bands the previous frame shares
/// and is told which rows the renderer drew); a frame that draws like the one before is
/// written from that frame's bytes, neither drawn nor encoded (`RepeatedFrames`).
final class PNGFrameOutput: FrameOutput {
    private let renderer: CairoRenderer
    private let encoder: PNGMemoryEncoder
    /// The export's first frame, shared by the workers (nil: this worker draws its own).
    private let seed: FirstFrameSeed?

    init(scale: Double, png: PNGOptions, images: ImageLibrary, fonts: FontFiles, seed: FirstFrameSeed? = nil) throws {
        renderer = try CairoRenderer(scale: scale, images: images, fonts: fonts)
        encoder = try PNGMemoryEncoder(options: png)
        self.seed = seed
    }

    func process(_ job: ExportJob, times: inout StageTimes) throws {
        times.startLap()
        let bytes = try RepeatedFrames.bytes(for: job) {
            try renderer.prepareCanvas(for: job.frame)
            var publishes = false
            if !renderer.holdsFrame, let seed {
                switch seed.turn(cut: { SharedFirstFrame.cutting(job.frame, into: seed.parts, for: renderer) }) {
                case .draw: publishes = true
                case .share(let shared): renderer.draw(shared)
                case .start(let snapshot): renderer.seed(from: snapshot)
                case .none: break
                }
            }
            renderer.render(job.frame)
            if publishes { seed?.publish(renderer.snapshot()) }
            times.lap(\.draw)
            defer { times.lap(\.encode) }
            // The encoder saw this surface's previous frame: rows the renderer left alone are its.
            return try renderer.withPixels { try encoder.encode($0, changedRows: renderer.lastDrawnRows.ranges) }
        }
        try FrameFile.write(job, times: &times) { try OutputFile.write(bytes, to: $0) }
    }
}

extension OutputFile {
    /// Writes `bytes` into the open file (the caller closes it).
    static func write(_ bytes: [UInt8], to file: OutputFile) throws {
        errno = 0
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file.handle) }
        guard written == bytes.count else {
            throw PNGError.cannotWrite(path: file.path, reason: errorText(errno == 0 ? EIO : errno))
        }
    }
}
