import Foundation
@testable import Render
import XCTest

/// A repeat taken while the frame it copies is still being encoded does not hold its worker:
/// the worker takes the next frame, and the repeat is written by the worker that encodes.
final class ExportWorkerTests: XCTestCase {
    /// Writes each job's bytes into `written` (through `RepeatedFrames.bytes`, as PNG frames
    /// are); encoding frame 0 waits until frame 2 is written.
    private final class GatedOutput: FrameOutput {
        let gate = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private(set) var written: [Int: [UInt8]] = [:]
        private(set) var order: [Int] = []

        func process(_ job: ExportJob, times: inout StageTimes) throws {
            let bytes = try RepeatedFrames.bytes(for: job) {
                if job.index == 0 && gate.wait(timeout: .now() + 10) == .timedOut {
                    throw PNGError.libpng(path: "", message: "frame 2 was never written: a worker waited")
                }
                return [UInt8(job.index), 7]
            }
            lock.lock(); defer { lock.unlock() }
            written[job.index] = bytes
            order.append(job.index)
            if job.index == 2 { gate.signal() }
        }
    }

    private func job(_ index: Int, _ encoding: FrameEncoding) -> ExportJob {
        ExportJob(index: index, frame: SampleFrames.animated(index), finalPath: "/out/\(index)", temporaryPath: "/out/.tmp",
                  encoding: encoding)
    }

    /// Two workers, jobs 0 (encoded slowly), 1 (a repeat of 0), 2 (its own frame), 3 (a repeat of
    /// 2). Before repeats were set aside, the second worker waited in 1 and frame 0 never ended.
    func testARepeatDoesNotHoldItsWorkerWhileItsFrameIsEncoded() throws {
        let output = GatedOutput()
        let queue = ExportQueue(capacity: 4)
        let first = EncodedFrameSlot(), second = EncodedFrameSlot()
        for job in [job(0, .encode(publishingTo: first)), job(1, .repeatOf(first)),
                    job(2, .encode(publishingTo: second)), job(3, .repeatOf(second))] {
            XCTAssertTrue(queue.push(job))
        }
        queue.close()
        let workers = [ExportWorker(output: output), ExportWorker(output: output)]
        let exited = DispatchSemaphore(value: 0)
        for worker in workers {
            Thread {
                worker.run(queue)
                exited.signal()
            }.start()
        }
        var seen = 0
        while true {
            let (finished, settled) = queue.waitForProgress(after: seen)
            seen = finished
            if settled { break }
        }
        for _ in workers { XCTAssertEqual(exited.wait(timeout: .now() + 20), .success) }
        let (finished, failure) = queue.state
        XCTAssertNil(failure)
        XCTAssertEqual(finished, 4, "the held repeat counts once it is written")
        XCTAssertEqual(output.written, [0: [0, 7], 1: [0, 7], 2: [2, 7], 3: [2, 7]])
        let position = { (index: Int) in output.order.firstIndex(of: index) ?? Int.max }
        XCTAssertLessThan(position(2), position(0), "frame 2 was written while frame 0 was encoded")
        XCTAssertLessThan(position(0), position(1), "1 after the frame it repeats")
    }

    /// A repeat set aside for a frame whose job failed before publishing fails too, and the
    /// queue still settles.
    func testARepeatHeldForAFailedFrameFinishesWithAFailure() {
        let slot = EncodedFrameSlot()
        let repeated = job(1, .repeatOf(slot))
        XCTAssertTrue(slot.hold(repeated))
        XCTAssertEqual(slot.takeHeld().map(\.index), [1])
        XCTAssertFalse(slot.hold(repeated), "once taken, the slot is settled: nothing more is held")
        XCTAssertThrowsError(try slot.bytes()) { XCTAssertTrue($0 is CancellationError) }

        let queue = ExportQueue(capacity: 1)
        XCTAssertTrue(queue.push(repeated))
        _ = queue.next()
        queue.hold()
        XCTAssertTrue(queue.push(job(2, .encode(publishingTo: EncodedFrameSlot()))), "a held job frees its place")
        _ = queue.next()
        queue.finish()
        XCTAssertFalse(queue.waitForProgress(after: 0).settled, "the held job is not finished")
        queue.finish(failedWith: CancellationError(), wasHeld: true)
        XCTAssertTrue(queue.waitForProgress(after: 1).settled)
    }
}
