import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One ffmpeg process that several export workers feed, strictly in frame order: each worker
/// draws and packs its frame in parallel with the others, then waits for its turn to write.
/// At most one frame per worker waits, so memory does not grow with the frame count.
///
/// A frame that repeats the one before it (`RepeatedFrames.Mode.stream`) is neither drawn nor
/// packed: the sink keeps the packed frame it sent last and sends it again. Its worker does not
/// wait for its turn either (`writeRepeat`): whoever sends the frame before it sends it too.
///
/// ffmpeg starts with the first frame (whose size and alpha fix the layout) and writes to
/// `temporaryPath` in the output's directory; `finish` renames that to `finalPath` only when
/// ffmpeg succeeds, `discard` removes it. Its arguments come from `arguments(layout)`.
final class FFmpegSink {
    let executable: String
    let finalPath: String
    let temporaryPath: String
    /// Whether `finish` renames the temporary file to `finalPath` (false for an intermediate
    /// file that the next pass reads and removes).
    let renamesWhenFinished: Bool
    private let arguments: (RawFrameLayout) -> [String]
    private let order: [Int]
    private let condition = NSCondition()
    /// Position in `order` of the frame to write next.
    private var next = 0
    private var failure: Error?
    private var process: FFmpegProcess?
    private var layout: RawFrameLayout?
    /// The packed frame sent last, for the repeats after it. Only the worker whose turn it is
    /// reads or replaces it.
    private var lastFrame: [UInt8] = []
    /// Frames registered by `writeRepeat` before their turn, not sent yet.
    private var pendingRepeats: Set<Int> = []

    /// A sink that writes the frames `order` (frame indices, in the order they are written).
    init(executable: String, finalPath: String, temporaryPath: String, renamesWhenFinished: Bool = true,
         order: [Int], arguments: @escaping (RawFrameLayout) -> [String]) {
        self.executable = executable
        self.finalPath = finalPath
        self.temporaryPath = temporaryPath
        self.renamesWhenFinished = renamesWhenFinished
        self.order = order
        self.arguments = arguments
    }

    /// Waits until every frame before `index` is written, then writes `bytes` (one frame in
    /// `layout`). Throws once the sink failed or was cancelled, or when ffmpeg fails: then
    /// with `VideoExportError.ffmpegFailed` carrying its exit status and last line.
    func write(index: Int, layout: RawFrameLayout, bytes: UnsafeRawBufferPointer) throws {
        let process = try waitForTurn(index: index, layout: layout)
        try send(bytes, to: process)
        try advance(process)
    }

    /// `write` for a frame that may be repeated: the sink keeps `frame` (one packed frame in
    /// `layout`) to send again for the frames that repeat it, and hands back in `frame` the
    /// buffer it kept before, for the caller to reuse. No bytes are copied.
    func write(index: Int, layout: RawFrameLayout, frame: inout [UInt8]) throws {
        let process = try waitForTurn(index: index, layout: layout)
        try frame.withUnsafeBytes { try send($0, to: process) }
        swap(&frame, &lastFrame)
        try advance(process)
    }

    /// Frame `index` draws like the frame before it in the sink's order, which was or will be
    /// sent with `write(index:layout:frame:)`: sends that frame's bytes again when it is
    /// `index`'s turn, else leaves it to the worker that sends the frame before. Never waits
    /// for a turn; throws like `write`.
    func writeRepeat(index: Int) throws {
        condition.lock()
        if let failure {
            condition.unlock()
            throw failure
        }
        precondition(next < order.count, "frame \(index) is not one of the sink's frames")
        guard order[next] == index, let process else {
            precondition(order[next] != index, "frame \(index) repeats nothing: it is the first frame")
            pendingRepeats.insert(index)
            condition.unlock()
            return
        }
        condition.unlock()
        try lastFrame.withUnsafeBytes { try send($0, to: process) }
        try advance(process)
    }

    /// Stops waiting workers and kills ffmpeg (its output is removed by `discard`). Call when
    /// the export fails, before joining the workers.
    func cancel() {
        fail(with: CancellationError())
        condition.lock()
        let process = self.process
        condition.unlock()
        process?.kill()
    }

