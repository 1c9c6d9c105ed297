import Drawing

/// Finds, on the thread that simulates, the frames that draw exactly like the frame before
/// them, so that they are written from that frame's bytes without drawing or encoding: a file
/// of their own (PNG, SVG or PDF) from the bytes the earlier frame publishes (`Mode.files`),
/// or, in one ffmpeg stream, the earlier frame's packed pixels sent again (`Mode.stream`).
///
/// The decision depends only on the frames in index order — never on which worker is done
/// first — and reuse cannot change a byte: equal display lists draw equal pixels, which encode
/// to equal bytes (and equal documents: a vector document depends only on the display list).
/// "The frame before" is the previous frame this export encodes: after a frame that `--resume`
/// skipped (whose file is on disk, maybe edited since) the next frame is encoded again, and so
/// is the first frame of every range.
struct RepeatedFrames {
    /// How repeats get their bytes.
    enum Mode {
        /// Every frame is drawn and encoded (`--every-frame`, or an output that does not reuse).
        case off
        /// One file per frame, through an `EncodedFrameSlot` (`FrameEncoding.encode`, `.repeatOf`).
        case files
        /// One ffmpeg stream (`FrameEncoding.repeatsPrevious`): the frames of a stream are sent
        /// in order, so a repeat is always of the frame sent just before it.
        case stream
    }

    /// The last frame queued for encoding and where its bytes will be published (files only).
    private var last: (frame: Frame, slot: EncodedFrameSlot?)?
    private let mode: Mode

    init(mode: Mode) {
        self.mode = mode
    }

    /// Files reuse when `enabled`.
    init(enabled: Bool) {
        self.init(mode: enabled ? .files : .off)
    }

    /// The mode an export with `options` uses.
    static func mode(for options: ExportOptions) -> Mode {
        guard options.reusesRepeatedFrames else { return .off }
        return options.format.writesOneFilePerFrame ? .files : .stream
    }

    /// How the job for `frame`, the next frame to write in index order, gets its bytes; nil
    /// when it is drawn and encoded with nobody waiting for it.
    mutating func encoding(for frame: Frame) -> FrameEncoding? {
        if mode == .off { return nil }
        if let last, last.frame.drawsLike(frame) { return last.slot.map { .repeatOf($0) } ?? .repeatsPrevious }
        let slot = mode == .files ? EncodedFrameSlot() : nil
        last = (frame, slot)
        return slot.map { .encode(publishingTo: $0) }
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
        case .repeatsPrevious?:
            preconditionFailure("frame \(job.index) repeats the one before it in a stream: its sink sends it, not a file")
        }
    }

    private static func naming(_ job: ExportJob, _ encode: () throws -> [UInt8]) throws -> [UInt8] {
        do { return try encode() } catch let error as PNGError {
            throw ExportError.cannotWrite(frame: job.index, path: job.finalPath, reason: error.reason)
        }
    }
}
