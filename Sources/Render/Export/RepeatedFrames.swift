import Drawing

/// Finds, on the thread that simulates, the frames that draw exactly like the frame before
/// them, so that their file (PNG, SVG or PDF) is written from that frame's bytes without
/// drawing or encoding.
///
/// The decision depends only on the frames in index order — never on which worker is done
/// first — and reuse cannot change a byte: equal display lists draw equal pixels, which encode
/// to equal bytes (and equal documents: a vector document depends only on the display list). "The frame before" is the previous frame this export encodes: after a frame
/// that `--resume` skipped (whose file is on disk, maybe edited since) the next frame is
/// encoded again, and so is the first frame of every range.
struct RepeatedFrames {
    /// The last frame queued for encoding and where its bytes will be published.
    private var last: (frame: Frame, slot: EncodedFrameSlot)?
    /// Off for outputs that do not read `FrameEncoding` (one ffmpeg stream).
    private let enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// How the job for `frame`, the next frame to write in index order, gets its bytes; nil
    /// when reuse is off.
    mutating func encoding(for frame: Frame) -> FrameEncoding? {
        guard enabled else { return nil }
        if let last, last.frame.drawsLike(frame) { return .repeatOf(last.slot) }
        let slot = EncodedFrameSlot()
        last = (frame, slot)
        return .encode(publishingTo: slot)
    }

    /// A frame was skipped: the next one is compared with nothing.
    mutating func breakChain() {
        last = nil
    }

    /// For workers: the bytes of `job`'s file. A repeat waits for the frame it repeats; any
    /// other job runs `encode` (draw and encode) and publishes the result, failure included,
    /// to the repeats waiting for it. Errors about the image name the job's file
    /// (`ExportError.cannotWrite`).
    static func bytes(for job: ExportJob, encode: () throws -> [UInt8]) throws -> [UInt8] {
        switch job.encoding {
        case .repeatOf(let slot)?:
            return try slot.bytes()
        case .encode(let slot)?:
            let outcome = Result { try naming(job, encode) }
            slot.fill(outcome)
            return try outcome.get()
        case nil:
            return try naming(job, encode)
        }
    }

    private static func naming(_ job: ExportJob, _ encode: () throws -> [UInt8]) throws -> [UInt8] {
        do { return try encode() } catch let error as PNGError {
            throw ExportError.cannotWrite(frame: job.index, path: job.finalPath, reason: error.reason)
        }
    }
}
