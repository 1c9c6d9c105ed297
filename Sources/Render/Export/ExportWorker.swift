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

    /// Takes jobs until the queue runs dry or the export fails.
    func run(_ queue: ExportQueue) {
        while let job = queue.next() {
            do {
                try output.process(job, times: &times)
                queue.finish()
            } catch {
                queue.finish(failedWith: error)
            }
        }
    }
}