    /// After a failure, once the workers are joined: stops ffmpeg and removes its output.
    func discard() {
        condition.lock()
        let process = self.process
        self.process = nil
        condition.unlock()
        process?.terminate()
        OutputFile.remove(temporaryPath)
    }

    /// After every frame is written: ends ffmpeg's input, waits for it and moves its file into
    /// place. On failure nothing is left under either name.
    func finish() throws {
        condition.lock()
        let process = self.process
        self.process = nil
        condition.unlock()
        guard let process else { return }
        precondition(next == order.count, "finished with frames unsent: \(order.count - next) (repeats: \(pendingRepeats.count))")
        let status = process.finish()
        guard status == 0 else {
            OutputFile.remove(temporaryPath)
            throw VideoExportError.ffmpegFailed(path: finalPath, status: status, lastLine: process.lastErrorLine)
        }
        // An ffmpeg that exits 0 without writing its file (a wrapper, a broken build) is a
        // failure of its own, not a rename error.
        var info = stat()
        guard stat(temporaryPath, &info) == 0, info.st_size > 0 else {
            OutputFile.remove(temporaryPath)
            throw VideoExportError.ffmpegWroteNothing(path: finalPath, lastLine: process.lastErrorLine)
        }
        guard renamesWhenFinished else { return }
        errno = 0
        guard rename(temporaryPath, finalPath) == 0 else {
            let reason = errorText(errno == 0 ? EIO : errno)
            OutputFile.remove(temporaryPath)
            throw VideoExportError.cannotRename(path: finalPath, reason: reason)
        }
    }

    /// Writes one frame to ffmpeg; when ffmpeg stopped reading, records and throws why.
    private func send(_ bytes: UnsafeRawBufferPointer, to process: FFmpegProcess) throws {
        do {
            try process.write(bytes)
        } catch {
            // ffmpeg stopped reading: give it a moment to exit (then kill it, so a stalled
            // ffmpeg cannot hang the render) and report what it said.
            let status = process.finish(within: 5)
            fail(with: status == 0
                 ? VideoExportError.ffmpegStoppedReading(path: finalPath, lastLine: process.lastErrorLine)
                 : VideoExportError.ffmpegFailed(path: finalPath, status: status, lastLine: process.lastErrorLine))
            throw failureError()
        }
    }

    /// The frame whose turn it was is sent: passes the turn on, and sends the frames after it
    /// that `writeRepeat` left pending (the turn is then still this caller's).
    private func advance(_ process: FFmpegProcess) throws {
        while true {
            condition.lock()
            next += 1
            let repeatIsNext = failure == nil && next < order.count && pendingRepeats.remove(order[next]) != nil
            condition.broadcast()
            condition.unlock()
            guard repeatIsNext else { return }
            try lastFrame.withUnsafeBytes { try send($0, to: process) }
        }
    }

    /// Blocks until frame `index` is the next to write; starts ffmpeg for the first frame and
    /// checks every later frame against its layout.
    private func waitForTurn(index: Int, layout: RawFrameLayout) throws -> FFmpegProcess {
        condition.lock(); defer { condition.unlock() }
        while failure == nil && next < order.count && order[next] != index { condition.wait() }
        if let failure { throw failure }
        precondition(next < order.count, "frame \(index) is not one of the sink's frames")
        if let established = self.layout {
            guard established == layout, let process else {
                let error = VideoExportError.frameSizeChanged(frame: index, width: layout.sourceWidth, height: layout.sourceHeight,
                                                              expectedWidth: established.sourceWidth,
                                                              expectedHeight: established.sourceHeight)
                failure = error
                condition.broadcast()
                throw error
            }
            return process
        }
        do {
            let process = try FFmpegProcess(executable: executable, arguments: arguments(layout))
            self.process = process
            self.layout = layout
            return process
        } catch {
            failure = error
            condition.broadcast()
            throw error
        }
    }

    private func fail(with error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    private func failureError() -> Error {
        condition.lock(); defer { condition.unlock() }
        return failure ?? CancellationError()
    }
}
