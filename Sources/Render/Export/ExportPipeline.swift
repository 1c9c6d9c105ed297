import Drawing
import Foundation
import Scene

/// Exports frames as PNG, SVG or PDF files, or as one APNG, GIF, MP4 or WebM file fed to ffmpeg
/// (`ExportDestination`): the calling thread runs the frame source in order (simulation
/// is sequential), a fixed pool of worker threads draws and encodes, each with its own
/// renderer and buffers, and a bounded queue keeps at most 2 × threads frames in flight.
///
/// Each file is written as `.NAME.tmp-HOST-PID` (`Temporaries`) in the output directory and renamed to NAME when
/// complete, so an interrupted export leaves only complete frames. The bytes of every file
/// depend only on its frame and the options, never on the thread count.
///
/// The workers share `images`, decoded before the export starts, so drawing a frame cannot
/// fail: what can is the source, and making and writing files. An SVG export writes the image
/// files its frames refer to (`SharedImageFiles`) before the first frame.
public struct ExportPipeline {
    public var options: ExportOptions
    /// Every image the frames draw, decoded (`ImageLibrary(decoding: scene.imageSources)`).
    public var images: ImageLibrary

    public init(options: ExportOptions, images: ImageLibrary = .empty) {
        self.options = options
        self.images = images
    }

