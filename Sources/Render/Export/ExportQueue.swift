import Drawing
import Foundation

/// One frame on its way to disk.
struct ExportJob {
    /// The frame index the file is numbered by.
    let index: Int
    let frame: Frame
    /// The file's final name, written only by an atomic rename.
    let finalPath: String
    /// Where the PNG is written first, in the same directory.
    let temporaryPath: String
    /// Whether the file is encoded or repeats an earlier frame's bytes (`RepeatedFrames`);
    /// nil: encoded, shared with nobody.
    var encoding: FrameEncoding? = nil
}

/// The bounded hand-off between the thread that simulates and the workers: at most `capacity`
/// frames are queued or being worked on at once, so memory does not grow with the frame count.
/// The first failure stops everything: no more jobs are handed out or accepted.
final class ExportQueue {
    let capacity: Int
    private let condition = NSCondition()
    private var jobs: [ExportJob] = []
    /// Jobs pushed and not yet finished, failed or held.
    private var inFlight = 0
    /// Repeats a worker set aside for the worker encoding their frame (`EncodedFrameSlot.hold`):
    /// not finished, but no longer taking a place, since they hold no pixels.
    private var held = 0
    private var finished = 0
    private var closed = false
    private var failure: Error?

    init(capacity: Int) {
        precondition(capacity > 0, "queue capacity must be positive")
        self.capacity = capacity
    }

    /// Waits for a free slot, then queues `job`; false (job dropped) once the export failed.
    func push(_ job: ExportJob) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while inFlight >= capacity && failure == nil { condition.wait() }
        guard failure == nil else { return false }
        jobs.append(job)
        inFlight += 1
        condition.broadcast()
        return true
    }

    /// No more jobs will be pushed; workers exit when the queue is empty.
    func close() {
        condition.lock(); defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }

    /// Records `error` (if it is the first) and stops handing out jobs.
    func cancel(with error: Error) {
        condition.lock(); defer { condition.unlock() }
        if failure == nil { failure = error }
        condition.broadcast()
    }

    /// For workers: the next job, or nil when the queue is closed and empty or the export failed.
    func next() -> ExportJob? {
        condition.lock(); defer { condition.unlock() }
        while jobs.isEmpty && !closed && failure == nil { condition.wait() }
        guard failure == nil, !jobs.isEmpty else { return nil }
        return jobs.removeFirst()
    }

    /// For workers: a job taken from the queue was set aside (`EncodedFrameSlot.hold`) and
    /// frees its place; it is finished later with `finish(failedWith:wasHeld: true)`.
    func hold() {
        condition.lock(); defer { condition.unlock() }
        inFlight -= 1
        held += 1
        condition.broadcast()
    }

    /// For workers: a job is done, with `error` if it failed; `wasHeld` for a job set aside
    /// with `hold`.
    func finish(failedWith error: Error? = nil, wasHeld: Bool = false) {
        condition.lock(); defer { condition.unlock() }
        if wasHeld { held -= 1 } else { inFlight -= 1 }
        if let error {
            if failure == nil { failure = error }
        } else {
            finished += 1
        }
        condition.broadcast()
    }

    /// Frames finished so far and the first failure, if any.
    var state: (finished: Int, failure: Error?) {
        condition.lock(); defer { condition.unlock() }
        return (finished, failure)
    }

    /// Waits until the finished count differs from `seen`, nothing is in flight or held any
    /// more, or the export failed; returns the finished count and whether to stop waiting.
    func waitForProgress(after seen: Int) -> (finished: Int, settled: Bool) {
        condition.lock(); defer { condition.unlock() }
        while finished == seen && inFlight + held > 0 && failure == nil { condition.wait() }
        return (finished, inFlight + held == 0 || failure != nil)
    }
}
