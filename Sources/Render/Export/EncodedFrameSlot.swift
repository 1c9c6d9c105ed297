import Foundation

/// How an export job gets its file's bytes.
enum FrameEncoding {
    /// Draw and encode the frame, then publish the bytes (or the failure) to `slot` for the
    /// repeats queued after it.
    case encode(publishingTo: EncodedFrameSlot)
    /// The frame draws exactly like the one that publishes to `slot`: write those bytes.
    case repeatOf(EncodedFrameSlot)
}

/// The encoded file of one frame, handed from the worker that encodes it to the workers that
/// write the frames repeating it. Filled exactly once; readers wait until then.
final class EncodedFrameSlot {
    private let condition = NSCondition()
    private var result: Result<[UInt8], Error>?

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
}
