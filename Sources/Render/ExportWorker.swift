#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One worker thread's tools and tallies: its own renderer and encoder (reused for every
/// frame it takes) and the time it spent in each stage.
final class ExportWorker {
    private let renderer: CairoRenderer
    private let encoder: PNGEncoder
    private(set) var drawNanoseconds: UInt64 = 0
    private(set) var encodeNanoseconds: UInt64 = 0
    private(set) var writeNanoseconds: UInt64 = 0

    init(scale: Double, png: PNGOptions, fonts: FontFiles) throws {
        renderer = try CairoRenderer(scale: scale, fonts: fonts)
        encoder = try PNGEncoder(options: png)
    }

    /// Takes jobs until the queue runs dry or the export fails.
    func run(_ queue: ExportQueue) {
        while let job = queue.next() {
            do {
                try process(job)
                queue.finish()
            } catch {
                queue.finish(failedWith: error)
            }
        }
    }

    /// Draws, encodes into the temporary file, closes it and renames it to its final name;
    /// on any failure the temporary file is removed.
    private func process(_ job: ExportJob) throws {
        var start = MonotonicClock.nanoseconds()
        func lap(_ total: inout UInt64) {
            let now = MonotonicClock.nanoseconds()
            total &+= now &- start
            start = now
        }
        try renderer.render(job.frame)
        lap(&drawNanoseconds)

        defer { lap(&writeNanoseconds) }
        let file: OutputFile
        do { file = try OutputFile(creating: job.temporaryPath) } catch { throw failure(job, error) }
        lap(&writeNanoseconds)
        do {
            try renderer.withPixels { try encoder.encode($0, to: file) }
        } catch {
            file.discard()
            throw failure(job, error)
        }
        lap(&encodeNanoseconds)
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

    private func failure(_ job: ExportJob, _ error: Error) -> Error {
        guard let png = error as? PNGError else { return error }
        return ExportError.cannotWrite(frame: job.index, path: job.finalPath, reason: png.reason)
    }
}
