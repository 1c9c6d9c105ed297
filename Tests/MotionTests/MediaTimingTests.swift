import XCTest
import Motion

/// `MediaTiming.simpleTime` against the closed forms of repeats, autoreverse, fractional
/// counts, speed, offset and the fill modes.
final class MediaTimingTests: XCTestCase {
    private let d = 0.5

    func testRepeatsPlayTheSimpleDurationAgainAndAgain() throws {
        let timing = MediaTiming(repeatCount: 3, fillMode: .removed)
        XCTAssertEqual(timing.activeDuration(duration: d), 1.5)
        for i in 0..<150 {
            let e = Double(i) / 100
            let u = try XCTUnwrap(timing.simpleTime(elapsed: e, duration: d), "e = \(e)")
            XCTAssertEqual(u, e - Double(Int(e / d)) * d, accuracy: 1e-12, "e = \(e)")
        }
        XCTAssertNil(timing.simpleTime(elapsed: 1.5, duration: d), "removed after the active time")
        XCTAssertNil(timing.simpleTime(elapsed: -0.1, duration: d), "removed before the begin")
    }

    func testAnAutoreversingCycleLastsTwiceTheDurationAndPlaysBack() throws {
        let timing = MediaTiming(repeatCount: 2, autoreverses: true, fillMode: .both)
        XCTAssertEqual(timing.cycle(duration: d), 1)
        XCTAssertEqual(timing.activeDuration(duration: d), 2)
        for i in 0..<200 {
            let e = Double(i) / 100, c = e - Double(Int(e))
            XCTAssertEqual(try XCTUnwrap(timing.simpleTime(elapsed: e, duration: d)), c <= d ? c : 1 - c, accuracy: 1e-12, "e = \(e)")
        }
        XCTAssertEqual(timing.simpleTime(elapsed: 5, duration: d), 0, "an autoreversing animation ends where it began")
    }

    func testAFractionalCountStopsPartWayThroughItsLastCycle() {
        let timing = MediaTiming(repeatCount: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration(duration: d), 1.25)
        XCTAssertEqual(timing.simpleTime(elapsed: 1.2, duration: d)!, 0.2, accuracy: 1e-12)
        XCTAssertEqual(timing.simpleTime(elapsed: 9, duration: d), 0.25, "held half-way through the third cycle")
        XCTAssertEqual(MediaTiming(repeatCount: 3, fillMode: .forwards).simpleTime(elapsed: 9, duration: d), d,
                       "a whole count holds the end of its last cycle")
    }

    func testRepeatDurationCyclesForThatLong() {
        let timing = MediaTiming(repeatDuration: 0.7, fillMode: .forwards)
        XCTAssertEqual(timing.sceneDuration(duration: d), 0.7)
        XCTAssertEqual(timing.simpleTime(elapsed: 0.6, duration: d)!, 0.1, accuracy: 1e-12)
        XCTAssertEqual(timing.simpleTime(elapsed: 0.8, duration: d)!, 0.2, accuracy: 1e-12)
    }

    func testAnInfiniteRepeatNeverEndsAndCostsTheSameAtAnyTime() throws {
        let timing = MediaTiming(repeatCount: .infinity, fillMode: .removed)
        XCTAssertEqual(timing.sceneDuration(duration: d), .infinity)
        // One remainder, however many cycles have gone by.
        XCTAssertEqual(try XCTUnwrap(timing.simpleTime(elapsed: 1_000_000.125, duration: d)), 0.125, accuracy: 1e-9)
    }

    func testSpeedScalesAndTimeOffsetStartsPartWayThenWrapsAround() throws {
        let fast = MediaTiming(speed: 2, fillMode: .removed)
        XCTAssertEqual(fast.sceneDuration(duration: d), 0.25)
        XCTAssertEqual(try XCTUnwrap(fast.simpleTime(elapsed: 0.1, duration: d)), 0.2, accuracy: 1e-12)
        let offset = MediaTiming(timeOffset: 0.2, fillMode: .both)
        XCTAssertEqual(try XCTUnwrap(offset.simpleTime(elapsed: 0, duration: d)), 0.2, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(offset.simpleTime(elapsed: 0.4, duration: d)), 0.1, accuracy: 1e-12, "wrapped to the start")
        XCTAssertEqual(try XCTUnwrap(offset.simpleTime(elapsed: -1, duration: d)), 0.2, accuracy: 1e-12, "backwards fill shows the first value shown")
        XCTAssertEqual(try XCTUnwrap(offset.simpleTime(elapsed: 1, duration: d)), 0.2, accuracy: 1e-12, "forwards fill shows the last value shown")
    }
}
