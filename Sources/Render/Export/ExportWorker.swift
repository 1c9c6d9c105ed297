/// One worker thread's tools and tallies: its `FrameOutput` (renderer and encoder, reused for
/// every frame it takes) and the time it spent in each stage.
final class ExportWorker {
    private let output: FrameOutput
    private var times = StageTimes()
    var drawNanoseconds: UInt64 { times.draw }
    var encodeNanoseconds: UInt64 { times.encode }
    var writeNanoseconds: UInt64 { times.write }

    init(output: FrameOutput) {
        self.output = output
    }

    /// Takes jobs until the queue runs dry or the export fails. A repeat whose frame is still
    /// being encoded elsewhere is left with that frame's slot instead of being waited for
    /// (`setAside`); the worker that encodes a frame then writes the repeats left with it.
    func run(_ queue: ExportQueue) {
        while let job = queue.next() {
            if setAside(job, on: queue) { continue }
            process(job, on: queue)
            if case .encode(let slot)? = job.encoding {
                for repeated in slot.takeHeld() { process(repeated, on: queue, wasHeld: true) }
            }
        }
    }

    /// Leaves a repeat with the slot of the frame it repeats while that frame's bytes are not
    /// published; true when it did (the job then no longer takes a place in the queue).
    private func setAside(_ job: ExportJob, on queue: ExportQueue) -> Bool {
        guard case .repeatOf(let slot)? = job.encoding, slot.hold(job) else { return false }
        // The encoding worker may finish the job before this line: the queue's count of
        // unfinished jobs is right either way, and its capacity is only briefly one short.
        queue.hold()
        return true
    }

    private func process(_ job: ExportJob, on queue: ExportQueue, wasHeld: Bool = false) {
        do {
            try output.process(job, times: &times)
            queue.finish(wasHeld: wasHeld)
        } catch {
            queue.finish(failedWith: error, wasHeld: wasHeld)
        }
    }
}