    /// Exports `frames` (frame indices, strictly increasing, each ≥ 0).
    ///
    /// - `source` is called exactly once for every index in `frames` that is exported, in order,
    ///   on the calling thread. For an index that `resume` skips, `skip` is called instead (so a
    ///   simulation can advance without building a frame it would drop); without `skip`,
    ///   `source` is called and its frame dropped.
    /// - `progress` is called on the calling thread with (frames done, total) whenever the count
    ///   changes; skipped frames count as done. The last call is (total, total) on success.
    ///
    /// On the first failure (the source throws, a frame's file cannot be made or written) no more
    /// frames are started, workers finish (a `SceneRuntimeError` from the source: every frame
    /// before it is written) or abandon what they hold, temporary files are
    /// removed, every thread is joined, and the error is thrown: the source's own error,
    /// a `RenderError`, or an `ExportError` naming the file and the OS's reason.
    ///
    /// A GIF takes two passes over the frames (`ExportDestination`): `source` is then called
    /// twice for every index, in order each time, and progress counts both passes.
    public func run(frames: [Int], source: (Int) throws -> Frame, skip: ((Int) throws -> Void)? = nil,
                    progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ExportStats {
        let started = MonotonicClock.nanoseconds()
        FrameBufferAllocation.prepared
        try validate(frames)
        let passes = try ExportDestination.passes(for: options, frames: frames)
        var stats = ExportStats()
        do {
            for (number, destination) in passes.enumerated() {
                let passProgress = progress.map { report in
                    { (done: Int, total: Int) in report(number * total + done, passes.count * total) }
                }
                let pass = try run(frames: frames, source: source, skip: skip, progress: passProgress, into: destination)
                try destination.finish(isLastPass: number == passes.count - 1)
                stats.framesWritten = pass.framesWritten
                stats.framesSkipped = pass.framesSkipped
                stats.framesRepeated = pass.framesRepeated
                stats.threads = pass.threads
                stats.simulateMilliseconds += pass.simulateMilliseconds
                stats.drawMilliseconds += pass.drawMilliseconds
                stats.encodeMilliseconds += pass.encodeMilliseconds
                stats.writeMilliseconds += pass.writeMilliseconds
            }
        } catch {
            passes.forEach { $0.discard() }
            throw error
        }
        stats.wallSeconds = MonotonicClock.milliseconds(since: started) / 1000
        return stats
    }

    /// One pass of `run`, into `destination`.
    private func run(frames: [Int], source: (Int) throws -> Frame, skip: ((Int) throws -> Void)?,
                     progress: ((_ done: Int, _ total: Int) -> Void)?, into destination: ExportDestination) throws -> ExportStats {
        let started = MonotonicClock.nanoseconds()
        let names = try FrameNamePattern(options.pattern)
        let shared = destination.sharedImages(images)
        let count = min(options.threads, max(frames.count, 1))
        // With several workers the first frame is drawn once, in parts side by side (`FirstFrameSeed`).
        let seed = count > 1 ? FirstFrameSeed(workers: count) : nil
        let workers = try (0..<count).map { _ in
            try ExportWorker(output: destination.makeOutput(images: images, shared: shared, seed: seed))
        }
        let directory = options.directory.isEmpty ? "." : options.directory
        try OutputDirectory.create(directory)
        try shared?.write(into: directory)

        let queue = ExportQueue(capacity: 2 * workers.count)
        let exited = start(workers, on: queue)
        var stats = ExportStats()
        stats.threads = workers.count
        var reported = -1
        let report = { (finished: Int, skipped: Int) in
            let done = skipped + finished
            if done != reported, let progress {
                reported = done
                progress(done, frames.count)
            }
        }

        let sourceError = feed(frames, from: source, skip: skip, names: names, directory: directory, into: queue,
                               stats: &stats, report: report)
        queue.close()
        var seen = queue.state.finished
        while true {
            let (finished, settled) = queue.waitForProgress(after: seen)
            seen = finished
            report(finished, stats.framesSkipped)
            if settled { break }
        }
        if sourceError != nil || queue.state.failure != nil { destination.cancel() }
        for _ in workers { exited.wait() }

        let (finished, failure) = queue.state
        if let error = sourceError ?? failure { throw error }
        stats.framesWritten = finished
        stats.drawMilliseconds = workers.reduce(0) { $0 + Double($1.drawNanoseconds) / 1e6 }
        stats.encodeMilliseconds = workers.reduce(0) { $0 + Double($1.encodeNanoseconds) / 1e6 }
        stats.writeMilliseconds = workers.reduce(0) { $0 + Double($1.writeNanoseconds) / 1e6 }
        stats.wallSeconds = MonotonicClock.milliseconds(since: started) / 1000
        return stats
    }

    /// Starts one thread per worker; the semaphore is signalled once as each thread ends.
    private func start(_ workers: [ExportWorker], on queue: ExportQueue) -> DispatchSemaphore {
        let exited = DispatchSemaphore(value: 0)
        for worker in workers {
            let thread = Thread {
                worker.run(queue)
                exited.signal()
            }
            thread.name = "flipbook.export"
            thread.start()
        }
        return exited
    }

    /// Runs the source for every frame in order and queues the frames to write; stops early
    /// when the export fails. Returns the source's error, if it threw.
    private func feed(_ frames: [Int], from source: (Int) throws -> Frame, skip: ((Int) throws -> Void)?, names: FrameNamePattern,
                      directory: String, into queue: ExportQueue, stats: inout ExportStats,
                      report: (_ finished: Int, _ skipped: Int) -> Void) -> Error? {
        var repeats = RepeatedFrames(mode: RepeatedFrames.mode(for: options))
        for index in frames {
            let name = names.fileName(for: index)
            let finalPath = OutputDirectory.path(directory, name)
            let skipped = options.resume && FrameCompleteness.problem(at: finalPath, format: options.format.rawValue) == nil
            if skipped { repeats.breakChain() }
            let frame: Frame
            let simulating = MonotonicClock.nanoseconds()
            do {
                if skipped, let skip {
                    try skip(index)
                    stats.simulateMilliseconds += MonotonicClock.milliseconds(since: simulating)
                    stats.framesSkipped += 1
                    report(queue.state.finished, stats.framesSkipped)
                    continue
                }
                frame = try source(index)
            } catch {
                // A scene that fails while running (a non-finite value) keeps every frame
                // before it: those already queued are finished. Anything else (an interrupt)
                // abandons them.
                if !(error is SceneRuntimeError) { queue.cancel(with: error) }
                return error
            }
            stats.simulateMilliseconds += MonotonicClock.milliseconds(since: simulating)
            if skipped {
                stats.framesSkipped += 1
            } else {
                let job = ExportJob(index: index, frame: frame, finalPath: finalPath,
                                    temporaryPath: OutputDirectory.path(directory, Temporaries.name(for: name)),
                                    encoding: repeats.encoding(for: frame))
                if job.encoding?.isRepeat == true { stats.framesRepeated += 1 }
                guard queue.push(job) else { return nil }
            }
            report(queue.state.finished, stats.framesSkipped)
        }
        return nil
    }

    private func validate(_ frames: [Int]) throws {
        guard options.threads >= 1 else { throw ExportError.invalidThreadCount(options.threads) }
        try options.png.validate()
        if let first = frames.first, first < 0 {
            throw ExportError.invalidFrames(reason: "frame \(first) is negative")
        }
        for (previous, next) in zip(frames, frames.dropFirst()) where next <= previous {
            throw ExportError.invalidFrames(reason: "frame \(next) follows \(previous); frames must be strictly increasing")
        }
    }
}
