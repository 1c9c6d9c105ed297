import Foundation

/// How an export job gets its file's bytes.
enum FrameEncoding {
    /// Draw and encode the frame, then publish the bytes (or the failure) to `slot` for the
    /// repeats queued after it.
    case encode(publishingTo: EncodedFrameSlot)
    /// The frame draws exactly like the one that publishes to `slot`: write those bytes.
    case repeatOf(EncodedFrameSlot)
    /// One ffmpeg stream: the frame draws exactly like the frame just before it in the stream,
    /// whose packed pixels the sink sends again (`FFmpegSink.writeRepeat`).
    case repeatsPrevious

    /// Whether the job's frame is neither drawn nor encoded.
    var isRepeat: Bool {
        switch self {
        case .encode: return false
        case .repeatOf, .repeatsPrevious: return true
        }
    }
}

/// The encoded file of one frame, handed from the worker that encodes it to the workers that
/// write the frames repeating it. Filled exactly once; readers wait until then.
///
/// A worker that takes a repeat before the bytes are there does not wait for them: it leaves
/// the job here (`hold`) and goes on to the next, and the worker that encodes the frame writes
/// the held repeats once it is done (`takeHeld`).
final class EncodedFrameSlot {
    private let condition = NSCondition()
    private var result: Result<[UInt8], Error>?
    /// Repeats left by their workers until the bytes are published.
    private var held: [ExportJob] = []

    /// Publishes the bytes or the failure; later calls are ignored.
    func fill(_ outcome: Result<[UInt8], Error>) {
        condition.lock(); defer { condition.unlock() }
        guard result == nil else { return }
        result = outcome
        condition.broadcast()
    }

    /// Waits until the slot is filled; returns the bytes or throws the encoder's error.
    ///
    /// Cannot wait forever: jobs leave the queue in order, so the job that fills this slot
    /// was taken by a worker before any job that waits for it, and a worker always finishes
    /// the job it took (filling the slot on success and on failure).
    func bytes() throws -> [UInt8] {
        condition.lock(); defer { condition.unlock() }
        while result == nil { condition.wait() }
        return try result!.get()
    }

    /// For a worker that took `job`, a repeat of this slot's frame: true when the bytes are
    /// not published yet, and the job is then kept for the encoding worker's `takeHeld`;
    /// false when they are, and the caller writes the job itself (without waiting).
    func hold(_ job: ExportJob) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard result == nil else { return false }
        held.append(job)
        return true
    }

    /// For the worker that took the encoding job, once it is done with it: the repeats held
    /// meanwhile, to write now. From then on the slot holds nothing more; if the job failed
    /// before publishing, the slot is filled with `CancellationError` so that no repeat waits.
    func takeHeld() -> [ExportJob] {
        condition.lock(); defer { condition.unlock() }
        if result == nil {
            result = .failure(CancellationError())
            condition.broadcast()
        }
        defer { held = [] }
        return held
    }
}
